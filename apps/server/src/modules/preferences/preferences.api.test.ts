import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createAccount, form, signIn, type SignedIn } from '../../test-support/fixtures.ts';

const PREFS = '/platform/api/v1/user/preference/';
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('user preferences', () => {
  it('adds, lists, filters by key and updates preferences', async () => {
    const added = await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'platform_tour', value: 'open' }, admin.bearer),
    });
    expect(added.statusCode).toBe(201);
    const pref = added.json().data;
    expect(pref).toMatchObject({ key: 'platform_tour', value: 'open' });

    await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'language', value: 'it' }, admin.bearer),
    });
    const all = await t.app.inject({ method: 'GET', url: PREFS, headers: admin.bearer });
    expect(all.json().data.map((p: { key: string }) => p.key)).toEqual(['platform_tour', 'language']);

    const filtered = await t.app.inject({
      method: 'GET',
      url: `${PREFS}?key=language`,
      headers: admin.bearer,
    });
    expect(filtered.json().data).toEqual([expect.objectContaining({ key: 'language', value: 'it' })]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `${PREFS}${pref.id}/`,
      headers: admin.bearer,
      payload: { value: 'closed' },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data).toEqual({ id: pref.id, key: 'platform_tour', value: 'closed' });
  });

  it('updates instead of duplicating when the key is posted again', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'language', value: 'en' }, admin.bearer),
    });
    expect(res.statusCode).toBe(200);
    const list = (
      await t.app.inject({ method: 'GET', url: `${PREFS}?key=language`, headers: admin.bearer })
    ).json().data;
    expect(list).toHaveLength(1);
    expect(list[0].value).toBe('en');
  });

  it("makes the language preference the session user's language", async () => {
    await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'language', value: 'it' }, admin.bearer),
    });
    const again = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/auth/signin/',
      ...form({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(res.json().data.user.language).toBe('it');
    expect(res.json().data.preferences).toEqual(
      expect.arrayContaining([expect.objectContaining({ key: 'language', value: 'it' })]),
    );
    expect(again.access).toBeTruthy();
  });

  it('refuses unknown keys and values', async () => {
    const badKey = await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'theme', value: 'x' }, admin.bearer),
    });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().errors[0]).toMatchObject({ field: 'key', code: 'invalid' });
    const badValue = await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'language', value: 'fr' }, admin.bearer),
    });
    expect(badValue.statusCode).toBe(400);
    expect(badValue.json().errors[0]).toMatchObject({ field: 'value', code: 'invalid' });
    const missing = await t.app.inject({
      method: 'POST',
      url: PREFS,
      ...form({ key: 'language' }, admin.bearer),
    });
    expect(missing.json().errors[0]).toMatchObject({ field: 'value', code: 'required' });
  });

  it("keeps each account's preferences to itself", async () => {
    await createAccount(t.db, 'sara', 'sara-password-1');
    const sara = await signIn(t.app, 'sara', 'sara-password-1');
    expect((await t.app.inject({ method: 'GET', url: PREFS, headers: sara.bearer })).json().data).toEqual([]);
    const adminPrefs = (await t.app.inject({ method: 'GET', url: PREFS, headers: admin.bearer })).json().data;
    const res = await t.app.inject({
      method: 'PATCH',
      url: `${PREFS}${adminPrefs[0].id}/`,
      headers: sara.bearer,
      payload: { value: 'closed' },
    });
    expect(res.statusCode).toBe(404);
  });

  it('needs a signed-in account', async () => {
    expect((await t.app.inject({ method: 'GET', url: PREFS })).statusCode).toBe(401);
  });
});
