import { TwoFactorErrorCode, twoFactorPaths as paths } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  errorsOf,
  form,
  memberSignIn,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { hashPassword } from '../../platform/auth/password-hasher.ts';
import { codeAt, enrol } from './two-factor-fixtures.ts';

const PASSWORD = 'staff-password-12';
let t: TestApp;
let demoId: number;
let secret: string;
let recoveryCodes: string[];

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  await addStaff(t.db, demoId, await createAccount(t.db, 'mia', PASSWORD), 'mia', 'moderator');
  ({ secret, recoveryCodes } = await enrol(t.app, t.clock, await signIn(t.app, 'mia', PASSWORD)));
});
afterAll(() => t.close());

const passwordStep = (username = 'mia', password = PASSWORD) =>
  t.app.inject({ method: 'POST', url: '/platform/api/v1/auth/signin/', ...form({ username, password }) });
const codeStep = (challenge: string, code: string) =>
  t.app.inject({ method: 'POST', url: paths.signin, ...form({ challenge, code }) });

async function challenge(): Promise<string> {
  const res = await passwordStep();
  expect(res.statusCode).toBe(200);
  const data = res.json().data;
  expect(data).toMatchObject({ two_factor_required: true, expires_in: 300 });
  expect(data.token).toBeUndefined();
  return data.challenge;
}

describe('sign-in with a second factor', () => {
  it('answers a challenge, not a session, after a correct password', async () => {
    const res = await passwordStep();
    expect(Object.keys(res.json().data).sort()).toEqual(['challenge', 'expires_in', 'two_factor_required']);
    // A wrong password is refused as before, with no challenge.
    expect((await passwordStep('mia', 'wrong-password')).statusCode).toBe(400);
  });

  it('completes with a current code: a working session, and the challenge is then spent', async () => {
    t.clock.advance(30);
    const c = await challenge();
    const res = await codeStep(c, await codeAt(secret, t.clock));
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user.username).toBe('mia');
    expect(data.stack).toBeUndefined();
    const stacks = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: { authorization: `Bearer ${data.token.access_token}` },
    });
    expect(stacks.statusCode).toBe(200);
    t.clock.advance(30);
    const again = await codeStep(c, await codeAt(secret, t.clock));
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body)[0]?.code).toBe(TwoFactorErrorCode.invalidChallenge);
  });

  it('refuses a wrong code, then a replayed one (same time step), then accepts the next step', async () => {
    t.clock.advance(30);
    const used = await codeAt(secret, t.clock);
    expect((await codeStep(await challenge(), used)).statusCode).toBe(200);
    const c = await challenge();
    const wrong = await codeStep(c, used === '123456' ? '654321' : '123456');
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong.body)[0]).toMatchObject({ code: TwoFactorErrorCode.invalidCode, field: 'code' });
    const replay = await codeStep(c, used);
    expect(replay.statusCode).toBe(400);
    expect(errorsOf(replay.body)[0]?.code).toBe(TwoFactorErrorCode.invalidCode);
    t.clock.advance(30);
    expect((await codeStep(c, await codeAt(secret, t.clock))).statusCode).toBe(200);
  });

  it('accepts a recovery code once, and records its use in the audit log', async () => {
    const code = recoveryCodes[0]!;
    expect((await codeStep(await challenge(), code)).statusCode).toBe(200);
    const reuse = await codeStep(await challenge(), code);
    expect(reuse.statusCode).toBe(400);
    expect(errorsOf(reuse.body)[0]?.code).toBe(TwoFactorErrorCode.invalidCode);
    const entry = await t.db
      .selectFrom('audit_log')
      .select(['action', 'username', 'details'])
      .where('stack_id', '=', demoId)
      .where('action', '=', 'account.recovery_code_used')
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({
      username: 'mia',
      details: { recovery_code: 'used', recovery_codes_left: 9 },
    });
  });

  it('expires the challenge after five minutes', async () => {
    const c = await challenge();
    t.clock.advance(301);
    const res = await codeStep(c, await codeAt(secret, t.clock));
    expect(errorsOf(res.body)[0]?.code).toBe(TwoFactorErrorCode.invalidChallenge);
  });

  it('refuses the OAuth password grant for an account with a second factor', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      ...form({ grant_type: 'password', client_id: 'agora-console', username: 'mia', password: PASSWORD }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
    expect(res.json().access_token).toBeUndefined();
  });

  it('asks for the code after an SSO ticket too, and binds the finished session to that community', async () => {
    t.clock.advance(30);
    const session = await codeStep(await challenge(), await codeAt(secret, t.clock));
    const bearer = { authorization: `Bearer ${session.json().data.token.access_token}` };
    const ticket = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/auth/sso_ticket/',
      headers: bearer,
    });
    expect(ticket.statusCode).toBe(200);
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/auth/sso/',
      ...form({ ticket: ticket.json().data.ticket }),
    });
    expect(exchange.statusCode).toBe(200);
    const answer = exchange.json().data;
    expect(answer).toMatchObject({ two_factor_required: true });
    expect(answer.token).toBeUndefined();
    t.clock.advance(30);
    const done = await codeStep(answer.challenge, await codeAt(secret, t.clock));
    expect(done.statusCode).toBe(200);
    expect(done.json().data.stack).toMatchObject({ slug: 'demo' });
    const fam = await t.db
      .selectFrom('token_families')
      .select('only_stack_id')
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(fam.only_stack_id).toBe(demoId);
  });
});

describe("the community's hand-off (member API platform_url)", () => {
  it('gives an account with a second factor the link only, where the code is asked', async () => {
    await t.db
      .updateTable('community_users')
      .set({ password_hash: await hashPassword('member-password-1') })
      .where('stack_id', '=', demoId)
      .where('username', '=', 'mia')
      .execute();
    const member = await memberSignIn(t.app, t.db, 'demo', 'mia', 'member-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/api/v2/user/me/platform_url/',
      headers: member.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().token_details).toBeUndefined();
    const ticket = new URL(res.json().platform_url).searchParams.get('ticket') as string;
    const exchange = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/auth/sso/',
      ...form({ ticket }),
    });
    expect(exchange.json().data).toMatchObject({ two_factor_required: true });
  });
});

describe('the sign-in throttle counts codes', () => {
  it('locks the account after five wrong codes across challenges, password included', async () => {
    t.clock.advance(3600);
    const first = await challenge();
    for (let i = 0; i < 3; i++) expect((await codeStep(first, '000001')).statusCode).toBe(400);
    const second = await challenge();
    for (let i = 0; i < 2; i++) expect((await codeStep(second, '000001')).statusCode).toBe(400);
    t.clock.advance(30);
    const locked = await codeStep(second, await codeAt(secret, t.clock));
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    expect((await passwordStep()).statusCode).toBe(429);
  });

  it('spends a challenge after five wrong codes', async () => {
    t.clock.advance(3600);
    const c = await challenge();
    for (let i = 0; i < 5; i++) await codeStep(c, '000002');
    t.clock.advance(3600);
    const res = await codeStep(c, await codeAt(secret, t.clock));
    expect(errorsOf(res.body)[0]?.code).toBe(TwoFactorErrorCode.invalidChallenge);
  });

  it('leaves accounts without a second factor as they were', async () => {
    const admin: SignedIn = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect(admin.access).toBeTruthy();
  });
});
