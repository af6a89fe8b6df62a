import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  makeDataManager,
  createAccount,
  createStack,
  errorsOf,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import {
  category,
  comment,
  connect,
  contribution,
  follow,
  login,
  member,
  share,
  userTag,
  view,
  vote,
} from '../../test-support/analytics-fixture.ts';

const BASE = '/c/tab/platform/api/v1/analytics';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;
let publisher: SignedIn;
let tabId: number;
let ann: number;
let ben: number;
let cat: number;
let staffUser: number;
let p1: number;
let p2: number;
let news: number;
let sport: number;
let vip: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  const db = t.db;
  tabId = await createStack(db, 'tab', 'Tables');
  const accountId = async (username: string) =>
    (await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id;
  staffUser = await addStaff(db, tabId, await accountId('admin'), 'admin', 'admin');
  await addStaff(db, tabId, await accountId('ed'), 'ed', 'editor');
  await addStaff(db, tabId, await createAccount(db, 'mod', 'moderator-pass-1'), 'mod', 'moderator');
  await addStaff(db, tabId, await createAccount(db, 'pub', 'publisher-pass-1'), 'pub', 'publisher');
  // The admin is the community's GDPR data manager: the one who sees e-mails.
  await makeDataManager(db, 'tab', 'admin');
  moderator = await signIn(t.app, 'mod', 'moderator-pass-1');
  publisher = await signIn(t.app, 'pub', 'publisher-pass-1');

  ann = await member(db, tabId, 'ann', '2026-01-01T00:00:00Z', {
    real_name: 'Ann Smith',
    last_login: '2026-11-11T08:00:00Z',
    score: 30,
  });
  ben = await member(db, tabId, 'ben', '2026-02-01T00:00:00Z', { real_name: 'Ben Jones', score: 10 });
  cat = await member(db, tabId, 'cat', '2026-03-01T00:00:00Z', { real_name: 'Cat 100%' });
  news = await category(db, tabId, 'News');
  sport = await category(db, tabId, 'Sport');
  // November: ann posts twice, ben comments three times; October: ben posts once.
  p1 = await contribution(db, tabId, ann, '2026-11-01T10:00:00Z', { title: 'Hello', category_id: news });
  p2 = await contribution(db, tabId, ann, '2026-11-02T10:00:00Z', {
    title: 'World',
    category_id: news,
    type: 'discussion',
  });
  await contribution(db, tabId, ben, '2026-10-05T10:00:00Z', { title: 'Old one', category_id: sport });
  await comment(db, tabId, ben, p1, '2026-11-03T10:00:00Z');
  await comment(db, tabId, ben, p1, '2026-11-04T10:00:00Z');
  await comment(db, tabId, ben, p2, '2026-11-05T10:00:00Z');
  await vote(db, tabId, ben, p1, ann, '2026-11-03T11:00:00Z');
  await vote(db, tabId, cat, p1, ann, '2026-11-03T12:00:00Z');
  await vote(db, tabId, cat, p2, ann, '2026-11-03T12:00:00Z');
  await share(db, tabId, cat, p2, ann, '2026-11-06T12:00:00Z');
  await view(db, tabId, ben, p1, '2026-11-03T09:00:00Z');
  await view(db, tabId, ben, p1, '2026-11-03T09:05:00Z');
  await view(db, tabId, ben, p2, '2026-11-03T09:10:00Z');
  await login(db, tabId, ann, '2026-11-10T08:00:00Z');
  await login(db, tabId, ann, '2026-11-10T18:00:00Z');
  await login(db, tabId, ann, '2026-11-11T08:00:00Z');
  await connect(db, tabId, ann, ben, '2026-11-01T00:00:00Z');
  await connect(db, tabId, ann, cat, '2026-11-02T00:00:00Z');
  await follow(db, tabId, ben, ann, '2026-11-01T00:00:00Z');
  await follow(db, tabId, cat, ann, '2026-11-02T00:00:00Z');
  await follow(db, tabId, ann, cat, '2026-11-03T00:00:00Z');
  await db
    .insertInto('interests')
    .values({
      stack_id: tabId,
      user_id: ann,
      category_id: sport,
      created_at: new Date('2026-11-01T00:00:00Z'),
    })
    .execute();
  vip = await userTag(db, tabId, 'VIP');
  await db.insertInto('user_tags').values({ stack_id: tabId, user_id: ann, tag_id: vip }).execute();
});
afterAll(() => t.close());

const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.bearer });

describe('users table', () => {
  it('lists members with their counts within from/to, emails for admins', async () => {
    const res = await get(`${BASE}/tables/users/?from=2026-11-01&to=2026-11-30`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ count: 3, next: null, previous: null });
    expect(data.results.map((r: { username: string }) => r.username)).toEqual(['ann', 'ben', 'cat']);
    const [a, b, c] = data.results;
    expect(a).toMatchObject({
      id: ann,
      name: 'Ann Smith',
      email: 'ann@members.test',
      registered_at: '2026-01-01T00:00:00.000Z',
      last_login: '2026-11-11T08:00:00.000Z',
      status: 'active',
      score: 30,
      days_missing: 19,
      visits: 3,
      unique_accesses: 2,
      contributions: 2,
      posts: 1,
      discussions: 1,
      comments: 0,
      connections: 2,
      followers: 2,
      followings: 1,
      appreciations_given: 0,
      appreciations_received: 3,
      shares: 0,
      contents_viewed: 0,
      tags: [{ id: vip, name: 'VIP', color: '#DCDBDC' }],
      interests: [{ id: sport, name: 'Sport' }],
    });
    expect(b).toMatchObject({
      contributions: 0,
      comments: 3,
      appreciations_given: 1,
      contents_viewed: 2,
      followings: 1,
      connections: 1,
      last_login: null,
      days_missing: null,
    });
    expect(c).toMatchObject({ appreciations_given: 2, shares: 1, followers: 1, followings: 1 });
    // The whole history: ben's October post counts.
    const all = (await get(`${BASE}/tables/users/?search=ben`)).json().data;
    expect(all.count).toBe(1);
    expect(all.results[0]).toMatchObject({ username: 'ben', contributions: 1, comments: 3 });
    // Staff are not members.
    expect(data.results.some((r: { id: number }) => r.id === staffUser)).toBe(false);
  });

  it('orders by a column or a count, pages with next/previous, searches literally', async () => {
    const byComments = (await get(`${BASE}/tables/users/?ordering=-comments&limit=1`)).json().data;
    expect(byComments.results[0].username).toBe('ben');
    expect(byComments.next).toBe(
      'http://agora.test/c/tab/platform/api/v1/analytics/tables/users/?ordering=-comments&limit=1&offset=1',
    );
    expect(byComments.previous).toBeNull();
    const second = (await get(`${BASE}/tables/users/?ordering=-comments&limit=1&offset=1`)).json().data;
    expect(second.previous).toContain('offset=0');
    expect(second.results).toHaveLength(1);
    expect(
      (await get(`${BASE}/tables/users/?ordering=-score`))
        .json()
        .data.results.map((r: { username: string }) => r.username),
    ).toEqual(['ann', 'ben', 'cat']);
    expect(
      (await get(`${BASE}/tables/users/?search=100%25`))
        .json()
        .data.results.map((r: { username: string }) => r.username),
    ).toEqual(['cat']);
    expect((await get(`${BASE}/tables/users/?search=_`)).json().data.count).toBe(0);
  });

  it('hides emails from editors, and refuses bad parameters', async () => {
    for (const who of [editor]) {
      const rows = (await get(`${BASE}/tables/users/`, who)).json().data.results;
      expect(rows.every((r: { email: string | null }) => r.email === null)).toBe(true);
      expect((await get(`${BASE}/tables/users/?search=members.test`, who)).json().data.count).toBe(0);
    }
    expect((await get(`${BASE}/tables/users/?search=ann@members`)).json().data.count).toBe(1);
    expect((await get(`${BASE}/tables/users/?limit=101`)).statusCode).toBe(400);
    const ordering = await get(`${BASE}/tables/users/?ordering=password_hash`);
    expect(ordering.statusCode).toBe(400);
    expect(errorsOf(ordering.body)[0]?.field).toBe('ordering');
    expect((await get(`${BASE}/tables/users/?from=2026-13-01`)).statusCode).toBe(400);
    expect((await get(`${BASE}/tables/users/?ordering=-id;DROP TABLE x`)).statusCode).toBe(400);
  });
});

describe('categories and contributions tables', () => {
  it('count per category within the range', async () => {
    const data = (await get(`${BASE}/tables/categories/?from=2026-11-01&to=2026-11-30`)).json().data;
    expect(data.count).toBe(2);
    expect(data.results[0]).toMatchObject({
      name: 'News',
      contributions: 2,
      contributors: 1,
      comments: 3,
      appreciations: 3,
      shares: 1,
      views: 3,
      followers: 0,
    });
    expect(data.results[1]).toMatchObject({ name: 'Sport', contributions: 0, followers: 1 });
    const ordered = (await get(`${BASE}/tables/categories/?ordering=-followers`)).json().data.results;
    expect(ordered[0].name).toBe('Sport');
  });

  it('lists contributions created within the range with their counts', async () => {
    const data = (await get(`${BASE}/tables/contributions/?from=2026-11-01`)).json().data;
    expect(data.count).toBe(2);
    expect(data.results.map((r: { id: number }) => r.id)).toEqual([p2, p1]);
    expect(data.results[1]).toMatchObject({
      id: p1,
      type: 'post',
      title: 'Hello',
      author: { id: ann, username: 'ann' },
      category: { id: news, name: 'News' },
      comments: 2,
      appreciations: 2,
      shares: 0,
      views: 2,
      votes_count: 0,
    });
    const byComments = (await get(`${BASE}/tables/contributions/?ordering=-comments`)).json().data;
    expect(byComments.count).toBe(3);
    expect(byComments.results[0].id).toBe(p1);
    expect((await get(`${BASE}/tables/contributions/?search=old`)).json().data.results[0].title).toBe(
      'Old one',
    );
  });
});

describe('user insight', () => {
  it('summarises a member', async () => {
    const res = await get(`${BASE}/user_insight/${ann}/`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.profile).toMatchObject({
      id: ann,
      username: 'ann',
      email: 'ann@members.test',
      score: 30,
      counts: {
        contributions: 2,
        comments: 0,
        appreciations_received: 3,
        connections: 2,
        followers: 2,
        followings: 1,
        visits: 3,
      },
    });
    expect(data.most_appreciated.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([
      [p1, 2],
      [p2, 1],
    ]);
    expect(data.most_commented.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([
      [p1, 2],
      [p2, 1],
    ]);
    expect(data.most_shared.map((c: { id: number; count: number }) => [c.id, c.count])).toEqual([[p2, 1]]);
    expect(data.connections).toEqual({
      count: 2,
      results: [
        { id: cat, username: 'cat', name: 'Cat 100%' },
        { id: ben, username: 'ben', name: 'Ben Jones' },
      ],
    });
    expect(data.followers.count).toBe(2);
    expect(data.followings).toEqual({ count: 1, results: [{ id: cat, username: 'cat', name: 'Cat 100%' }] });
    expect(data.categories).toEqual({
      contributed: [{ id: news, name: 'News', count: 2 }],
      interests: [{ id: sport, name: 'Sport' }],
    });
    expect((await get(`${BASE}/user_insight/${ann}/`, editor)).json().data.profile.email).toBeNull();
  });
  it('answers 404 for a user of another community', async () => {
    const elsewhere = await member(
      t.db,
      (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'other').executeTakeFirstOrThrow()).id,
      'far',
      '2026-01-01T00:00:00Z',
    );
    expect((await get(`${BASE}/user_insight/${elsewhere}/`)).statusCode).toBe(404);
    expect((await get(`${BASE}/user_insight/99999999/`)).statusCode).toBe(404);
  });
});

describe('tag assignment', () => {
  const assign = (body: Record<string, unknown>, who: SignedIn = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/tables/users/assign_tags/`,
      headers: { ...who.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });

  it("lists the community's active user tags to choose from", async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/tables/user_tags/`,
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(200);
    const names = (res.json().data as { name: string; color: string }[]).map((tag) => tag.name);
    expect(names).toContain('VIP');
    expect(res.json().data[0].color).toMatch(/^#/);
  });

  it('gives the users the tags, keeping existing assignments', async () => {
    const gold = await userTag(t.db, tabId, 'Gold');
    const res = await assign({ user_ids: [ann, ben], tag_ids: [vip, gold] });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { assigned: 3 } });
    const rows = await t.db
      .selectFrom('user_tags')
      .select(['user_id', 'tag_id'])
      .where('stack_id', '=', tabId)
      .orderBy('user_id')
      .orderBy('tag_id')
      .execute();
    expect(rows).toEqual([
      { user_id: ann, tag_id: vip },
      { user_id: ann, tag_id: gold },
      { user_id: ben, tag_id: vip },
      { user_id: ben, tag_id: gold },
    ]);
    expect((await assign({ user_ids: `${cat}`, tag_ids: `${gold}` }, editor)).json()).toEqual({
      data: { assigned: 1 },
    });
  });

  it('refuses unknown ids, non-user tags and other communities with the tag_assignment error', async () => {
    const topic = await userTag(t.db, tabId, 'Topic', 'category');
    const otherId = (
      await t.db.selectFrom('stacks').select('id').where('slug', '=', 'other').executeTakeFirstOrThrow()
    ).id;
    const foreign = await userTag(t.db, otherId, 'Foreign');
    for (const body of [
      { user_ids: [ann], tag_ids: [topic] },
      { user_ids: [ann], tag_ids: [foreign] },
      { user_ids: [999999], tag_ids: [vip] },
      { user_ids: [], tag_ids: [vip] },
      { user_ids: ['x'], tag_ids: [vip] },
      { user_ids: [ann] },
    ]) {
      const res = await assign(body);
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({
        code: 'tag_assignment',
        message: 'Sorry! An error occurred in the tag assignment. Try later!',
      });
    }
    expect((await assign({ user_ids: [ann], tag_ids: [vip] }, moderator)).statusCode).toBe(403);
  });
});

describe('access', () => {
  const urls = () => [
    `${BASE}/tables/users/`,
    `${BASE}/tables/categories/`,
    `${BASE}/tables/contributions/`,
    `${BASE}/user_insight/${ann}/`,
  ];
  // Analytics is a content and marketing function (spec mgmt §6): admins and editors.
  it('admins and editors read; moderator and publisher 403; another community 404; flags off 403', async () => {
    for (const url of urls()) {
      for (const who of [admin, editor]) expect((await get(url, who)).statusCode).toBe(200);
      expect((await get(url, moderator)).statusCode).toBe(403);
      expect((await get(url, publisher)).statusCode).toBe(403);
      expect((await get(url, owner)).statusCode).toBe(404);
    }
    await setFlag(t, admin, tabId, 'data_provisioning_users', false);
    expect(errorsOf((await get(`${BASE}/tables/users/`)).body)[0]?.code).toBe('feature_disabled');
    expect((await get(`${BASE}/user_insight/${ann}/`)).statusCode).toBe(403);
    expect((await get(`${BASE}/tables/categories/`)).statusCode).toBe(200);
    await setFlag(t, admin, tabId, 'data_provisioning_contents', false);
    expect((await get(`${BASE}/tables/contributions/`)).statusCode).toBe(403);
    await setFlag(t, admin, tabId, 'data_provisioning_users', true);
    await setFlag(t, admin, tabId, 'data_provisioning_contents', true);
  });
});
