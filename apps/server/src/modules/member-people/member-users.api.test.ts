import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  makeDataManager,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let aliceId: number;
let bobId: number;
let carolId: number;
let daveId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const f = await communityFixture(t, ADMIN_PASSWORD);
  admin = f.admin;
  aliceId = await createMember(t.db, f.demoId, 'alice', 'alice-password-1', { email: 'alice@example.org' });
  bobId = await createMember(t.db, f.demoId, 'bob', 'bob-password-1', { email: 'bob@example.org' });
  carolId = await createMember(t.db, f.demoId, 'carol', 'carol-password-1', { status: 'pending' });
  daveId = await createMember(t.db, f.otherId, 'dave', 'dave-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/c/demo/api/v2${path}`, headers });
const post = (path: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/c/demo/api/v2${path}`, headers });
const setPreferences = async (values: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/c/demo/api/v2/dynamic_preference/',
    payload: values,
    headers: admin.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
};

describe('users', () => {
  it('GET /user/me/ answers the caller with email, role and permissions (Bearer and Token)', async () => {
    for (const headers of [alice.bearer, { authorization: `Token ${alice.access}` }]) {
      const res = await get('/user/me/', headers);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        id: aliceId,
        username: 'alice',
        email: 'alice@example.org',
        role: null,
        status: 'a',
        followers_counter: 0,
        unseen_interactions_counter: 0,
      });
      expect(res.json().permission).toMatchObject({
        follow_user: false,
        request_connection: true,
        create_contribute: true,
      });
    }
    expect((await get('/user/me/')).statusCode).toBe(401);
  });

  it('lets a member choose their own language (the site and their emails use it), and nobody else’s', async () => {
    const patch = (id: number, payload: Record<string, unknown>, headers: Record<string, string>) =>
      t.app.inject({ method: 'PATCH', url: `/c/demo/api/v2/user/${id}/`, payload, headers });
    expect((await get('/user/me/', alice.bearer)).json().language).toBeNull();
    const chosen = await patch(aliceId, { language: 'it-IT' }, alice.bearer);
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json()).toMatchObject({ id: aliceId, language: 'it' });
    expect((await get('/user/me/', alice.bearer)).json().language).toBe('it');
    // A language the product does not speak: a 400 naming the field; nothing changes.
    const unknown = await patch(aliceId, { language: 'de' }, alice.bearer);
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.body)[0]).toMatchObject({ field: 'language' });
    expect((await get('/user/me/', alice.bearer)).json().language).toBe('it');
    // Another member's account, another community's member, a visitor.
    expect((await patch(bobId, { language: 'en' }, alice.bearer)).statusCode).toBe(404);
    expect((await patch(daveId, { language: 'en' }, alice.bearer)).statusCode).toBe(404);
    expect((await patch(aliceId, { language: 'en' }, {})).statusCode).toBe(401);
    expect((await get('/user/me/', bob.bearer)).json().language).toBeNull();
    expect((await patch(aliceId, { language: null }, alice.bearer)).json().language).toBeNull();
  });

  it('shows the email only to the member themself and to GDPR data managers', async () => {
    const asAlice = await get(`/user/${bobId}/`, alice.bearer);
    expect(asAlice.statusCode).toBe(200);
    expect(asAlice.json().username).toBe('bob');
    expect(asAlice.json()).not.toHaveProperty('email');
    expect((await get(`/user/${bobId}/`)).json()).not.toHaveProperty('email');
    expect((await get(`/user/${bobId}/`, bob.bearer)).json().email).toBe('bob@example.org');
    // An admin who is not the data manager sees no e-mails; once confirmed as one, they do.
    expect((await get(`/user/${bobId}/`, admin.bearer)).json()).not.toHaveProperty('email');
    await makeDataManager(t.db, 'demo', 'admin');
    expect((await get(`/user/${bobId}/`, admin.bearer)).json().email).toBe('bob@example.org');
  });

  it('hides other communities’ members and members awaiting approval', async () => {
    expect((await get(`/user/${daveId}/`, alice.bearer)).statusCode).toBe(404);
    expect((await get(`/user/${daveId}/counters/`, alice.bearer)).statusCode).toBe(404);
    expect((await post(`/user/${daveId}/follow/`, alice.bearer)).statusCode).toBe(404);
    expect((await get(`/user/${carolId}/`, alice.bearer)).statusCode).toBe(404);
    expect((await get(`/user/${carolId}/`, admin.bearer)).json().reg_approved).toBe(false);
    const list = await get('/user/?limit=100');
    const names = list.json().results.map((u: { username: string }) => u.username);
    expect(names).toEqual(expect.arrayContaining(['admin', 'alice', 'bob', 'ed']));
    expect(names).not.toContain('carol');
    expect(names).not.toContain('dave');
  });

  it('lists and searches in the list envelope with absolute links', async () => {
    const page = await get('/user/?limit=1&offset=1');
    expect(page.statusCode).toBe(200);
    const body = page.json();
    expect(body.count).toBe(4);
    expect(body.results).toHaveLength(1);
    expect(body.next).toMatch(/^https?:\/\/.+\/c\/demo\/api\/v2\/user\/\?limit=1&offset=2$/);
    expect(body.previous).toMatch(/offset=0$/);

    const search = await get('/user/search/?user=BO&limit=10', alice.bearer);
    expect(search.json().results.map((u: { username: string }) => u.username)).toEqual(['bob']);
    const staff = await get('/user/search/?is_staff=true');
    expect(
      staff
        .json()
        .results.map((u: { username: string }) => u.username)
        .sort(),
    ).toEqual(['admin', 'ed']);
    const members = await get('/user/search/?is_staff=0&username=ali');
    expect(members.json().results.map((u: { username: string }) => u.username)).toEqual(['alice']);
  });

  it('needs a sign-in to read people while the content is not public', async () => {
    await setPreferences({ content_availability: false });
    try {
      expect((await get('/user/')).statusCode).toBe(401);
      expect((await get(`/user/${bobId}/`)).statusCode).toBe(401);
      expect((await get('/user/', alice.bearer)).statusCode).toBe(200);
    } finally {
      await setPreferences({ content_availability: true });
    }
  });
});

describe('follows', () => {
  it('are refused while following is off in the community', async () => {
    const res = await post(`/user/${bobId}/follow/`, alice.bearer);
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res.body)[0]?.code).toBe('feature_disabled');
  });

  it('toggle, count, list and earn the followed member points', async () => {
    await setPreferences({ follow_enabled: true });
    const before = (await get(`/user/${bobId}/`)).json().reputation as number;
    const follow = await post(`/user/${bobId}/follow/`, alice.bearer);
    expect(follow.statusCode).toBe(204);
    expect(follow.body).toBe('');
    expect((await get(`/user/${bobId}/is_followed/`, alice.bearer)).json()).toEqual({ is_followed: true });
    expect((await get(`/user/${aliceId}/is_follower/`, bob.bearer)).json()).toEqual({ is_follower: true });
    expect((await get(`/user/${bobId}/counters/`)).json()).toMatchObject({ followers: 1, followings: 0 });
    expect((await get(`/user/${aliceId}/counters/`)).json()).toMatchObject({ followers: 0, followings: 1 });
    const followers = await get(`/user/${bobId}/followers/`);
    expect(followers.json()).toMatchObject({ count: 1, next: null, previous: null });
    expect(followers.json().results[0].username).toBe('alice');
    expect((await get(`/user/${aliceId}/followings/`)).json().results[0].username).toBe('bob');
    const seen = (await get(`/user/${bobId}/`, alice.bearer)).json();
    expect(seen).toMatchObject({ followers_counter: 1, connection_status: 'followed' });
    expect(seen.reputation).toBeGreaterThan(before);
    expect((await get('/user/me/', alice.bearer)).json().permission.follow_user).toBe(true);

    expect((await post(`/user/${bobId}/follow/`, alice.bearer)).statusCode).toBe(204);
    expect((await get(`/user/${bobId}/is_followed/`, alice.bearer)).json()).toEqual({ is_followed: false });
    expect((await get(`/user/${bobId}/counters/`)).json().followers).toBe(0);
  });

  it('cannot follow oneself', async () => {
    const res = await post(`/user/${aliceId}/follow/`, alice.bearer);
    expect(res.statusCode).toBe(400);
    expect((await post(`/user/${bobId}/follow/`, {})).statusCode).toBe(401);
  });
});

describe('connections', () => {
  it('go from request to accepted connection and can be removed', async () => {
    expect((await post(`/user/${bobId}/connection/accept/`, alice.bearer)).statusCode).toBe(400);
    expect((await post(`/user/${bobId}/connection/request/`, alice.bearer)).statusCode).toBe(204);
    expect((await get(`/user/${bobId}/connection_status/`, alice.bearer)).json()).toEqual({
      connection_status: 'sent_connection_request',
    });
    expect((await get(`/user/${aliceId}/`, bob.bearer)).json().connection_status).toBe(
      'received_connection_request',
    );
    const requests = await get('/user/connection/requests/', bob.bearer);
    expect(requests.statusCode).toBe(200);
    expect(requests.json().count).toBe(1);
    expect(requests.json().results[0]).toMatchObject({
      id: aliceId,
      from_user: { username: 'alice' },
      to_user: { username: 'bob', email: 'bob@example.org' },
    });
    expect((await get('/user/connection/requests_sent/', alice.bearer)).json().count).toBe(1);
    expect(
      (await get(`/user/${bobId}/counters/`, bob.bearer)).json().connection_requests_received_counter,
    ).toBe(1);
    expect(
      (await get(`/user/${bobId}/counters/`, alice.bearer)).json().connection_requests_received_counter,
    ).toBe(0);

    expect((await post(`/user/${aliceId}/connection/accept/`, bob.bearer)).statusCode).toBe(204);
    expect((await get(`/user/${bobId}/is_connection/`, alice.bearer)).json()).toEqual({
      is_connection: true,
    });
    const connections = await get(`/user/${aliceId}/connections/`, alice.bearer);
    expect(connections.json().results.map((u: { username: string }) => u.username)).toEqual(['bob']);
    expect((await get(`/user/${bobId}/counters/`)).json().connections_counter).toBe(1);
    expect((await get('/user/connection/requests/', bob.bearer)).json().count).toBe(0);

    expect((await post(`/user/${aliceId}/connection/remove/`, bob.bearer)).statusCode).toBe(204);
    expect((await get(`/user/${bobId}/is_connection/`, alice.bearer)).json()).toEqual({
      is_connection: false,
    });
  });

  it('connects at once when both asked, and refuse oneself and strangers', async () => {
    expect((await post(`/user/${aliceId}/connection/request/`, bob.bearer)).statusCode).toBe(204);
    expect((await post(`/user/${bobId}/connection/request/`, alice.bearer)).statusCode).toBe(204);
    expect((await get(`/user/${bobId}/is_connection/`, alice.bearer)).json()).toEqual({
      is_connection: true,
    });
    expect((await post(`/user/${aliceId}/connection/request/`, alice.bearer)).statusCode).toBe(400);
    expect((await post(`/user/${daveId}/connection/request/`, alice.bearer)).statusCode).toBe(404);
  });
});
