import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityFixture, createMember, memberSignIn } from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from '../member-content/member-content.test-support.ts';

// Issue 18 §3: the category calls of SelfCommunity's Category and CategoryFeed templates and profile
// widgets — `category/{id}/feed/trending/`, `category/{id}/followers/trending/`,
// `suggestion/category/` and `user/{id}/categories/` — in the shapes of @selfcommunity/types.

let t: TestApp;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let stranger: SignedIn;
let aliceId: number;
let bobId: number;
let carolId: number;
let api: ReturnType<typeof contentClient>;
let garden: number;
let kitchen: number;
let closed: number;
const ids: Record<string, number> = {};

interface Page<T> {
  count: number;
  next: string | null;
  previous: string | null;
  results: T[];
}
type Unit = { type: 'post' } & Record<string, { id: number }>;

async function page<T>(path: string, who?: SignedIn): Promise<Page<T>> {
  const res = await api.get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as Page<T>;
}
async function publish(name: string, who: SignedIn, category: number): Promise<void> {
  const res = await api.post('/post/', { html: `<p>${name}</p>`, categories: [category] }, who);
  expect(res.statusCode, res.body).toBe(201);
  ids[name] = (res.json() as { id: number }).id;
  t.clock.advance(60);
}
const follow = async (category: number, who: SignedIn) =>
  expect((await api.post(`/category/${category}/follow/`, undefined, who)).statusCode).toBe(204);
const add = async (name: string) =>
  (await consoleCall(t, admin, 'POST', '/categories/add/', { name })).data.id as number;

beforeAll(async () => {
  t = await buildTestApp();
  let demoId: number;
  let otherId: number;
  ({ demoId, otherId, admin } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  bobId = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  carolId = await createMember(t.db, demoId, 'carol', 'carol-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  carol = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  garden = await add('Garden');
  kitchen = await add('Kitchen');
  closed = await add('Closed');
  // Followers of Garden, in this order: carol, bob, alice (alice newest).
  await follow(garden, carol);
  t.clock.advance(60);
  await follow(garden, bob);
  t.clock.advance(60);
  await follow(garden, alice);
  await follow(kitchen, bob);
  await follow(closed, alice);
  await publish('old', alice, garden);
  await publish('liked', carol, garden);
  await publish('b1', bob, garden);
  await publish('b2', bob, garden);
  await consoleCall(t, admin, 'POST', `/categories/${closed}/update/`, { active: false });
});
afterAll(() => t.close());

describe('category/{id}/feed/trending/', () => {
  it('orders the category feed by relevance: a voted and commented content first', async () => {
    expect((await api.post(`/post/${ids.liked}/vote/`, undefined, alice)).statusCode).toBeLessThan(300);
    expect((await api.post(`/post/${ids.liked}/vote/`, undefined, bob)).statusCode).toBeLessThan(300);
    const comment = await api.post('/comment/', { post: ids.liked, html: '<p>Yes</p>' }, bob);
    expect(comment.statusCode, comment.body).toBe(201);
    const feed = await page<Unit>(`/category/${garden}/feed/trending/?limit=2`, alice);
    expect(feed.count).toBe(4);
    expect(feed.results[0]).toMatchObject({ type: 'post', post: { id: ids.liked } });
    expect(feed.results).toHaveLength(2);
    expect(feed.next).toContain('offset=2');
  });

  it('404 for a disabled category, an unknown one or another community', async () => {
    expect((await api.get(`/category/${closed}/feed/trending/`, alice)).statusCode).toBe(404);
    expect((await api.get('/category/999999/feed/trending/', alice)).statusCode).toBe(404);
    const elsewhere = await contentClient(t, 'other').get(`/category/${garden}/feed/trending/`, stranger);
    expect(elsewhere.statusCode).toBe(404);
  });
});

describe('category/{id}/followers/trending/', () => {
  it('puts the followers who published most in it lately first, then the newest followers', async () => {
    const people = await page<{ id: number; username: string }>(
      `/category/${garden}/followers/trending/`,
      alice,
    );
    expect(people.count).toBe(3);
    expect(people.results.map((u) => u.username)).toEqual(['bob', 'carol', 'alice']);
    const second = await page<{ username: string }>(
      `/category/${garden}/followers/trending/?limit=1&offset=1`,
      alice,
    );
    expect(second.results.map((u) => u.username)).toEqual(['carol']);
    const last = await page<{ username: string }>(
      `/category/${garden}/followers/trending/?limit=2&offset=2`,
      alice,
    );
    expect(last.results.map((u) => u.username)).toEqual(['alice']);
  });

  it('forgets publications older than 30 days', async () => {
    // Everything published so far dates from 31 days ago; alice publishes again now.
    const longAgo = new Date(t.clock.now().getTime() - 31 * 86_400_000);
    await t.db.updateTable('contributions').set({ created_at: longAgo }).where('stack_id', '>', 0).execute();
    await publish('new', alice, garden);
    const people = await page<{ username: string }>(`/category/${garden}/followers/trending/`, bob);
    // alice published lately; bob and carol no longer count as active: newest followers first.
    expect(people.results.map((u) => u.username)).toEqual(['alice', 'bob', 'carol']);
    expect((await api.get(`/category/${closed}/followers/trending/`, bob)).statusCode).toBe(404);
  });
});

describe('suggestion/category/', () => {
  it('suggests the enabled categories the caller does not follow, most followed first', async () => {
    const mine = await page<{ id: number; name: string; followed: boolean }>('/suggestion/category/', carol);
    expect(mine.results.map((c) => c.name)).toEqual(['Kitchen']);
    expect(mine.results[0]).toMatchObject({ id: kitchen, followed: false, followers_counter: 1 });
    expect((await page('/suggestion/category/', bob)).count).toBe(0);
    const anyone = await page<{ name: string }>('/suggestion/category/');
    expect(anyone.results.map((c) => c.name)).toEqual(['Garden', 'Kitchen']);
  });
});

describe('user/{id}/categories/', () => {
  it('lists the enabled categories a member follows, as a plain array; mutual keeps the shared ones', async () => {
    const res = await api.get(`/user/${bobId}/categories/`, alice);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as { name: string }[]).map((c) => c.name)).toEqual(['Garden', 'Kitchen']);
    const shared = await api.get(`/user/${bobId}/categories/?mutual=${aliceId}`, alice);
    expect((shared.json() as { id: number }[]).map((c) => c.id)).toEqual([garden]);
    // A disabled category is left out.
    const hers = await api.get(`/user/${aliceId}/categories/`, bob);
    expect((hers.json() as { id: number }[]).map((c) => c.id)).toEqual([garden]);
    expect((await api.get(`/user/${carolId}/categories/?mutual=0`, bob)).statusCode).toBe(400);
    expect((await api.get('/user/999999/categories/', bob)).statusCode).toBe(404);
    const elsewhere = await contentClient(t, 'other').get(`/user/${bobId}/categories/`, stranger);
    expect(elsewhere.statusCode).toBe(404);
  });
});
