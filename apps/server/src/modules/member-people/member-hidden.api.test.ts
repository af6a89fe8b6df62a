import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityFixture, createMember, memberSignIn } from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from '../member-content/member-content.test-support.ts';

// Issue 18 §3: every template of SelfCommunity's react-core starts by asking `user/hidden_users_id/`
// (it answered 400: the id route took "hidden_users_id" for an id). Members hide members
// (`user/{id}/hide/`), which takes their contents out of the member's feeds; `suggestion/user/`
// feeds the people widget.

let t: TestApp;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let carol: SignedIn;
let stranger: SignedIn;
let aliceId: number;
let bobId: number;
let carolId: number;
let daveId: number;
let api: ReturnType<typeof contentClient>;

interface Page<T> {
  count: number;
  results: T[];
}
type Unit = { type: 'post' } & Record<string, { id: number; author: { id: number } }>;

async function json<T>(path: string, who?: SignedIn): Promise<T> {
  const res = await api.get(path, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
}
const authorsOf = async (path: string, who: SignedIn) =>
  (await json<Page<Unit>>(path, who)).results.map((u) => (u[u.type] as { author: { id: number } }).author.id);

beforeAll(async () => {
  t = await buildTestApp();
  let demoId: number;
  let otherId: number;
  ({ demoId, otherId, admin } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  bobId = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  carolId = await createMember(t.db, demoId, 'carol', 'carol-password-1');
  daveId = await createMember(t.db, demoId, 'dave', 'dave-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  carol = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { follow_enabled: true });
  const garden = (await consoleCall(t, admin, 'POST', '/categories/add/', { name: 'Garden' })).data
    .id as number;
  expect((await api.post(`/category/${garden}/follow/`, undefined, alice)).statusCode).toBe(204);
  for (const who of [bob, carol]) {
    const res = await api.post('/post/', { html: '<p>Hello</p>', categories: [garden] }, who);
    expect(res.statusCode, res.body).toBe(201);
    t.clock.advance(60);
  }
});
afterAll(() => t.close());

describe('hiding members', () => {
  it('starts with nobody hidden: hidden_users_id is an empty array, not a 400', async () => {
    expect(await json('/user/hidden_users_id/', alice)).toEqual([]);
    expect(await json('/user/hidden_users/', alice)).toMatchObject({ count: 0, results: [] });
    expect(await json(`/user/${bobId}/is_hidden/`, alice)).toEqual({ is_hidden: false });
    expect((await api.get('/user/hidden_users_id/')).statusCode).toBe(401);
  });

  it("hides a member (toggle): their contents leave the member's home and explore feeds", async () => {
    expect((await authorsOf('/feed/', alice)).sort()).toEqual([bobId, carolId].sort());
    expect((await api.post(`/user/${bobId}/hide/`, undefined, alice)).statusCode).toBe(204);
    expect(await json('/user/hidden_users_id/', alice)).toEqual([bobId]);
    expect(await json(`/user/${bobId}/is_hidden/`, alice)).toEqual({ is_hidden: true });
    expect(await json(`/user/${aliceId}/is_hidden_by/`, bob)).toEqual({ is_hidden_by: true });
    expect(await json(`/user/${aliceId}/is_hidden_by/`, carol)).toEqual({ is_hidden_by: false });
    const list = await json<Page<{ id: number; username: string }>>('/user/hidden_users/', alice);
    expect(list).toMatchObject({ count: 1, results: [{ id: bobId, username: 'bob' }] });
    expect(await authorsOf('/feed/', alice)).toEqual([carolId]);
    expect(await authorsOf('/feed/explore/', alice)).toEqual([carolId]);
    // Only alice's view changes: bob's contents stay in carol's explore feed, and bob sees nothing of it.
    expect((await authorsOf('/feed/explore/', carol)).sort()).toEqual([bobId, carolId].sort());
    expect(await json('/user/hidden_users_id/', bob)).toEqual([]);

    expect((await api.post(`/user/${bobId}/hide/`, undefined, alice)).statusCode).toBe(204);
    expect(await json('/user/hidden_users_id/', alice)).toEqual([]);
    expect((await authorsOf('/feed/', alice)).sort()).toEqual([bobId, carolId].sort());
  });

  it('refuses hiding oneself (400) and members of other communities or unknown ones (404)', async () => {
    const self = await api.post(`/user/${aliceId}/hide/`, undefined, alice);
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({
      errors: [{ code: 'invalid', message: 'You cannot hide yourself.' }],
    });
    expect((await api.post('/user/999999/hide/', undefined, alice)).statusCode).toBe(404);
    const elsewhere = contentClient(t, 'other');
    expect((await elsewhere.post(`/user/${bobId}/hide/`, undefined, stranger)).statusCode).toBe(404);
    expect((await elsewhere.get(`/user/${bobId}/is_hidden/`, stranger)).statusCode).toBe(404);
    expect((await api.post(`/user/${bobId}/hide/`, undefined)).statusCode).toBe(401);
    expect(await json('/user/hidden_users_id/', alice)).toEqual([]);
  });
});

describe('suggestion/user/', () => {
  it('suggests active members the caller neither is nor follows, most followed first', async () => {
    expect((await api.post(`/user/${carolId}/follow/`, undefined, bob)).statusCode).toBe(204);
    expect((await api.post(`/user/${carolId}/follow/`, undefined, alice)).statusCode).toBe(204);
    // The demo's staff (its admin and editor) are members too: looked at apart.
    const members = new Set([aliceId, bobId, carolId, daveId]);
    const forBob = await json<Page<{ id: number }>>('/suggestion/user/', bob);
    expect(forBob.results.map((u) => u.id).filter((id) => members.has(id))).toEqual([daveId, aliceId]);
    expect(forBob.count).toBe(forBob.results.length);
    const forDave = await api.get('/suggestion/user/?limit=1', bob);
    expect((forDave.json() as Page<{ id: number }>).results).toHaveLength(1);
    const anyone = await json<Page<{ id: number }>>('/suggestion/user/');
    expect(anyone.results[0]?.id).toBe(carolId);
    expect((await api.get('/suggestion/user/?limit=0', bob)).statusCode).toBe(400);
  });
});
