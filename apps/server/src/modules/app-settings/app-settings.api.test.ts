import { APP_REQUEST_ERROR_MESSAGE } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  createAccount,
  errorsOf,
  form,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';
const ANDROID = {
  google_play_developer_id: '1234567890123456789',
  google_play_account_email: 'dev@example.com',
};
const IOS = { apple_team_id: 'AB12CD34EF', apple_account_email: 'apple@example.com' };

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const get = (platform: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/app_settings/${platform}/`, headers: who.bearer });

const send = (platform: string, body: Record<string, string>, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'POST', url: `${base}/app_settings/${platform}/`, ...form(body, who.bearer) });

const move = (platform: string, status: string, who: SignedIn = admin, stackId = demoId) =>
  t.app.inject({
    method: 'POST',
    url: `/platform/api/v1/stacks/${stackId}/app_requests/${platform}/status/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ status }),
  });

describe('app settings: the request for a store app', () => {
  it('has no request until one is sent, and says which preference holds the store badge URL', async () => {
    // App settings are the admin's (spec mgmt §6: not a content or marketing function).
    expect((await get('android', editor)).statusCode).toBe(403);
    const res = await get('android');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      platform: 'android',
      status: null,
      account: {},
      sent_at: null,
      updated_at: null,
      history: [],
      can_send: true,
      min_os: '8.0',
      store_url_preference: 'app_url_on_google_play',
    });
    const ios = (await get('ios')).json().data;
    expect(ios.min_os).toBe('9.0');
    expect(ios.store_url_preference).toBe('app_url_on_app_store');
    expect((await get('windows')).statusCode).toBe(400);
  });

  it('refuses invalid accounts with the spec message and one entry per field, and stores nothing', async () => {
    const res = await send('ios', { apple_team_id: 'abc', apple_account_email: 'not-an-email' });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.body);
    expect(errors[0]).toMatchObject({ code: 'invalid_accounts', message: APP_REQUEST_ERROR_MESSAGE });
    expect(errors.slice(1)).toEqual([
      expect.objectContaining({
        field: 'apple_team_id',
        code: 'invalid',
        message: 'An Apple team id is made of 10 capital letters or digits.',
      }),
      expect.objectContaining({ field: 'apple_account_email', code: 'invalid', message: 'Invalid email' }),
    ]);
    const missing = errorsOf((await send('android', {})).body);
    expect(missing[0]?.message).toBe(APP_REQUEST_ERROR_MESSAGE);
    expect(missing.slice(1).map((e) => [e.field, e.code])).toEqual([
      ['google_play_developer_id', 'required'],
      ['google_play_account_email', 'required'],
    ]);
    const badId = errorsOf((await send('android', { ...ANDROID, google_play_developer_id: '12ab' })).body);
    expect(badId[1]).toMatchObject({
      field: 'google_play_developer_id',
      message: 'A Google Play developer account id is made of 10 to 25 digits.',
    });
    // Android's fields do not make an iOS request.
    expect((await send('ios', ANDROID)).statusCode).toBe(400);
    expect((await get('ios')).json().data.status).toBeNull();
  });

  it('sends a request with status sent and its date and time; it may be sent again while still sent', async () => {
    const res = await send('android', ANDROID);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      status: 'sent',
      account: ANDROID,
      sent_at: '2026-11-21T10:00:00.000Z',
      can_send: true,
      history: [{ status: 'sent', at: '2026-11-21T10:00:00.000Z' }],
    });
    t.clock.advance(60);
    const again = (
      await send('android', { ...ANDROID, google_play_account_email: 'other@example.com' })
    ).json().data;
    expect(again.sent_at).toBe('2026-11-21T10:01:00.000Z');
    expect(again.account.google_play_account_email).toBe('other@example.com');
    expect(again.history.map((e: { status: string }) => e.status)).toEqual(['sent', 'sent']);
    expect((await get('android')).json().data.status).toBe('sent');
  });

  it('lets only hub administrators move it along, refusing moves the states do not allow', async () => {
    const founder = await createAccount(t.db, 'founder', 'founder-password-1');
    await addStaff(t.db, demoId, founder, 'founder', 'admin');
    const communityAdmin = await signIn(t.app, 'founder', 'founder-password-1');
    expect((await move('android', 'received_under_verification', communityAdmin)).statusCode).toBe(403);
    expect((await move('android', 'received_under_verification', editor)).statusCode).toBe(403);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/platform/api/v1/stacks/${demoId}/app_requests/android/status/`,
          payload: { status: 'completed' },
        })
      ).statusCode,
    ).toBe(401);

    const skip = await move('android', 'taken_in_charge');
    expect(skip.statusCode).toBe(409);
    expect(errorsOf(skip.body)[0]).toMatchObject({ code: 'invalid_transition', field: 'status' });
    expect((await move('android', 'bogus')).statusCode).toBe(400);
    expect((await move('ios', 'received_under_verification')).statusCode).toBe(404);
    expect((await move('android', 'received_under_verification', admin, 99999)).statusCode).toBe(404);

    t.clock.advance(3600);
    const received = await move('android', 'received_under_verification');
    expect(received.statusCode, received.body).toBe(200);
    expect(received.json().data).toMatchObject({ status: 'received_under_verification', can_send: false });
    // While the provider verifies it, the community cannot send it again.
    const busy = await send('android', ANDROID);
    expect(busy.statusCode).toBe(409);
    expect(errorsOf(busy.body)[0]?.code).toBe('invalid_transition');

    expect((await move('android', 'completed')).statusCode).toBe(409);
    expect((await move('android', 'taken_in_charge')).statusCode).toBe(200);
    expect((await move('android', 'rejected')).statusCode).toBe(409);
    const done = (await move('android', 'completed')).json().data;
    expect(done.status).toBe('completed');
    expect(done.can_send).toBe(false);
    expect(done.history.map((e: { status: string }) => e.status)).toEqual([
      'sent',
      'sent',
      'received_under_verification',
      'taken_in_charge',
      'completed',
    ]);
    expect(done.sent_at).toBe('2026-11-21T10:01:00.000Z');
    expect((await move('android', 'sent')).statusCode).toBe(409);
  });

  it('accepts a new request after a rejection', async () => {
    expect((await send('ios', IOS)).statusCode).toBe(200);
    expect((await move('ios', 'received_under_verification')).statusCode).toBe(200);
    const rejected = (await move('ios', 'rejected')).json().data;
    expect(rejected).toMatchObject({ status: 'rejected', can_send: true });
    expect((await move('ios', 'taken_in_charge')).statusCode).toBe(409);
    t.clock.advance(600);
    const resent = (await send('ios', IOS)).json().data;
    expect(resent.status).toBe('sent');
    expect(resent.sent_at).toBe('2026-11-21T11:11:00.000Z');
    expect(resent.history.map((e: { status: string }) => e.status)).toEqual([
      'sent',
      'received_under_verification',
      'rejected',
      'sent',
    ]);
  });

  it('refuses writes to editors, hides other communities and follows the app_settings flag', async () => {
    const refused = await send('ios', IOS, editor);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('permission_denied');
    expect((await get('android', admin, OTHER)).statusCode).toBe(404);
    expect((await send('android', ANDROID, admin, OTHER)).statusCode).toBe(404);
    // "other" is on the go plan: app settings are a professional feature.
    const off = await get('android', owner, OTHER);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    await setFlag(t, admin, demoId, 'app_settings', false);
    expect(errorsOf((await send('android', ANDROID)).body)[0]?.code).toBe('feature_disabled');
    expect((await get('android')).statusCode).toBe(403);
    await setFlag(t, admin, demoId, 'app_settings', true);
    expect((await get('android')).statusCode).toBe(200);
  });
});
