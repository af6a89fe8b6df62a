import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createMember,
  makeDataManager,
  signIn,
  type SignedIn,
  stackBySlug,
} from '../test-support/fixtures.ts';

// Issue 10 §4: with a data-provisioning token, Cube answered every member's e-mail to staff who get
// `email: null` everywhere else, and the token kept working for an hour after its holder lost the role.
const STAFF = '/c/demo/platform/api/v1';
const EMAILS = { dimensions: ['Users.username', 'Users.email'] };

let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;
let modUserId: number;
let modAccountId: number;

async function cubeToken(who: SignedIn): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${STAFF}/auth/community_signin/`,
    headers: who.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.data.data_provisioning_token;
}

function load(token: string, query: unknown, method: 'GET' | 'POST' = 'GET') {
  const url = '/c/demo/cubejs-api/v1/load';
  const headers = { authorization: token };
  if (method === 'POST') return t.app.inject({ method, url, headers, payload: { query } });
  return t.app.inject({ method, url, headers, query: { query: JSON.stringify(query) } });
}

const manageRoles = (body: Record<string, unknown>) =>
  t.app.inject({
    method: 'POST',
    url: `${STAFF}/users/manage_roles/`,
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await stackBySlug(t.db, 'demo');
  await createMember(t.db, demo.id, 'alice', 'alice-password-1', { email: 'alice@private.example' });
  await createMember(t.db, demo.id, 'bob', 'bob-password-1', { email: 'bob@private.example' });
  modAccountId = await createAccount(t.db, 'mod', 'mod-password-1');
  // An editor: analytics is theirs (spec mgmt §6), not a moderator's.
  modUserId = await addStaff(t.db, demo.id, modAccountId, 'mod', 'editor');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  moderator = await signIn(t.app, 'mod', 'mod-password-1');
});
afterAll(async () => {
  await t.close();
});

describe('members’ e-mails through the Cube API', () => {
  it('are refused (403) to staff without the GDPR data-manager attribute, as users/search is', async () => {
    const search = await t.app.inject({
      method: 'GET',
      url: `${STAFF}/users/search/?email=alice`,
      headers: moderator.bearer,
    });
    expect(search.statusCode).toBe(403);

    const token = await cubeToken(moderator);
    for (const method of ['GET', 'POST'] as const) {
      const res = await load(token, EMAILS, method);
      expect(res.statusCode, res.body).toBe(403);
      expect(res.body).not.toContain('@private.example');
      expect(res.json()).toMatchObject({ errors: [{ code: 'permission_denied' }] });
    }
    const filtered = await load(token, {
      measures: ['Users.count'],
      filters: [{ member: 'Users.email', operator: 'startsWith', values: ['alice@'] }],
    });
    expect(filtered.statusCode).toBe(403);
    const ordered = await load(token, { dimensions: ['Users.username'], order: { 'Users.email': 'asc' } });
    expect(ordered.statusCode).toBe(403);
    const segment = await load(token, { measures: ['Users.count'], segments: ['Users.email'] });
    expect(segment.statusCode).toBe(403);
    // The admin is no data manager either: the rule is the attribute, not the role.
    expect((await load(await cubeToken(admin), EMAILS)).statusCode).toBe(403);
    // Everything else stays available, and /meta leaves the hidden member out.
    const names = await load(token, { dimensions: ['Users.username'] });
    expect(names.statusCode).toBe(200);
    expect(
      names
        .json()
        .data.map((r: Record<string, string>) => r['Users.username'])
        .sort(),
    ).toEqual(['alice', 'bob']);
    const meta = await t.app.inject({
      method: 'GET',
      url: '/c/demo/cubejs-api/v1/meta',
      headers: { authorization: token },
    });
    expect(meta.statusCode).toBe(200);
    expect(meta.body).not.toContain('Users.email');
  });

  it('are answered to a GDPR data manager, and refused again as soon as the attribute is taken away', async () => {
    await makeDataManager(t.db, 'demo', 'mod');
    const token = await cubeToken(moderator);
    const res = await load(token, { ...EMAILS, order: { 'Users.email': 'asc' } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      { 'Users.username': 'alice', 'Users.email': 'alice@private.example' },
      { 'Users.username': 'bob', 'Users.email': 'bob@private.example' },
    ]);
    const meta = await t.app.inject({
      method: 'GET',
      url: '/c/demo/cubejs-api/v1/meta',
      headers: { authorization: token },
    });
    expect(meta.body).toContain('Users.email');

    // Same token, attribute removed through the console: refused on the very next query.
    const changed = await manageRoles({ username: 'mod', role: 'editor', gdpr_data_manager: false });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await load(token, EMAILS)).statusCode).toBe(403);
    expect((await load(token, { measures: ['Users.count'] })).statusCode).toBe(200);
  });
});

describe('a data-provisioning token follows its holder’s current role and standing', () => {
  const expectInvalid = (res: Awaited<ReturnType<typeof load>>) => {
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ error: 'Invalid token', errors: [{ code: 'invalid_token' }] });
  };
  const COUNT = { measures: ['Users.count'] };

  beforeEach(async () => {
    // Back to an editor in good standing with a working account.
    await t.db
      .updateTable('community_users')
      .set({ role: 'editor', status: 'active' })
      .where('id', '=', modUserId)
      .execute();
    await t.db.updateTable('accounts').set({ is_active: true }).where('id', '=', modAccountId).execute();
  });

  it('stops working at once when the holder is removed from the staff', async () => {
    const token = await cubeToken(moderator);
    expect((await load(token, COUNT)).statusCode).toBe(200);
    const removed = await t.app.inject({
      method: 'POST',
      url: `${STAFF}/users/remove_staff/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ username: 'mod' }),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expectInvalid(await load(token, COUNT));
    const meta = await t.app.inject({
      method: 'GET',
      url: '/c/demo/cubejs-api/v1/meta',
      headers: { authorization: token },
    });
    expect(meta.statusCode).toBe(403);
  });

  it('stops working when the holder is demoted to a role without console access', async () => {
    const token = await cubeToken(moderator);
    const demoted = await manageRoles({ username: 'mod', role: 'publisher' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expectInvalid(await load(token, COUNT));
    // Promoted back: the same (unexpired) token works again, with the role held now.
    await manageRoles({ username: 'mod', role: 'editor' });
    expect((await load(token, COUNT)).statusCode).toBe(200);
  });

  it('stops working when the holder becomes a moderator, whose role has no analytics (spec mgmt §6)', async () => {
    const token = await cubeToken(moderator);
    expect((await manageRoles({ username: 'mod', role: 'moderator' })).statusCode).toBe(200);
    expectInvalid(await load(token, COUNT));
    const refused = await t.app.inject({
      method: 'POST',
      url: `${STAFF}/auth/community_signin/`,
      headers: moderator.bearer,
    });
    expect(refused.statusCode).toBe(403);
    await manageRoles({ username: 'mod', role: 'editor' });
    expect((await load(token, COUNT)).statusCode).toBe(200);
  });

  it('stops working while the holder is banned in the community, or their console account is disabled', async () => {
    const token = await cubeToken(moderator);
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', modUserId).execute();
    expectInvalid(await load(token, COUNT));
    await t.db.updateTable('community_users').set({ status: 'active' }).where('id', '=', modUserId).execute();
    expect((await load(token, COUNT)).statusCode).toBe(200);
    await t.db.updateTable('accounts').set({ is_active: false }).where('id', '=', modAccountId).execute();
    expectInvalid(await load(token, COUNT));
  });
});
