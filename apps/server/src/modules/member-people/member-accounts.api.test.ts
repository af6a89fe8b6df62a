import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { saveSettings } from '../registration-alerts/registration-alerts.repository.ts';
import { DEFAULT_REGISTRATION_ALERT_SETTINGS } from '../registration-alerts/registration-alerts.service.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let demoId: number;

const STRONG = 'Str0ng-pass';

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, owner } = await communityFixture(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
});
afterAll(() => t.close());

const signUp = (body: Record<string, unknown>, headers: Record<string, string> = {}, slug = 'demo') =>
  t.app.inject({ method: 'POST', url: `/c/${slug}/api/v2/account/create/`, payload: body, headers });

const setPreferences = async (values: Record<string, unknown>) => {
  const res = await t.app.inject({
    method: 'PATCH',
    url: '/c/demo/api/v2/dynamic_preference/',
    payload: values,
    headers: admin.bearer,
  });
  expect(res.statusCode, res.body).toBe(200);
};

/** SelfCommunity's field errors: field → the code of its first message. */
const fieldCodes = (body: string) =>
  Object.fromEntries(
    (JSON.parse(body) as { errors: { field?: string; messages: { code: string }[] }[] }).errors.map((e) => [
      e.field,
      e.messages[0]?.code,
    ]),
  );

describe('POST /account/create/ (open community)', () => {
  it('registers anyone as an active member who can then sign in', async () => {
    const res = await signUp({ username: 'newbie', email: 'Newbie@Example.org', password: STRONG });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({
      username: 'newbie',
      email: 'Newbie@Example.org',
      status: 'a',
      reg_approved: true,
      role: null,
    });
    const row = await t.db
      .selectFrom('community_users')
      .select(['stack_id', 'status', 'registered_from', 'password_hash', 'created_at'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ stack_id: demoId, status: 'active', registered_from: 'app' });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.created_at.getTime()).toBe(t.clock.now().getTime());
    const signedIn = await memberSignIn(t.app, t.db, 'demo', 'newbie', STRONG);
    const me = await t.app.inject({
      method: 'GET',
      url: '/c/demo/api/v2/user/me/',
      headers: signedIn.bearer,
    });
    expect(me.json().username).toBe('newbie');
  });

  it('answers field errors in SelfCommunity’s envelope', async () => {
    const empty = await signUp({});
    expect(empty.statusCode).toBe(400);
    expect(fieldCodes(empty.body)).toEqual({ username: 'required', email: 'required', password: 'required' });

    const bad = await signUp({ username: 'bad name!', email: 'not-an-email', password: 'alllowercase' });
    expect(fieldCodes(bad.body)).toEqual({
      username: 'invalid',
      email: 'invalid',
      password: 'password_too_weak',
    });
    expect(errorsOf(bad.body).find((e) => e.field === 'password')?.message).toMatch(/too weak/);

    const short = await signUp({ username: 'x'.repeat(256), email: 'a@b.co', password: 'Ab1!' });
    expect(fieldCodes(short.body)).toEqual({ username: 'max_length', password: 'min_length' });
    const long = await signUp({ username: 'ok', email: 'a@b.co', password: `Ab1${'x'.repeat(126)}` });
    expect(fieldCodes(long.body)).toEqual({ password: 'max_length' });

    // A strong password needs no particular classes of characters: only uniqueness fails here.
    const taken = await signUp({
      username: 'NEWBIE',
      email: 'newbie@example.org',
      password: 'quiet otter lamp fjord',
    });
    expect(taken.statusCode).toBe(400);
    expect(fieldCodes(taken.body)).toEqual({ username: 'unique', email: 'unique' });
  });

  it('checks uniqueness within the community only', async () => {
    const res = await signUp(
      { username: 'newbie', email: 'newbie@example.org', password: STRONG },
      {},
      'other',
    );
    expect(res.statusCode, res.body).toBe(201);
    const unknown = await signUp(
      { username: 'x1', email: 'x1@example.org', password: STRONG },
      {},
      'nowhere',
    );
    expect(unknown.statusCode).toBe(404);
  });
});

describe('invitation-only communities', () => {
  it('refuse anonymous callers and members but take sign-ups from an admin (Bearer or Token)', async () => {
    await setPreferences({ registration_mode: 'invitation_only' });
    try {
      const anonymous = await signUp({ username: 'guest', email: 'guest@example.org', password: STRONG });
      expect(anonymous.statusCode).toBe(403);
      expect(errorsOf(anonymous.body)[0]?.code).toBe('invitation_only');
      const member = await signUp(
        { username: 'guest', email: 'guest@example.org', password: STRONG },
        alice.bearer,
      );
      expect(member.statusCode).toBe(403);

      const byAdmin = await signUp(
        { username: 'invited', email: 'invited@example.org', password: STRONG },
        admin.bearer,
      );
      expect(byAdmin.statusCode, byAdmin.body).toBe(201);
      const token = await signUp(
        { username: 'invited2', email: 'invited2@example.org', password: STRONG },
        { authorization: `Token ${admin.access}` },
      );
      expect(token.statusCode, token.body).toBe(201);
      // Another community's admin is nobody here.
      const stranger = await signUp(
        { username: 'x2', email: 'x2@example.org', password: STRONG },
        owner.bearer,
      );
      expect(stranger.statusCode).toBe(401);
    } finally {
      await setPreferences({ registration_mode: 'open' });
    }
    const reopened = await signUp({ username: 'guest', email: 'guest@example.org', password: STRONG });
    expect(reopened.statusCode).toBe(201);
  });

  it('refuses an unknown registration mode', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: '/c/demo/api/v2/dynamic_preference/',
      payload: { registration_mode: 'closed' },
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]?.field).toBe('registration_mode');
  });
});

describe('admin approval', () => {
  it('keeps a new member pending, listed for approval and unable to sign in until approved', async () => {
    await setPreferences({ users_approval_enabled: true });
    try {
      const res = await signUp({ username: 'waiting', email: 'waiting@example.org', password: STRONG });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ username: 'waiting', reg_approved: false });
      const id = res.json().id as number;

      const list = await t.app.inject({
        method: 'GET',
        url: '/c/demo/platform/api/v1/users/get_awaiting_approval_list/?status=pending',
        headers: admin.bearer,
      });
      expect(list.statusCode).toBe(200);
      expect(list.json().data.results.map((r: { username: string }) => r.username)).toContain('waiting');

      await expect(memberSignIn(t.app, t.db, 'demo', 'waiting', STRONG)).rejects.toThrow(
        /waiting for approval/,
      );

      // An admin's sign-up is approved already.
      const byAdmin = await signUp(
        { username: 'approved', email: 'ok@example.org', password: STRONG },
        admin.bearer,
      );
      expect(byAdmin.json().reg_approved).toBe(true);

      const approve = await t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/users/manage_approval/',
        payload: { user_id: id, action: 'approve' },
        headers: admin.bearer,
      });
      expect(approve.statusCode, approve.body).toBe(200);
      const signedIn = await memberSignIn(t.app, t.db, 'demo', 'waiting', STRONG);
      expect(signedIn.access).toBeTruthy();
    } finally {
      await setPreferences({ users_approval_enabled: false });
    }
  });
});

describe('registration alerts', () => {
  it('block sign-ups while the threshold is reached and set to block', async () => {
    await saveSettings(
      t.db,
      demoId,
      { ...DEFAULT_REGISTRATION_ALERT_SETTINGS, active: true, span: 'forever', threshold: 1, block: true },
      null,
      t.clock.now(),
    );
    try {
      const res = await signUp({ username: 'blocked', email: 'blocked@example.org', password: STRONG });
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res.body)[0]?.code).toBe('registrations_closed');
      const sso = await t.app.inject({
        method: 'POST',
        url: '/c/demo/api/v2/sso/signup/',
        payload: { username: 'blocked' },
        headers: admin.bearer,
      });
      expect(sso.statusCode).toBe(403);
    } finally {
      await saveSettings(t.db, demoId, DEFAULT_REGISTRATION_ALERT_SETTINGS, null, t.clock.now());
    }
    const res = await signUp({ username: 'blocked', email: 'blocked@example.org', password: STRONG });
    expect(res.statusCode).toBe(201);
  });
});

describe('POST /sso/signup/', () => {
  const ssoSignUp = (body: Record<string, unknown>, headers: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: '/c/demo/api/v2/sso/signup/', payload: body, headers });

  it('is for admins only', async () => {
    expect((await ssoSignUp({ username: 'ext1' }, {})).statusCode).toBe(401);
    expect((await ssoSignUp({ username: 'ext1' }, alice.bearer)).statusCode).toBe(403);
    expect((await ssoSignUp({ username: 'ext1' }, owner.bearer)).statusCode).toBe(401);
  });

  it('registers an external member with ext_id, role and user tags', async () => {
    const tag = await t.db
      .insertInto('tags')
      .values({ stack_id: demoId, type: 'user', name: 'Partners' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await ssoSignUp(
      { ext_id: 4711, username: 'ext_user', email: 'ext@example.org', role: 'editor', tags: [tag.id] },
      admin.bearer,
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      ext_id: '4711',
      username: 'ext_user',
      email: 'ext@example.org',
      role: 'editor',
      tags: [tag.id],
      avatar: null,
    });
    const again = await ssoSignUp({ ext_id: '4711', username: 'ext_user2' }, admin.bearer);
    expect(fieldCodes(again.body)).toEqual({ ext_id: 'unique' });
    const wrong = await ssoSignUp({ username: 'ext_user3', role: 'owner', tags: [999999] }, admin.bearer);
    expect(fieldCodes(wrong.body)).toEqual({ role: 'invalid', tags: 'invalid' });
    // Without a password the member signs in through SSO / JWT only.
    const row = await t.db
      .selectFrom('community_users')
      .select(['password_hash', 'status'])
      .where('id', '=', res.json().id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ password_hash: null, status: 'active' });
  });
});
