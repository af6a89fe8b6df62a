import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

// Issue 13 §2: the home, explore and category feeds, their orders and boost (ADR 0022), what members
// never see in them, offset paging and the unseen count.

let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let dave: SignedIn;
let erin: SignedIn;
let demoId: number;
let bobId: number;
let daveId: number;
let api: ReturnType<typeof contentClient>;
let other: ReturnType<typeof contentClient>;
let stranger: SignedIn;
/** The followed category A, the unfollowed B and the followed D (disabled later). */
let catA: number;
let catB: number;
let catD: number;
/** Contents by name. */
const ids: Record<string, number> = {};
const HOUR = 3600;

interface Unit {
  type: 'post' | 'discussion' | 'status';
  post?: { id: number };
  seen: boolean;
  seen_by_id: number[];
}
interface FeedPage {
  count: number;
  next: string | null;
  previous: string | null;
  results: Unit[];
}

const idOf = (u: Unit) => ((u as unknown as Record<string, { id: number }>)[u.type] as { id: number }).id;
const nameOf = (id: number) => Object.keys(ids).find((k) => ids[k] === id) ?? `#${id}`;

async function feed(path: string, who?: SignedIn): Promise<FeedPage> {
  const res = await api.get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as FeedPage;
}
/** The names of a feed's contents, in order, among `only` when given. */
async function names(path: string, who: SignedIn | undefined, only?: string[]): Promise<string[]> {
  const all = (await feed(path, who)).results.map((u) => nameOf(idOf(u)));
  return only ? all.filter((n) => only.includes(n)) : all;
}

async function post(name: string, who: SignedIn, category?: number): Promise<void> {
  const res = await api.post('/post/', { text: name, ...(category ? { categories: [category] } : {}) }, who);
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = (res.json() as { id: number }).id;
  t.clock.advance(60);
}
async function prefs(values: Record<string, unknown>): Promise<void> {
  await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', values);
}
async function category(name: string): Promise<number> {
  return (await consoleCall(t, admin, 'POST', '/categories/add/', { name })).data.id as number;
}

beforeAll(async () => {
  t = await buildTestApp();
  let otherId: number;
  ({ demoId, otherId, admin, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  bobId = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  await createMember(t.db, demoId, 'carol', 'carol-password-1');
  daveId = await createMember(t.db, demoId, 'dave', 'dave-password-1');
  await createMember(t.db, demoId, 'erin', 'erin-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  carol = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
  dave = await memberSignIn(t.app, t.db, 'demo', 'dave', 'dave-password-1');
  erin = await memberSignIn(t.app, t.db, 'demo', 'erin', 'erin-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  other = contentClient(t, 'other');
  await setFlag(t, admin, demoId, 'stream_settings', true);
  await prefs({ follow_enabled: true, home_stream_connection_boost: 'disabled' });
  catA = await category('Alpha');
  catB = await category('Beta');
  catD = await category('Delta');
  for (const id of [catA, catD]) {
    expect((await api.post(`/category/${id}/follow/`, undefined, alice)).statusCode).toBe(204);
  }
  expect((await api.post(`/user/${bobId}/follow/`, undefined, alice)).statusCode).toBe(204);

  await post('a1', carol, catA);
  await post('b1', carol, catB);
  await post('bobB', bob, catB);
  await post('mine', alice);
  await post('d1', carol, catD);
  await post('dave', dave, catA);
  await post('hidden', carol, catA);
  await post('deleted', carol, catA);
  await post('bobHidden', bob, catB);
});
afterAll(() => t.close());

describe('home and explore feeds: what they hold', () => {
  it('holds the followed categories, the followed people and the own contents; never hidden, deleted, disabled or by deleted authors', async () => {
    await prefs({ home_stream_order_by: 'recent', explore_stream_order_by: 'recent' });
    expect(await names('/feed/', alice)).toEqual([
      'bobHidden',
      'deleted',
      'hidden',
      'dave',
      'd1',
      'mine',
      'bobB',
      'a1',
    ]);

    // A moderator hides one in a followed category and one of a followed person's outside them, the
    // author deletes another, staff disable a category, a member leaves (one of whose contents was
    // hidden too: the count takes it away once).
    for (const name of ['hidden', 'dave', 'bobHidden']) {
      expect((await api.post(`/post/${ids[name]}/flag/`, { flag_type: 0 }, bob)).statusCode).toBe(204);
      const hide = await api.patch(
        `/moderation/contribution/${ids[name]}/`,
        { contribution_type: 'post', action: 'hide', moderation_type: 0 },
        moderator,
      );
      expect(hide.statusCode, hide.body).toBe(204);
    }
    await t.db
      .updateTable('contributions')
      .set({ status: 'deleted' })
      .where('id', '=', ids.deleted!)
      .execute();
    await consoleCall(t, admin, 'POST', `/categories/${catD}/update/`, { active: false });
    await t.db.updateTable('community_users').set({ status: 'deleted' }).where('id', '=', daveId).execute();

    const home = await feed('/feed/', alice);
    expect(home.results.map((u) => nameOf(idOf(u)))).toEqual(['mine', 'bobB', 'a1']);
    expect(home).toMatchObject({ count: 3, next: null, previous: null });
    expect(home.results[0]).toMatchObject({
      type: 'post',
      post: { id: ids.mine },
      seen: false,
      has_boost: false,
    });
    // Explore: everything visible, the unfollowed category too.
    expect(await names('/feed/explore/', alice)).toEqual(['mine', 'bobB', 'b1', 'a1']);
    expect(await names('/feed/explore/', undefined)).toEqual(['mine', 'bobB', 'b1', 'a1']);
  });

  it('leaves out followed people while the community has following switched off', async () => {
    await prefs({ follow_enabled: false });
    expect(await names('/feed/', alice)).toEqual(['mine', 'a1']);
    await prefs({ follow_enabled: true });
    expect(await names('/feed/', alice)).toEqual(['mine', 'bobB', 'a1']);
  });

  it('asks for a member at home, refuses explore when it is switched off, and stays in its community', async () => {
    expect((await api.get('/feed/')).statusCode).toBe(401);
    expect((await api.get('/feed/unseen/count/')).statusCode).toBe(401);
    expect((await other.get('/feed/', stranger)).json()).toMatchObject({ count: 0, results: [] });
    expect((await other.get('/feed/explore/', stranger)).json()).toMatchObject({ count: 0 });
    expect((await api.get('/feed/?ordering=oldest', alice)).statusCode).toBe(400);
    expect((await api.get('/feed/?limit=0', alice)).statusCode).toBe(400);
    await prefs({ explore_stream_enabled: false });
    const off = await api.get('/feed/explore/', alice);
    expect(off.statusCode).toBe(403);
    expect(off.json().errors[0]).toMatchObject({ code: 'feature_disabled' });
    await prefs({ explore_stream_enabled: true });
  });
});

describe('feed orders (ADR 0022)', () => {
  it('recent, last_activity and relevance each give their own order, from the preference or ordering', async () => {
    // a1 gets three votes, then bobB one comment (the latest activity); mine has none.
    for (const who of [bob, carol, erin]) {
      expect((await api.post(`/post/${ids.a1}/vote/`, undefined, who)).statusCode).toBe(204);
    }
    t.clock.advance(60);
    const comment = await api.post('/comment/', { post: ids.bobB, text: 'Nice' }, carol);
    expect(comment.statusCode, comment.body).toBe(201);

    await prefs({ home_stream_order_by: 'recent' });
    expect(await names('/feed/', alice)).toEqual(['mine', 'bobB', 'a1']);
    await prefs({ home_stream_order_by: 'last_activity' });
    expect(await names('/feed/', alice)).toEqual(['bobB', 'a1', 'mine']);
    await prefs({ home_stream_order_by: 'relevance' });
    expect(await names('/feed/', alice)).toEqual(['a1', 'bobB', 'mine']);
    // SelfCommunity's ordering overrides the setting for one call.
    expect(await names('/feed/?ordering=recent', alice)).toEqual(['mine', 'bobB', 'a1']);
    // Explore has its own setting.
    await prefs({ explore_stream_order_by: 'last_activity' });
    expect(await names('/feed/explore/', alice)).toEqual(['bobB', 'a1', 'mine', 'b1']);
  });

  it('takes back a withdrawn vote: relevance and last activity follow what exists', async () => {
    for (const who of [bob, carol, erin]) {
      expect((await api.post(`/post/${ids.a1}/vote/`, undefined, who)).statusCode).toBe(204);
    }
    expect(await names('/feed/', alice)).toEqual(['bobB', 'mine', 'a1']);
    for (const who of [bob, carol, erin]) {
      expect((await api.post(`/post/${ids.a1}/vote/`, undefined, who)).statusCode).toBe(204);
    }
    expect(await names('/feed/', alice)).toEqual(['a1', 'bobB', 'mine']);
  });

  it('ranks followed people higher by the connection boost of each level', async () => {
    // bob (followed by alice) posts, then carol 10, 20 and 40 hours later.
    for (const [name, who, hours] of [
      ['old', bob, 40],
      ['p10', carol, 30],
      ['p20', carol, 20],
      ['p40', carol, 0],
    ] as const) {
      await post(name, who);
      await t.db
        .updateTable('contributions')
        .set({ created_at: new Date(t.clock.now().getTime() - hours * HOUR * 1000) })
        .where('id', '=', ids[name]!)
        .execute();
    }
    const only = ['old', 'p10', 'p20', 'p40'];
    await prefs({ explore_stream_order_by: 'recent' });
    const expected: Record<string, string[]> = {
      disabled: ['p40', 'p20', 'p10', 'old'],
      low: ['p40', 'p20', 'old', 'p10'],
      medium: ['p40', 'old', 'p20', 'p10'],
      high: ['old', 'p40', 'p20', 'p10'],
    };
    for (const [boost, order] of Object.entries(expected)) {
      await prefs({ explore_stream_connection_boost: boost });
      expect(await names('/feed/explore/', alice, only), boost).toEqual(order);
      // Nobody is followed by carol: her explore feed is never boosted.
      expect(await names('/feed/explore/', carol, only), boost).toEqual(expected.disabled);
    }
    // The home feed reads its own boost: bob's bobB, a minute older than mine, leads with it.
    await prefs({ home_stream_order_by: 'recent', home_stream_connection_boost: 'disabled' });
    expect(await names('/feed/', alice, ['bobB', 'mine'])).toEqual(['mine', 'bobB']);
    await prefs({ home_stream_connection_boost: 'high' });
    expect(await names('/feed/', alice, ['bobB', 'mine'])).toEqual(['bobB', 'mine']);
  });

  it('uses the defaults (recent, medium boost at home) while stream_settings is off', async () => {
    await prefs({ home_stream_order_by: 'relevance', home_stream_connection_boost: 'disabled' });
    expect((await names('/feed/', alice))[0]).toBe('a1');
    await setFlag(t, admin, demoId, 'stream_settings', false);
    // recent, with the contents of bob (followed) 25 hours ahead: bobB leads; old (40 hours old) less so.
    expect(await names('/feed/', alice)).toEqual(['bobB', 'mine', 'a1', 'old']);
    await setFlag(t, admin, demoId, 'stream_settings', true);
  });

  it("orders a category's feed by the category's own setting", async () => {
    const url = `/category/${catA}/feed/`;
    await post('a2', carol, catA);
    expect(await names(url, alice)).toEqual(['a2', 'a1']);
    await consoleCall(t, admin, 'POST', `/categories/${catA}/update/`, { stream_order_by: 'relevance' });
    expect(await names(url, alice)).toEqual(['a1', 'a2']);
    // Moderators still see what members do not, as before.
    expect(await names(url, moderator)).toContain('hidden');
  });
});

describe('paging', () => {
  it('reaches every content exactly once, page after page, in every order and boost', async () => {
    await prefs({ explore_stream_connection_boost: 'high', home_stream_connection_boost: 'medium' });
    for (const order of ['recent', 'last_activity', 'relevance']) {
      for (const path of ['/feed/', '/feed/explore/']) {
        const whole = await feed(`${path}?ordering=${order}&limit=100`, alice);
        const seen: number[] = [];
        let url: string | null = `${path}?ordering=${order}&limit=3&offset=0`;
        let previous: string | null = null;
        while (url) {
          const page: FeedPage = await feed(url.replace(/^.*\/api\/v2/, ''), alice);
          expect(page.count).toBe(whole.count);
          expect(page.previous === null).toBe(previous === null);
          seen.push(...page.results.map(idOf));
          previous = url;
          url = page.next;
        }
        expect(seen, `${path} ${order}`).toEqual(whole.results.map(idOf));
        expect(new Set(seen).size).toBe(whole.count);
      }
    }
  });
});

describe('unseen count and read marks', () => {
  it('counts home contents by others until the member marks them read', async () => {
    const before = (await api.get('/feed/unseen/count/', alice)).json() as { total: number };
    const home = await feed('/feed/?limit=100', alice);
    const others = home.results.filter((u) => idOf(u) !== ids.mine).map(idOf);
    expect(before.total).toBe(others.length);
    const read = await api.post('/feed/read/', { object: [others[0], ids.mine] }, alice);
    expect(read.statusCode, read.body).toBe(204);
    expect((await api.get('/feed/unseen/count/', alice)).json()).toEqual({ total: before.total - 1 });
    const unit = (await feed('/feed/?limit=100', alice)).results.find((u) => idOf(u) === others[0]);
    expect(unit).toMatchObject({ seen: true, seen_by_id: [expect.any(Number)] });
    // Again: nothing changes; bob has not read it.
    await api.post('/feed/read/', { object: [others[0]] }, alice);
    expect((await api.get('/feed/unseen/count/', alice)).json()).toEqual({ total: before.total - 1 });
    expect((await feed('/feed/?limit=100', bob)).results.every((u) => !u.seen)).toBe(true);
    // Another community's member marks nothing here; bad bodies are 400.
    expect((await other.post('/feed/read/', { object: [others[1]] }, stranger)).statusCode).toBe(204);
    expect((await api.get('/feed/unseen/count/', alice)).json()).toEqual({ total: before.total - 1 });
    for (const body of [{}, { object: [] }, { object: ['x'] }, { object: 1 }]) {
      expect((await api.post('/feed/read/', body, alice)).statusCode).toBe(400);
    }
  });
});
