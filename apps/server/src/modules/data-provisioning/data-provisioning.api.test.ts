import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  createAccount,
  createStack,
  errorsOf,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import {
  comment,
  connect,
  contribution,
  follow,
  login,
  member,
  multipart,
} from '../../test-support/analytics-fixture.ts';
import { monthsBefore, reportWindow } from './data-provisioning.service.ts';

const HAND = '/c/hand/platform/api/v1/data_provisioning';
const DEMO = '/c/demo/platform/api/v1/data_provisioning';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;
let publisher: SignedIn;
let outsider: SignedIn;
let handId: number;
let adminUserId: number;
let editorUserId: number;

/**
 * A hand-made community "hand" (reference date 2026-11-20: the window is [2026-10-22, 2026-11-21)).
 * m1..m6 registered in January, m9 just before the window, m7 and m8 inside it, m10 after the date.
 */
async function handMadeCommunity() {
  const db = t.db;
  handId = await createStack(db, 'hand', 'Hand-made community');
  const adminAccount = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', 'admin')
    .executeTakeFirstOrThrow();
  adminUserId = await addStaff(db, handId, adminAccount.id, 'admin', 'admin');
  const edAccount = await db
    .selectFrom('accounts')
    .select('id')
    .where('username', '=', 'ed')
    .executeTakeFirstOrThrow();
  editorUserId = await addStaff(db, handId, edAccount.id, 'ed', 'editor');
  await addStaff(db, handId, await createAccount(db, 'mod', 'moderator-pass-1'), 'mod', 'moderator');
  await addStaff(db, handId, await createAccount(db, 'pub', 'publisher-pass-1'), 'pub', 'publisher');
  await createAccount(db, 'nobody', 'nobody-password-1');

  const m: number[] = [0];
  for (let i = 1; i <= 6; i += 1) m.push(await member(db, handId, `m${i}`, '2026-01-10T12:00:00Z'));
  m.push(await member(db, handId, 'm7', '2026-11-01T09:00:00Z'));
  m.push(await member(db, handId, 'm8', '2026-11-01T10:00:00Z'));
  m.push(await member(db, handId, 'm9', '2026-10-21T23:00:00Z'));
  m.push(await member(db, handId, 'm10', '2026-11-25T10:00:00Z'));
  // m4 only has a last_login (no logins rows); m5's last login is long ago.
  await db
    .updateTable('community_users')
    .set({ last_login: new Date('2026-11-15T08:00:00Z') })
    .where('id', '=', m[4]!)
    .execute();
  await db
    .updateTable('community_users')
    .set({ last_login: new Date('2026-09-01T08:00:00Z') })
    .where('id', '=', m[5]!)
    .execute();

  await login(db, handId, m[1]!, '2026-11-10T10:00:00Z');
  await login(db, handId, m[1]!, '2026-11-12T10:00:00Z');
  await login(db, handId, m[2]!, '2026-10-22T00:00:00Z'); // first instant of the window: counts
  await login(db, handId, m[3]!, '2026-10-21T23:59:59Z'); // just before: does not
  await login(db, handId, m[7]!, '2026-11-02T10:00:00Z');
  await login(db, handId, m[9]!, '2026-11-20T23:59:59Z'); // last second of the reference date
  await login(db, handId, m[10]!, '2026-11-26T10:00:00Z'); // after the date
  await login(db, handId, m[6]!, '2026-10-01T10:00:00Z'); // active in the October window only
  await login(db, handId, adminUserId, '2026-11-10T10:00:00Z'); // staff: never a member

  const c1 = await contribution(db, handId, m[1]!, '2026-11-05T10:00:00Z');
  await comment(db, handId, m[2]!, c1, '2026-11-06T10:00:00Z');
  const c7 = await contribution(db, handId, m[7]!, '2026-11-03T10:00:00Z');
  await comment(db, handId, m[7]!, c7, '2026-11-04T10:00:00Z');
  await contribution(db, handId, m[5]!, '2026-10-01T10:00:00Z'); // before the window
  await contribution(db, handId, adminUserId, '2026-11-05T10:00:00Z'); // staff

  await connect(db, handId, m[1]!, m[2]!, '2026-02-01T00:00:00Z');
  await connect(db, handId, m[1]!, m[3]!, '2026-03-01T00:00:00Z');
  await connect(db, handId, m[2]!, m[9]!, '2026-11-10T00:00:00Z');
  await connect(db, handId, m[7]!, m[8]!, '2026-11-10T00:00:00Z');
  await connect(db, handId, m[1]!, adminUserId, '2026-11-10T00:00:00Z'); // with staff: not counted
  await connect(db, handId, m[1]!, m[10]!, '2026-11-26T00:00:00Z'); // m10 registered after the date
  await connect(db, handId, m[3]!, m[4]!, '2026-11-22T00:00:00Z'); // made after the date

  await follow(db, handId, m[1]!, m[2]!, '2026-05-01T00:00:00Z');
  await follow(db, handId, m[2]!, m[1]!, '2026-05-02T00:00:00Z'); // same pair
  await follow(db, handId, m[3]!, m[4]!, '2026-05-03T00:00:00Z');
  await follow(db, handId, m[5]!, m[6]!, '2026-05-04T00:00:00Z');
  await follow(db, handId, m[1]!, adminUserId, '2026-05-05T00:00:00Z'); // staff

  // Another community's activity inside the window must not count.
  const elsewhere = await createStack(db, 'elsewhere', 'Elsewhere');
  const stranger = await member(db, elsewhere, 'stranger', '2026-11-01T00:00:00Z');
  await login(db, elsewhere, stranger, '2026-11-10T00:00:00Z');
  await contribution(db, elsewhere, stranger, '2026-11-10T00:00:00Z');
}

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_BODY_LIMIT: String(1024 * 1024) } });
  ({ admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  await handMadeCommunity();
  moderator = await signIn(t.app, 'mod', 'moderator-pass-1');
  publisher = await signIn(t.app, 'pub', 'publisher-pass-1');
  outsider = await signIn(t.app, 'nobody', 'nobody-password-1');
});
afterAll(() => t.close());

const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.bearer });

describe('report windows', () => {
  it('are the 30 days that end with the reference date', () => {
    const w = reportWindow('2026-11-20');
    expect(w.since.toISOString()).toBe('2026-10-22T00:00:00.000Z');
    expect(w.until.toISOString()).toBe('2026-11-21T00:00:00.000Z');
  });
  it('step back by calendar months, clamping the day', () => {
    expect(monthsBefore('2026-11-20', 1)).toBe('2026-10-20');
    expect(monthsBefore('2026-03-31', 1)).toBe('2026-02-28');
    expect(monthsBefore('2026-01-15', 2)).toBe('2025-11-15');
  });
});

describe('reports on the hand-made community (core §9)', () => {
  it('active users: m1, m2, m4 (last_login), m7, m9 = 5 of 9 members', async () => {
    const res = await get(`${HAND}/active_users/?date=2026-11-20`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      date: '2026-11-20',
      value: 5,
      since: '2026-10-22T00:00:00.000Z',
      until: '2026-11-21T00:00:00.000Z',
      active: 5,
      members: 9,
      from: '2026-10-22',
      to: '2026-11-20',
      active_users: 5,
      total_users: 9,
    });
  });

  it('retention: 100 × (5 active − 2 new) / 7 registered before = 42.8571; October 100 × (1 − 0) / 6', async () => {
    const res = await get(`${HAND}/retention/?date=2026-11-20`);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({
      date: '2026-11-20',
      period: 2,
      active: 5,
      new: 2,
      registered_before: 7,
      value: Math.round(((100 * (5 - 2)) / 7) * 10_000) / 10_000,
      retention: 42.8571,
    });
    expect(data.series).toEqual(data.results);
    expect(
      data.series.map(
        (p: { date: string; value: number; active: number; new: number; registered_before: number }) => [
          p.date,
          p.active,
          p.new,
          p.registered_before,
          p.value,
        ],
      ),
    ).toEqual([
      ['2026-10-20', 1, 0, 6, 16.6667],
      ['2026-11-20', 5, 2, 7, 42.8571],
    ]);
    const three = await get(`${HAND}/retention/?date=2026-11-20&period=3`);
    expect(three.json().data.series.map((p: { date: string }) => p.date)).toEqual([
      '2026-09-20',
      '2026-10-20',
      '2026-11-20',
    ]);
  });

  it('engagement: 100 × 3 contributors (m1 posted, m2 commented, m7 both) / 5 active = 60', async () => {
    const res = await get(`${HAND}/engagement/?date=2026-11-20`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      value: 60,
      engagement: 60,
      active: 5,
      contributors: 3,
      active_contributors: 3,
    });
  });

  it('social density: 4 member connections / (9 × 8 / 2) = 0.1111; with follows 3 pairs / 36', async () => {
    const res = await get(`${HAND}/social_density/?date=2026-11-20`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      mode: 'connections',
      members: 9,
      nodes: 9,
      possible_pairs: 36,
      connections: 4,
      value: 0.1111,
      social_density: 0.1111,
    });
    await t.db
      .insertInto('dynamic_preferences')
      .values({
        stack_id: handId,
        name: 'follow_enabled',
        section: 'configurations',
        value: 'true',
        updated_at: new Date(),
        updated_by: null,
      })
      .execute();
    const follows = await get(`${HAND}/social_density/?date=2026-11-20`);
    expect(follows.json().data).toMatchObject({ mode: 'follows', connections: 3, value: 0.0833 });
    await t.db
      .deleteFrom('dynamic_preferences')
      .where('stack_id', '=', handId)
      .where('name', '=', 'follow_enabled')
      .execute();
  });

  it('default to today (the clock is 2026-11-21): the window moves by one day', async () => {
    const res = await get(`${HAND}/active_users/`);
    // [2026-10-23, 2026-11-22): m2's login on 10-22 falls out; m10 (registered 11-25) still not a member.
    expect(res.json().data).toMatchObject({ date: '2026-11-21', active: 4, members: 9 });
  });

  it('answer 0 (and null in the shared fields) when the denominator is 0', async () => {
    const res = await get(`${HAND}/engagement/?date=2025-01-01`);
    expect(res.json().data).toMatchObject({ value: 0, engagement: null, active: 0 });
    const density = await get(`${HAND}/social_density/?date=2025-01-01`);
    expect(density.json().data).toMatchObject({ value: 0, social_density: null, members: 0 });
  });

  it('refuse a bad date or period', async () => {
    expect((await get(`${HAND}/active_users/?date=2026-13-01`)).statusCode).toBe(400);
    expect((await get(`${HAND}/active_users/?date=yesterday`)).statusCode).toBe(400);
    expect((await get(`${HAND}/retention/?period=0`)).statusCode).toBe(400);
    expect((await get(`${HAND}/retention/?period=25`)).statusCode).toBe(400);
  });
});

describe('report access', () => {
  const reports = ['active_users/', 'retention/', 'engagement/', 'social_density/'];
  // Analytics is a content and marketing function (spec mgmt §6): not the moderators'.
  it('admins and editors read them, moderators get 403', async () => {
    for (const who of [admin, editor]) {
      for (const report of reports) expect((await get(`${HAND}/${report}`, who)).statusCode).toBe(200);
    }
    for (const report of reports) expect((await get(`${HAND}/${report}`, moderator)).statusCode).toBe(403);
  });
  it('a publisher gets 403, someone without a role here 404, no token 401', async () => {
    for (const report of reports) {
      expect((await get(`${HAND}/${report}`, publisher)).statusCode).toBe(403);
      expect((await get(`${HAND}/${report}`, outsider)).statusCode).toBe(404);
      expect((await get(`${HAND}/${report}`, owner)).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `${HAND}/${report}` })).statusCode).toBe(401);
    }
  });
  it('answer 403 feature_disabled while data_provisioning_reports is off; check says unavailable once every flag is off', async () => {
    expect((await get(`${HAND}/check/`)).json()).toEqual({ data: { available: true } });
    await setFlag(t, admin, handId, 'data_provisioning_reports', false);
    for (const report of reports) {
      const res = await get(`${HAND}/${report}`);
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res.body)[0]?.code).toBe('feature_disabled');
    }
    expect((await get(`${HAND}/check/`)).json()).toEqual({ data: { available: true } });
    for (const flag of ['dashboard', 'users', 'contents', 'polls'] as const) {
      await setFlag(t, admin, handId, `data_provisioning_${flag}`, false);
    }
    expect((await get(`${HAND}/check/`)).json()).toEqual({ data: { available: false } });
    expect((await get(`${HAND}/check/`, publisher)).statusCode).toBe(403);
    for (const flag of ['reports', 'dashboard', 'users', 'contents', 'polls'] as const) {
      await setFlag(t, admin, handId, `data_provisioning_${flag}`, true);
    }
    expect((await get(`${HAND}/active_users/`)).statusCode).toBe(200);
  });
});

describe('dashboard layout', () => {
  const url = (userId: number, base = HAND) => `${base}/dashboard/${userId}/`;
  const save = (userId: number, layout: string, who: SignedIn = admin) =>
    t.app.inject({ method: 'POST', url: url(userId), ...multipart({ layout }, who.bearer) });

  it('starts empty, keeps what the caller saves, and each staff member has their own', async () => {
    expect((await get(url(adminUserId))).json()).toEqual({ data: { layout: '' } });
    const layout = JSON.stringify({
      components: [{ key: 1 }],
      layouts: { lg: [{ i: '1', x: 0, y: 0, w: 3, h: 3 }] },
    });
    const saved = await save(adminUserId, layout);
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toEqual({ data: { layout } });
    expect((await get(url(adminUserId))).json()).toEqual({ data: { layout } });
    expect((await get(url(editorUserId), editor)).json()).toEqual({ data: { layout: '' } });
    expect((await save(editorUserId, '[]', editor)).statusCode).toBe(200);
    expect((await get(url(adminUserId))).json()).toEqual({ data: { layout } });
    const again = JSON.stringify({ components: [] });
    await save(adminUserId, again);
    expect((await get(url(adminUserId))).json()).toEqual({ data: { layout: again } });
  });

  it("answers 404 for another user's id (read or write)", async () => {
    expect((await get(url(editorUserId))).statusCode).toBe(404);
    expect((await save(editorUserId, '[]')).statusCode).toBe(404);
    expect((await get(url(editorUserId), editor)).json()).toEqual({ data: { layout: '[]' } });
  });

  it('refuses a layout that is not JSON, missing, or larger than 100 KB', async () => {
    const bad = await save(adminUserId, '{not json');
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]).toMatchObject({ field: 'layout', code: 'invalid' });
    const missing = await t.app.inject({
      method: 'POST',
      url: url(adminUserId),
      ...multipart({}, admin.bearer),
    });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing.body)[0]).toMatchObject({ field: 'layout', code: 'required' });
    const big = JSON.stringify({ pad: 'x'.repeat(100 * 1024) });
    const tooLarge = await save(adminUserId, big);
    expect(tooLarge.statusCode).toBe(400);
    expect(errorsOf(tooLarge.body)[0]).toMatchObject({ field: 'layout', code: 'invalid' });
    const fits = JSON.stringify({ pad: 'x'.repeat(100 * 1024 - 20) });
    expect((await save(adminUserId, fits)).statusCode).toBe(200);
  });

  it('follows the guard: publisher 403, another community 404, feature off 403', async () => {
    expect((await get(url(adminUserId), publisher)).statusCode).toBe(403);
    expect((await get(url(adminUserId), owner)).statusCode).toBe(404);
    expect((await get(url(adminUserId, DEMO), owner)).statusCode).toBe(404);
    await setFlag(t, admin, handId, 'data_provisioning_dashboard', false);
    const off = await save(adminUserId, '[]');
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    await setFlag(t, admin, handId, 'data_provisioning_dashboard', true);
  });
});
