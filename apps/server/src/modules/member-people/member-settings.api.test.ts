import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_NAMES, PREFERENCE_CATALOGUE } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  await t.db
    .insertInto('categories')
    .values([
      { stack_id: demoId, name: 'News', slug: 'news' },
      { stack_id: demoId, name: 'Help', slug: 'help' },
      { stack_id: otherId, name: 'Elsewhere', slug: 'elsewhere' },
    ])
    .execute();
});
afterAll(() => t.close());

const get = (path: string, headers: Record<string, string> = {}, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `/c/${slug}/api/v2${path}`, headers });
const patch = (body: Record<string, unknown>, headers: Record<string, string>, slug = 'demo') =>
  t.app.inject({ method: 'PATCH', url: `/c/${slug}/api/v2/dynamic_preference/`, payload: body, headers });

describe('GET /feature/', () => {
  it('answers every feature, whole without limit, and follows the community’s flags', async () => {
    const res = await get('/feature/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ count: FEATURE_NAMES.length, next: null, previous: null });
    expect(body.results).toHaveLength(FEATURE_NAMES.length);
    expect(body.results[0]).toEqual({ id: 1, name: FEATURE_NAMES[0], enabled: expect.any(Boolean) });
    const tagging = () =>
      get('/feature/?name=tagging').then((r) => r.json().results as { name: string; enabled: boolean }[]);
    expect(await tagging()).toEqual([{ id: expect.any(Number), name: 'tagging', enabled: true }]);
    await setFlag(t, admin, demoId, 'tagging', false);
    expect((await tagging())[0]?.enabled).toBe(false);
    await setFlag(t, admin, demoId, 'tagging', true);

    const page = await get('/feature/?limit=5&offset=5');
    expect(page.json().results).toHaveLength(5);
    expect(page.json().next).toMatch(/\/c\/demo\/api\/v2\/feature\/\?limit=5&offset=10$/);
  });
});

describe('dynamic preferences', () => {
  it('lists every readable preference without limit, JSON booleans, never a secret', async () => {
    const res = await get('/dynamic_preference/');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const secrets = PREFERENCE_CATALOGUE.filter((d) => d.type === 'secret').length;
    expect(secrets).toBeGreaterThan(0);
    expect(body).toMatchObject({ count: PREFERENCE_CATALOGUE.length - secrets, next: null, previous: null });
    const names = body.results.map((p: { name: string }) => p.name);
    expect(names).not.toContain('jwt_secret_key');
    const approval = body.results.find((p: { name: string }) => p.name === 'users_approval_enabled');
    expect(approval).toMatchObject({ section: 'configurations', value: false, type: 'bool' });
    expect(body.results.find((p: { name: string }) => p.name === 'registration_mode')?.value).toBe('open');
  });

  it('searches with the exact name first, by section and keys, on both paths', async () => {
    for (const path of ['/dynamic_preference/', '/dynamic_preference/search/']) {
      const search = await get(`${path}?search=follow_enabled`);
      const names = search.json().results.map((p: { name: string }) => p.name);
      expect(names[0]).toBe('follow_enabled');
      expect(names).toContain('category_follow_enabled');
    }
    const keys = await get(
      '/dynamic_preference/?keys=colors.colorprimary,configurations.follow_enabled&ordering=-name',
    );
    expect(keys.json().results.map((p: { name: string }) => p.name)).toEqual([
      'follow_enabled',
      'colorprimary',
    ]);
    const section = await get('/dynamic_preference/?section=webmaster&limit=2');
    expect(section.json().count).toBe(3);
    expect(section.json().results).toHaveLength(2);
    expect(section.json().next).toBeTruthy();
  });

  it('answers one by id and 404 for secrets and unknown ids', async () => {
    const first = (await get('/dynamic_preference/?limit=1')).json().results[0];
    const one = await get(`/dynamic_preference/${first.id}/`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual(first);
    const secretId = PREFERENCE_CATALOGUE.findIndex((d) => d.name === 'jwt_secret_key') + 1;
    expect((await get(`/dynamic_preference/${secretId}/`)).statusCode).toBe(404);
    expect((await get('/dynamic_preference/99999/')).statusCode).toBe(404);
  });

  it('PATCH writes several values for admins only, validated, keyed by name', async () => {
    expect((await patch({ colorprimary: '#123456' }, {})).statusCode).toBe(401);
    expect((await patch({ colorprimary: '#123456' }, alice.bearer)).statusCode).toBe(403);
    expect((await patch({ colorprimary: '#123456' }, editor.bearer)).statusCode).toBe(403);
    expect((await patch({ colorprimary: '#123456' }, owner.bearer)).statusCode).toBe(401);

    const ok = await patch({ colorprimary: '#123456', follow_enabled: 'true' }, admin.bearer);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({
      colorprimary: expect.objectContaining({ section: 'colors', name: 'colorprimary', value: '#123456' }),
      follow_enabled: expect.objectContaining({ name: 'follow_enabled', value: true }),
    });
    const bad = await patch({ colorprimary: 'blue', jwt_secret_key: 'x', nope: 1 }, admin.bearer);
    expect(bad.statusCode).toBe(400);
    expect(
      errorsOf(bad.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['colorprimary', 'jwt_secret_key', 'nope']);
    // Nothing was written; the other community is untouched.
    const read = await get('/dynamic_preference/?keys=colors.colorprimary');
    expect(read.json().results[0].value).toBe('#123456');
    const other = await get('/dynamic_preference/?keys=colors.colorprimary', {}, 'other');
    expect(other.json().results[0].value).not.toBe('#123456');
  });
});
