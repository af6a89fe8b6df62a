import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
  type SignedIn,
} from '../../test-support/fixtures.ts';

const BASE = '/c/demo/platform/api/v1/legal_pages';
const HEADER = 'x-legal-acceptance-required';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let demoId: number;
let tecId: number;
let privacyId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const member = (method: 'GET' | 'POST', path: string, who?: SignedIn, body?: unknown) =>
  t.app.inject({
    method,
    url: `/c/demo/api/v2${path}`,
    headers: { ...(who?.bearer ?? {}), ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

interface Summary {
  id: number;
  policy: string;
  version: { id: number; label: string; accepted_count: number };
}
const pages = async (): Promise<Summary[]> => (await get('')).json().data.results;
const currentOf = async (policy: string) => (await pages()).find((p) => p.policy === policy)!.version;

describe('the demo community', () => {
  it('ships a terms of service and a privacy policy, accepted by nobody yet', async () => {
    const list = await pages();
    expect(list.map((p) => [p.policy, p.version.label, p.version.accepted_count])).toEqual([
      ['privacy', 'Privacy policy', 0],
      ['tec', 'Terms of service', 0],
    ]);
    tecId = list.find((p) => p.policy === 'tec')!.id;
    privacyId = list.find((p) => p.policy === 'privacy')!.id;
  });
});

describe('who may manage legal pages', () => {
  it('admins and editors; not moderators, members, nor another community’s admin', async () => {
    expect((await get('', editor)).statusCode).toBe(200);
    expect((await get('', moderator)).statusCode).toBe(403);
    expect((await get('', alice)).statusCode).toBe(401);
    expect((await get(`${tecId}/`, owner, '/c/other/platform/api/v1/legal_pages')).statusCode).toBe(404);
    expect(
      (await post(`${tecId}/force_accept/`, {}, owner, '/c/other/platform/api/v1/legal_pages')).statusCode,
    ).toBe(404);
    expect(
      (await post(`${tecId}/versions/add/`, { label: 'x', html_body: '<p>x</p>' }, moderator)).statusCode,
    ).toBe(403);
  });

  it('answer 404 “Legal page not found” for an unknown page and 400 for a bad id', async () => {
    const res = await get('999999/');
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res.body)[0]?.message).toBe('Legal page not found');
    expect((await get('abc/')).statusCode).toBe(400);
  });
});

describe('versions', () => {
  it('refuses a version without a label or with no text (after sanitising), field by field', async () => {
    const res = await post(`${tecId}/versions/add/`, { label: ' ', html_body: '<script>alert(1)</script>' });
    expect(res.statusCode).toBe(400);
    expect(
      errorsOf(res.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['html_body', 'label']);
    const dates = await post(`${tecId}/versions/add/`, {
      label: 'Terms',
      html_body: '<p>ok</p>',
      valid_from: '2026-12-01',
      valid_to: '2026-11-01',
    });
    expect(errorsOf(dates.body)[0]?.field).toBe('valid_to');
  });

  it('stores the body sanitised by the allow-list, never as sent, and keeps the previous versions', async () => {
    const res = await post(
      `${tecId}/versions/add/`,
      {
        label: 'Terms of service 2',
        html_body: '<p onclick="x()">New <b>terms</b><img src=x onerror=alert(1)><script>bad()</script></p>',
        valid_from: '2026-12-01',
      },
      editor,
    );
    expect(res.statusCode, res.body).toBe(200);
    const detail = res.json().data;
    expect(detail.versions).toHaveLength(2);
    expect(detail.versions[0]).toMatchObject({
      label: 'Terms of service 2',
      html_body: '<p>New <b>terms</b></p>',
      valid_from: '2026-12-01',
      valid_to: null,
    });
    expect(detail.versions[1].label).toBe('Terms of service');
    expect((await get(`${tecId}/`)).json().data.versions.map((v: { label: string }) => v.label)).toEqual([
      'Terms of service 2',
      'Terms of service',
    ]);
  });

  it('adds a page for a policy without one, and refuses a second page of the same policy', async () => {
    const cookies = await post('add/', {
      policy: 'cookies',
      label: 'Cookies',
      html_body: '<p>We use cookies</p>',
    });
    expect(cookies.statusCode, cookies.body).toBe(200);
    const again = await post('add/', { policy: 'cookies', label: 'Cookies', html_body: '<p>again</p>' });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body)[0]?.field).toBe('policy');
    expect((await post('add/', { policy: 'nope', label: 'x', html_body: '<p>x</p>' })).statusCode).toBe(400);
    // A policy members need not accept may go; a required one may not.
    expect((await post(`${cookies.json().data.id}/delete/`, {})).statusCode).toBe(200);
    expect((await post(`${tecId}/delete/`, {})).statusCode).toBe(400);
  });
});

describe('acceptance', () => {
  it('is reported on every member call until the member accepts the current versions', async () => {
    const tec = await currentOf('tec');
    const privacy = await currentOf('privacy');
    const me = await member('GET', '/legal_page/user_acks/', alice);
    expect(me.statusCode).toBe(200);
    expect(me.headers[HEADER]).toBe(`privacy=${privacy.id}, tec=${tec.id}`);
    // Anonymous readers see the pages (terms come before joining) and get no notice.
    const anonymous = await member('GET', '/legal_page/tec/');
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toMatchObject({
      id: tec.id,
      slug: 'tec',
      type: 'legal',
      active: true,
      ack: null,
    });
    expect(anonymous.headers[HEADER]).toBeUndefined();

    const ack = await member('POST', `/legal_page/${tec.id}/ack/`, alice, { accept: 'true' });
    expect(ack.statusCode, ack.body).toBe(200);
    expect(ack.json()).toMatchObject({ custom_page: tec.id, not_accepted_at: null });
    expect(ack.headers[HEADER]).toBe(`privacy=${privacy.id}`);
    await member('POST', `/legal_page/${privacy.id}/ack/`, alice, { accept: 1 === 1 });
    const after = await member('GET', '/legal_page/last_revisions/', alice);
    expect(after.headers[HEADER]).toBeUndefined();
    expect(after.json().map((p: { slug: string; ack: unknown }) => [p.slug, p.ack !== null])).toEqual([
      ['privacy', true],
      ['tec', true],
    ]);
    expect((await currentOf('tec')).accepted_count).toBe(1);
    expect((await member('GET', '/legal_page/user_acks/', alice)).json()).toHaveLength(2);
  });

  it('records a refusal, which does not count and keeps the notice', async () => {
    const tec = await currentOf('tec');
    const res = await member('POST', `/legal_page/${tec.id}/ack/`, bob, { accept: 'off' });
    expect(res.json()).toMatchObject({ accepted_at: null });
    expect(res.json().not_accepted_at).not.toBeNull();
    expect(res.headers[HEADER]).toContain(`tec=${tec.id}`);
    expect((await currentOf('tec')).accepted_count).toBe(1);
    expect((await member('POST', `/legal_page/${tec.id}/ack/`, bob, { accept: 'maybe' })).statusCode).toBe(
      400,
    );
    expect((await member('POST', `/legal_page/${tec.id}/ack/`, bob, { accept: 2 })).statusCode).toBe(400);
    // SelfCommunity's SDK sends the number: 0 refuses (again), 1 accepts.
    const zero = await member('POST', `/legal_page/${tec.id}/ack/`, bob, { accept: 0 });
    expect(zero.json()).toMatchObject({ accepted_at: null });
    expect((await currentOf('tec')).accepted_count).toBe(1);
  });

  it('a new version makes every member accept again', async () => {
    const res = await post(`${tecId}/versions/add/`, {
      label: 'Terms of service 3',
      html_body: '<p>Third</p>',
    });
    const newest = res.json().data.versions[0];
    expect(newest.accepted_count).toBe(0);
    const call = await member('GET', '/legal_page/user_acks/', alice);
    expect(call.headers[HEADER]).toBe(`tec=${newest.id}`);
    expect((await member('GET', `/legal_page/tec/`, alice)).json()).toMatchObject({
      id: newest.id,
      ack: null,
    });
    expect((await member('GET', '/legal_page/tec/revisions/', alice)).json().count).toBe(3);
    await member('POST', `/legal_page/${newest.id}/ack/`, alice, { accept: true });
    expect((await currentOf('tec')).accepted_count).toBe(1);
  });

  it('force-accept makes every member accept the same version again', async () => {
    const tec = await currentOf('tec');
    expect(tec.accepted_count).toBe(1);
    const forced = await post(`${tecId}/force_accept/`, {}, editor);
    expect(forced.statusCode, forced.body).toBe(200);
    expect((await currentOf('tec')).accepted_count).toBe(0);
    const call = await member('GET', '/legal_page/user_acks/', alice);
    expect(call.headers[HEADER]).toBe(`tec=${tec.id}`);
    expect((await member('GET', `/legal_page/${tec.id}/user_ack/`, alice)).statusCode).toBe(404);
    await member('POST', `/legal_page/${tec.id}/ack/`, alice, { accept: 'on' });
    expect((await member('GET', `/legal_page/${tec.id}/user_ack/`, alice)).statusCode).toBe(200);
    expect((await currentOf('tec')).accepted_count).toBe(1);
  });

  it('does not reach another community’s pages, and is silent while the flag is off', async () => {
    expect(
      (await member('POST', `/legal_page/${privacyId + 100000}/ack/`, alice, { accept: true })).statusCode,
    ).toBe(404);
    const tec = await currentOf('tec');
    const other = await t.app.inject({ method: 'GET', url: `/c/other/api/v2/legal_page/${tec.id}/` });
    expect([401, 404]).toContain(other.statusCode);
    expect((await member('GET', '/legal_page/search/?search=Terms', alice)).json().count).toBe(3);
    await post(`${tecId}/versions/add/`, { label: 'Terms 4', html_body: '<p>4</p>' });
    await setFlag(t, admin, demoId, 'legal_pages', false);
    const off = await member('GET', '/user/me/', bob);
    expect(off.headers[HEADER]).toBeUndefined();
    expect((await member('GET', '/legal_page/', bob)).statusCode).toBe(403);
    expect((await get('')).statusCode).toBe(403);
    await setFlag(t, admin, demoId, 'legal_pages', true);
    expect((await member('GET', '/user/me/', bob)).headers[HEADER]).toContain('tec=');
  });
});
