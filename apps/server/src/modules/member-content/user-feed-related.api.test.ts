import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

// Issue 18 §3: calls SelfCommunity's member templates make beside a content and on a profile —
// `user/{id}/feed/` (UserFeed, UserProfile), `{type}/{id}/contributors/` and `{type}/{id}/related/`
// (FeedObjectDetail) — in the shapes of @selfcommunity/types (SCFeedUnitType, SCUserType,
// SCFeedObjectType pages).

let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let stranger: SignedIn;
let aliceId: number;
let bobId: number;
let api: ReturnType<typeof contentClient>;
let garden: number;
let kitchen: number;
const ids: Record<string, number> = {};

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
type Unit = { type: 'post' | 'discussion' | 'status' } & Record<string, { id: number; html: string }>;

async function publish(name: string, who: SignedIn, category?: number, type = 'post'): Promise<void> {
  const res = await api.post(
    `/${type}/`,
    {
      html: `<p>${name}</p>`,
      ...(type === 'discussion' ? { title: name } : {}),
      ...(category ? { categories: [category] } : {}),
    },
    who,
  );
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = (res.json() as { id: number }).id;
  t.clock.advance(60);
}
async function page<T>(path: string, who?: SignedIn): Promise<Page<T>> {
  const res = await api.get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<T>;
}
const unitId = (u: Unit) => (u[u.type] as { id: number }).id;
const nameOf = (id: number) => Object.keys(ids).find((k) => ids[k] === id);

beforeAll(async () => {
  t = await buildTestApp();
  let demoId: number;
  let otherId: number;
  ({ demoId, otherId, admin, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  bobId = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  await createMember(t.db, demoId, 'carol', 'carol-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  carol = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  garden = (await consoleCall(t, admin, 'POST', '/categories/add/', { name: 'Garden' })).data.id as number;
  kitchen = (await consoleCall(t, admin, 'POST', '/categories/add/', { name: 'Kitchen' })).data.id as number;
  await publish('tomatoes', alice, garden);
  await publish('basil', bob, garden);
  await publish('soup', alice, kitchen, 'discussion');
  await publish('alone', alice);
  await publish('weeds', carol, garden);
});
afterAll(() => t.close());

describe('user/{id}/feed/', () => {
  it("holds the member's own contributions as feed units, newest first, paged", async () => {
    const feed = await page<Unit>(`/user/${aliceId}/feed/?limit=2`, bob);
    expect(feed.count).toBe(3);
    expect(feed.results.map((u) => nameOf(unitId(u)))).toEqual(['alone', 'soup']);
    expect(feed.results[1]).toMatchObject({ type: 'discussion', discussion: { title: 'soup' }, seen: false });
    expect(feed.next).toContain('offset=2');
    const rest = await page<Unit>(`/user/${aliceId}/feed/?limit=2&offset=2`, bob);
    expect(rest.results.map((u) => nameOf(unitId(u)))).toEqual(['tomatoes']);
  });

  it('leaves out what a moderator hid, except for moderators; 404 for unknown or other communities', async () => {
    expect((await api.post(`/post/${ids.alone}/flag/`, { flag_type: 0 }, bob)).statusCode).toBe(204);
    const hide = await api.patch(
      `/moderation/contribution/${ids.alone}/`,
      { contribution_type: 'post', action: 'hide', moderation_type: 0 },
      moderator,
    );
    expect(hide.statusCode, hide.body).toBe(204);
    expect((await page<Unit>(`/user/${aliceId}/feed/`, bob)).results.map((u) => nameOf(unitId(u)))).toEqual([
      'soup',
      'tomatoes',
    ]);
    expect((await page<Unit>(`/user/${aliceId}/feed/`, moderator)).count).toBe(3);

    expect((await api.get('/user/999999/feed/', bob)).statusCode).toBe(404);
    const elsewhere = await contentClient(t, 'other').get(`/user/${aliceId}/feed/`, stranger);
    expect(elsewhere.statusCode).toBe(404);
    expect((await api.get(`/user/${aliceId}/feed/?limit=0`, bob)).statusCode).toBe(400);
  });
});

describe('{type}/{id}/contributors/', () => {
  it('lists who commented, the latest commenter first, once each', async () => {
    for (const [who, text] of [
      [bob, 'Nice'],
      [carol, 'Lovely'],
      [bob, 'Again'],
    ] as const) {
      const res = await api.post('/comment/', { post: ids.tomatoes, html: `<p>${text}</p>` }, who);
      expect(res.statusCode, res.body).toBe(201);
      t.clock.advance(60);
    }
    const people = await page<{ id: number; username: string }>(`/post/${ids.tomatoes}/contributors/`, alice);
    expect(people.count).toBe(2);
    expect(people.results.map((u) => u.username)).toEqual(['bob', 'carol']);
    expect(people.results[0]).toMatchObject({ id: bobId, avatar: null });
    expect((await page(`/discussion/${ids.soup}/contributors/`, alice)).count).toBe(0);
  });

  it('404 for a content of another type, another community or one hidden from the caller', async () => {
    expect((await api.get(`/discussion/${ids.tomatoes}/contributors/`, alice)).statusCode).toBe(404);
    const elsewhere = await contentClient(t, 'other').get(`/post/${ids.tomatoes}/contributors/`, stranger);
    expect(elsewhere.statusCode).toBe(404);
    expect((await api.get(`/post/${ids.alone}/contributors/`, bob)).statusCode).toBe(404);
  });
});

describe('{type}/{id}/related/', () => {
  it("holds the other visible contents of the content's category, as feed objects", async () => {
    const related = await page<{ id: number; type: string; author: { id: number } }>(
      `/post/${ids.tomatoes}/related/`,
      alice,
    );
    expect(related.count).toBe(2);
    expect(related.results.map((o) => nameOf(o.id)).sort()).toEqual(['basil', 'weeds']);
    expect(related.results[0]).toMatchObject({ type: 'post' });
    expect((await page(`/post/${ids.tomatoes}/related/?limit=1`, alice)).results).toHaveLength(1);
  });

  it('is empty without a category and 404 for contents the caller may not see', async () => {
    expect(await page(`/post/${ids.alone}/related/`, moderator)).toMatchObject({ count: 0, results: [] });
    expect((await api.get(`/post/${ids.alone}/related/`, bob)).statusCode).toBe(404);
    expect((await api.get(`/post/${ids.soup}/related/`, bob)).statusCode).toBe(404);
    const elsewhere = await contentClient(t, 'other').get(`/post/${ids.basil}/related/`, stranger);
    expect(elsewhere.statusCode).toBe(404);
  });
});
