import { TwoFactorErrorCode, twoFactorPaths as paths } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, errorsOf, form, type SignedIn } from '../../test-support/fixtures.ts';
import { enrol } from './two-factor-fixtures.ts';

const DEMO = '/c/demo';
let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, owner, demoId } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const getRule = (who: SignedIn, base = DEMO) =>
  t.app.inject({ method: 'GET', url: `${base}${paths.requirement}`, headers: who.bearer });
const setRule = (who: SignedIn, required: boolean, base = DEMO) =>
  t.app.inject({
    method: 'POST',
    url: `${base}${paths.requirement}`,
    ...form({ required: String(required) }, who.bearer),
  });
const stackSelf = (who: SignedIn, base = DEMO) =>
  t.app.inject({ method: 'GET', url: `${base}/platform/api/v1/stack/`, headers: who.bearer });

describe("a community's second-factor requirement", () => {
  it('is off by default and lists the staff without a second factor', async () => {
    const res = await getRule(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ required: false, staff_without_two_factor: ['admin', 'ed'] });
  });

  it('is for the community admin only', async () => {
    expect((await getRule(editor)).statusCode).toBe(403);
    expect((await setRule(editor, true)).statusCode).toBe(403);
    expect((await getRule(owner)).statusCode).toBe(404);
  });

  it("needs the admin's own second factor before it can be turned on", async () => {
    const res = await setRule(admin, true);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ code: TwoFactorErrorCode.notEnabled, field: 'required' });
  });

  it('turned on, refuses the community API to staff without one, with a code the console knows', async () => {
    await enrol(t.app, t.clock, admin);
    const res = await setRule(admin, true);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ required: true, staff_without_two_factor: ['ed'] });
    const refused = await stackSelf(editor);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe(TwoFactorErrorCode.required);
    // The same console session is refused through the community's member API too.
    const v2 = await t.app.inject({
      method: 'POST',
      url: `${DEMO}/api/v2/sso/signin/`,
      headers: editor.bearer,
    });
    expect(v2.statusCode).toBe(403);
    expect(errorsOf(v2.body)[0]?.code).toBe(TwoFactorErrorCode.required);
    // The admin (with a factor) goes on; another community is not concerned.
    expect((await stackSelf(admin)).statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `${DEMO}/api/v2/sso/signin/`, headers: admin.bearer }))
        .statusCode,
    ).toBe(200);
    expect((await stackSelf(owner, '/c/other')).statusCode).toBe(200);
  });

  it('leaves the enrolment calls and the hub open, and tells the editor which community requires it', async () => {
    const status = await t.app.inject({ method: 'GET', url: paths.status, headers: editor.bearer });
    expect(status.json().data.required_by).toEqual([{ id: demoId, slug: 'demo', name: expect.any(String) }]);
    const stacks = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: editor.bearer,
    });
    expect(stacks.statusCode).toBe(200);
    await enrol(t.app, t.clock, editor);
    expect((await stackSelf(editor)).statusCode).toBe(200);
    expect((await getRule(admin)).json().data.staff_without_two_factor).toEqual([]);
  });

  it('is written to the audit log when changed', async () => {
    expect((await setRule(admin, false)).statusCode).toBe(200);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['action', 'details', 'username'])
      .where('stack_id', '=', demoId)
      .where('action', '=', 'two_factor.requirement')
      .orderBy('id')
      .execute();
    expect(rows.map((r) => (r.details as { body: { required: unknown } }).body.required)).toEqual([
      true,
      false,
    ]);
    expect(rows[0]?.username).toBe('admin');
  });
});
