import { PROMO_CODE_MESSAGES as M, type PromoCode, type PromoCodeList } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, errorsOf, setFlag } from '../../test-support/fixtures.ts';

const BASE = '/c/demo/platform/api/v1/promo_codes';
const OTHER = '/c/other/platform/api/v1/promo_codes';
const DAY = 86_400_000;

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let vipTag: number;
let betaTag: number;

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const iso = (offsetMs: number) => new Date(t.clock.now().getTime() + offsetMs).toISOString();

async function addTag(name: string): Promise<number> {
  const res = await post('add/', { type: 'user', name }, admin, '/c/demo/platform/api/v1/tags');
  expect(res.statusCode, res.body).toBe(200);
  return data<{ id: number }>(res.body).id;
}

async function addCode(body: Record<string, unknown>): Promise<PromoCode> {
  const res = await post('add/', {
    name: 'Spring',
    tags: [],
    valid_from: iso(-DAY),
    valid_to: iso(DAY),
    ...body,
  });
  expect(res.statusCode, res.body).toBe(200);
  return data<PromoCode>(res.body);
}

const signUp = (username: string, promo_code?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/c/demo/api/v2/account/create/',
    payload: { username, email: `${username}@example.test`, password: 'a-long-pass-phrase-42', promo_code },
  });

async function tagsOf(username: string): Promise<number[]> {
  const rows = await t.db
    .selectFrom('user_tags as ut')
    .innerJoin('community_users as u', (j) =>
      j.onRef('u.id', '=', 'ut.user_id').onRef('u.stack_id', '=', 'ut.stack_id'),
    )
    .select('ut.tag_id')
    .where('u.username', '=', username)
    .where('u.stack_id', '=', demoId)
    .orderBy('ut.tag_id')
    .execute();
  return rows.map((r) => r.tag_id);
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, moderator, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  vipTag = await addTag('VIP');
  betaTag = await addTag('Beta');
});
afterAll(() => t.close());

describe('promo codes: the console', () => {
  it('adds a code with its tags and dates, lists it with who made it, updates and deletes it', async () => {
    const code = await addCode({ name: 'Launch', code: 'LAUNCH-2026', tags: [vipTag, betaTag] });
    expect(code).toMatchObject({ name: 'Launch', code: 'LAUNCH-2026', is_valid_now: true });
    expect(code.tags.map((tag) => tag.name)).toEqual(['VIP', 'Beta']);
    expect(code.created_by?.username).toBe('admin');

    const list = data<PromoCodeList>((await get('?limit=1')).body);
    expect(list.count).toBeGreaterThanOrEqual(1);
    expect(list.results[0]?.code).toBe('LAUNCH-2026');

    const updated = await post(`${code.id}/update/`, { name: 'Launch week', tags: [betaTag] });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(data<PromoCode>(updated.body)).toMatchObject({ name: 'Launch week', code: 'LAUNCH-2026' });
    expect(data<PromoCode>(updated.body).tags.map((tag) => tag.id)).toEqual([betaTag]);

    expect((await post(`${code.id}/delete/`, {})).statusCode).toBe(200);
    expect((await post(`${code.id}/delete/`, {})).statusCode).toBe(404);
  });

  it('pages through every code with the pager', async () => {
    for (let i = 0; i < 5; i += 1) await addCode({ code: `PAGE${i}` });
    const first = data<PromoCodeList>((await get('?search=page&limit=2&offset=0')).body);
    const last = data<PromoCodeList>((await get('?search=page&limit=2&offset=4')).body);
    expect(first.count).toBe(5);
    expect(first.results).toHaveLength(2);
    expect(last.results).toHaveLength(1);
  });

  it('refuses a code already used in the community (any case) with the unique message', async () => {
    const taken = await addCode({ code: 'UNIQUE1' });
    const again = await post('add/', { name: 'x', code: 'unique1', valid_from: iso(0), valid_to: iso(DAY) });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body)).toMatchObject([
      { field: 'code', code: 'unique', message: 'This field must be unique' },
    ]);
    const other = await addCode({ code: 'UNIQUE2' });
    const renamed = await post(`${other.id}/update/`, { code: 'Unique1' });
    expect(renamed.statusCode).toBe(400);
    expect(errorsOf(renamed.body)[0]?.message).toBe(M.unique);
    // Keeping its own code is no clash.
    expect((await post(`${taken.id}/update/`, { code: 'UNIQUE1', name: 'kept' })).statusCode).toBe(200);
    // Another community may use the same code.
    const elsewhere = await post(
      'add/',
      { name: 'x', code: 'UNIQUE1', valid_from: iso(0), valid_to: iso(DAY) },
      owner,
      OTHER,
    );
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
  });

  it('checks every field at once: name, code format, tags, dates and their order', async () => {
    const res = await post('add/', { name: ' ', code: 'has space', tags: [999_999], valid_from: 'soon' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body).map((e) => e.field)).toEqual([
      'name',
      'code',
      'tags',
      'valid_from',
      'valid_to',
    ]);
    const order = await post('add/', { name: 'x', code: 'ORDER', valid_from: iso(DAY), valid_to: iso(0) });
    expect(errorsOf(order.body)).toMatchObject([{ field: 'valid_to', code: 'invalid', message: M.order }]);
  });

  it('lets admins only; another community is 404; flag off is 403 feature_disabled', async () => {
    expect((await get('', editor)).statusCode).toBe(403);
    expect((await get('', moderator)).statusCode).toBe(403);
    const mine = await addCode({ code: 'MINE' });
    expect((await post(`${mine.id}/delete/`, {}, owner, OTHER)).statusCode).toBe(404);
    expect((await get('', owner)).statusCode).toBe(404);
    await setFlag(t, admin, demoId, 'promo_code', false);
    try {
      const off = await get('');
      expect(off.statusCode).toBe(403);
      expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
      expect((await t.app.inject({ method: 'GET', url: '/c/demo/api/v2/promo_code/MINE/' })).statusCode).toBe(
        403,
      );
    } finally {
      await setFlag(t, admin, demoId, 'promo_code', true);
    }
  });
});

describe('promo codes: members', () => {
  it('reads a code publicly by code or id, with whether it is valid now', async () => {
    const code = await addCode({ code: 'PUBLIC', name: 'Public' });
    const byCode = await t.app.inject({ method: 'GET', url: '/c/demo/api/v2/promo_code/public/' });
    expect(byCode.statusCode, byCode.body).toBe(200);
    expect(byCode.json()).toMatchObject({ id: code.id, code: 'PUBLIC', name: 'Public', is_valid_now: true });
    const byId = await t.app.inject({ method: 'GET', url: `/c/demo/api/v2/promo_code/${code.id}/` });
    expect(byId.json().code).toBe('PUBLIC');
    expect((await t.app.inject({ method: 'GET', url: '/c/demo/api/v2/promo_code/NOPE/' })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: '/c/other/api/v2/promo_code/PUBLIC/' })).statusCode,
    ).toBe(404);
  });

  it('gives a new member the tags of a valid code at sign-up', async () => {
    await addCode({ code: 'WELCOME', tags: [vipTag, betaTag] });
    const res = await signUp('promo_ok', 'welcome');
    expect(res.statusCode, res.body).toBe(201);
    expect(await tagsOf('promo_ok')).toEqual([vipTag, betaTag].sort((a, b) => a - b));
  });

  it('refuses an expired, a not yet valid or an unknown code, and creates nobody', async () => {
    await addCode({ code: 'OLD', valid_from: iso(-3 * DAY), valid_to: iso(-DAY) });
    await addCode({ code: 'LATER', valid_from: iso(DAY), valid_to: iso(3 * DAY) });
    for (const [code, message] of [
      ['OLD', M.expired],
      ['LATER', M.notYetValid],
      ['MISSING', M.unknown],
    ] as const) {
      const res = await signUp(`promo_${code.toLowerCase()}`, code);
      expect(res.statusCode, res.body).toBe(400);
      const error = res.json().errors[0];
      expect(error.field).toBe('promo_code');
      expect(JSON.stringify(error)).toContain(message);
      const gone = await t.db
        .selectFrom('community_users')
        .select('id')
        .where('username', '=', `promo_${code.toLowerCase()}`)
        .executeTakeFirst();
      expect(gone).toBeUndefined();
    }
  });
});
