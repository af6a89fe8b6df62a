import { RECOVERY_CODE_COUNT, TwoFactorErrorCode, twoFactorPaths as paths } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, errorsOf, form, type SignedIn } from '../../test-support/fixtures.ts';
import { codeAt, enrol } from './two-factor-fixtures.ts';
import './two-factor.tables.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, demoId } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const status = (who: SignedIn) => t.app.inject({ method: 'GET', url: paths.status, headers: who.bearer });
const post = (url: string, who: SignedIn, body?: Record<string, string>) =>
  body
    ? t.app.inject({ method: 'POST', url, ...form(body, who.bearer) })
    : t.app.inject({ method: 'POST', url, headers: who.bearer });

async function auditActions(stackId: number, accountId?: number) {
  const rows = await t.db
    .selectFrom('audit_log')
    .select(['action', 'account_id', 'details', 'route'])
    .where('stack_id', '=', stackId)
    .where('route', 'like', '%two_factor%')
    .orderBy('id')
    .execute();
  return rows.filter((r) => accountId === undefined || r.account_id === accountId);
}

describe('enrolment', () => {
  let secret: string;

  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ method: 'POST', url: paths.enrol })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: paths.status })).statusCode).toBe(401);
  });

  it('starts with a secret, its otpauth URI and an SVG QR code, and stores the secret sealed', async () => {
    const res = await post(paths.enrol, editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data;
    secret = data.secret;
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data.otpauth_uri).toMatch(/^otpauth:\/\/totp\/Agora:ed%40agora\.test\?/);
    expect(data.otpauth_uri).toContain(`secret=${secret}`);
    expect(data.qr_svg).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(data.qr_svg.split(',')[1], 'base64').toString()).toContain('<svg');
    const row = await t.db.selectFrom('account_two_factor').selectAll().executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    expect(row.enabled_at).toBeNull();
    expect((await status(editor)).json().data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
  });

  it('refuses a wrong code and leaves the factor off', async () => {
    const res = await post(paths.confirm, editor, { code: '000000' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ code: TwoFactorErrorCode.invalidCode, field: 'code' });
    expect((await status(editor)).json().data.enabled).toBe(false);
  });

  it('refuses malformed codes in the envelope', async () => {
    for (const code of ['', '12\u00003456', 'x'.repeat(100)]) {
      const res = await post(paths.confirm, editor, { code });
      expect(res.statusCode).toBe(400);
      expect(errorsOf(res.body).length).toBeGreaterThan(0);
    }
  });

  it('turns on with a current code and answers ten recovery codes once', async () => {
    const res = await post(paths.confirm, editor, { code: await codeAt(secret, t.clock) });
    expect(res.statusCode).toBe(200);
    const codes: string[] = res.json().data.recovery_codes;
    expect(codes).toHaveLength(RECOVERY_CODE_COUNT);
    expect(new Set(codes).size).toBe(RECOVERY_CODE_COUNT);
    for (const code of codes) expect(code).toMatch(/^[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}-[0-9a-z]{4}$/);
    const stored = await t.db.selectFrom('account_recovery_codes').select('code_hash').execute();
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT);
    for (const { code_hash } of stored) expect(codes.join()).not.toContain(code_hash);
    const data = (await status(editor)).json().data;
    expect(data).toMatchObject({ enabled: true, recovery_codes_left: 10, required_by: [] });
    expect(JSON.stringify(data)).not.toContain(secret);
  });

  it('refuses a second enrolment while on', async () => {
    const res = await post(paths.enrol, editor);
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res.body)[0]?.code).toBe(TwoFactorErrorCode.alreadyEnabled);
  });

  it('records the change in the audit log of the account’s community', async () => {
    const entries = await auditActions(demoId);
    expect(entries.map((e) => e.action)).toEqual(['account.two_factor_on']);
    expect(entries[0]?.details).toMatchObject({ two_factor: 'enabled' });
  });

  it('regenerates recovery codes for a current code only; the old ones stop working', async () => {
    expect((await post(paths.recoveryCodes, editor, { code: '123456' })).statusCode).toBe(400);
    t.clock.advance(30);
    const before = await t.db.selectFrom('account_recovery_codes').select('code_hash').execute();
    const res = await post(paths.recoveryCodes, editor, { code: await codeAt(secret, t.clock) });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.recovery_codes).toHaveLength(RECOVERY_CODE_COUNT);
    const after = await t.db.selectFrom('account_recovery_codes').select('code_hash').execute();
    expect(after.map((r) => r.code_hash)).not.toContain(before[0]?.code_hash);
    expect((await auditActions(demoId)).map((e) => e.action)).toContain('account.recovery_codes');
  });

  it('refuses a code already used (the same time step is not accepted twice)', async () => {
    t.clock.advance(30);
    const code = await codeAt(secret, t.clock);
    expect((await post(paths.recoveryCodes, editor, { code })).statusCode).toBe(200);
    const replay = await post(paths.recoveryCodes, editor, { code });
    expect(replay.statusCode).toBe(400);
    expect(errorsOf(replay.body)[0]?.code).toBe(TwoFactorErrorCode.invalidCode);
  });

  it('turns off only with a current code, after which sign-in is password only again', async () => {
    t.clock.advance(30);
    expect((await post(paths.disable, editor)).statusCode).toBe(400);
    expect((await post(paths.disable, editor, { code: '999999' })).statusCode).toBe(400);
    expect((await status(editor)).json().data.enabled).toBe(true);
    const res = await post(paths.disable, editor, { code: await codeAt(secret, t.clock) });
    expect(res.statusCode).toBe(200);
    expect((await status(editor)).json().data).toMatchObject({ enabled: false, recovery_codes_left: 0 });
    expect(await t.db.selectFrom('account_recovery_codes').selectAll().execute()).toHaveLength(0);
    const entries = await auditActions(demoId);
    expect(entries.at(-1)).toMatchObject({ action: 'account.two_factor_off' });
    expect(entries.at(-1)?.details).toMatchObject({ two_factor: 'disabled', with: 'totp' });
  });

  it('turns off with a recovery code too', async () => {
    const { recoveryCodes } = await enrol(t.app, t.clock, admin);
    const res = await post(paths.disable, admin, { code: recoveryCodes[3]!.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect((await status(admin)).json().data.enabled).toBe(false);
    const last = (await auditActions(demoId)).at(-1);
    expect(last?.details).toMatchObject({ with: 'recovery_code' });
  });
});
