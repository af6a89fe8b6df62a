import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityFixture, errorsOf } from '../../test-support/fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const BASE = '/c/demo/platform/api/v1/oauth_apps';
const post = (url: string, who: SignedIn, payload?: object) =>
  t.app.inject({ method: 'POST', url, headers: who.bearer, ...(payload ? { payload } : {}) });
const get = (url: string, who: SignedIn) => t.app.inject({ method: 'GET', url, headers: who.bearer });

const confidential = {
  client_type: 'confidential',
  name: 'Shop',
  description: 'Our shop',
  image: 'https://shop.example/logo.png',
  grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
  redirect_uris: 'https://shop.example/callback http://127.0.0.1:9000/cb',
};

describe('OAuth 2.0 apps in the console (admin only)', () => {
  it('creates a confidential app whose secret is answered once and kept only as a digest', async () => {
    const res = await post(`${BASE}/add/`, admin, confidential);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const app = res.json().data;
    expect(app).toMatchObject({
      name: 'Shop',
      description: 'Our shop',
      client_type: 'confidential',
      grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
      redirect_uris: 'https://shop.example/callback http://127.0.0.1:9000/cb',
      has_secret: true,
    });
    expect(app.client_id).toMatch(/^[A-Za-z0-9_-]{20,}$/);
    expect(app.client_secret).toMatch(/^agcs_/);
    const stored = await t.db
      .selectFrom('oauth_apps')
      .select('client_secret_hash')
      .where('id', '=', app.id)
      .executeTakeFirstOrThrow();
    expect(stored.client_secret_hash).not.toContain(app.client_secret);

    const read = await get(`${BASE}/${app.id}/`, admin);
    expect(read.statusCode).toBe(200);
    expect(read.json().data).not.toHaveProperty('client_secret');
    const list = await get(`${BASE}/`, admin);
    expect(list.json().data.count).toBe(1);
    expect(list.json().data.results[0]).not.toHaveProperty('client_secret');
  });

  it('lists every problem of a refused app at once, each on its field', async () => {
    const res = await post(`${BASE}/add/`, admin, {
      client_type: 'public',
      name: '  ',
      image: 'not a url',
      grant_types: ['client_credentials'],
      redirect_uris: 'https://ok.example/cb notaurl https://x.example/#frag',
    });
    expect(res.statusCode).toBe(400);
    const errors = errorsOf(res.body);
    expect(errors.map((e) => e.field).sort()).toEqual(['grant_types', 'image', 'name', 'redirect_uris']);
    expect(errors.find((e) => e.field === 'redirect_uris')?.message).toBe(
      'Enter a list of valid URLs separated by a space',
    );
    expect(errors.find((e) => e.field === 'grant_types')?.message).toMatch(/public client/);

    const noType = await post(`${BASE}/add/`, admin, { name: 'X', grant_types: ['authorization_code'] });
    expect(errorsOf(noType.body).map((e) => e.field)).toEqual(['client_type', 'redirect_uris']);
  });

  it('updates an app (not its client type), rotates a confidential secret and deletes after', async () => {
    const created = (
      await post(`${BASE}/add/`, admin, {
        client_type: 'public',
        name: 'Mobile',
        grant_types: ['authorization_code', 'refresh_token'],
        redirect_uris: 'com.example.app:/cb',
      })
    ).json().data;
    expect(created.client_secret).toBeNull();
    const changed = await post(`${BASE}/${created.id}/update/`, admin, {
      name: 'Mobile app',
      grant_types: ['authorization_code'],
      redirect_uris: 'com.example.app:/cb https://m.example/cb',
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().data).toMatchObject({ name: 'Mobile app', grant_types: ['authorization_code'] });
    const retype = await post(`${BASE}/${created.id}/update/`, admin, {
      client_type: 'confidential',
      name: 'Mobile app',
      grant_types: ['authorization_code'],
      redirect_uris: 'com.example.app:/cb',
    });
    expect(retype.statusCode).toBe(400);
    // A public app has no secret to rotate.
    expect((await post(`${BASE}/${created.id}/rotate_secret/`, admin)).statusCode).toBe(400);

    const shop = (await post(`${BASE}/add/`, admin, confidential)).json().data;
    const rotated = await post(`${BASE}/${shop.id}/rotate_secret/`, admin);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().data.client_secret).toMatch(/^agcs_/);
    expect(rotated.json().data.client_secret).not.toBe(shop.client_secret);

    expect((await post(`${BASE}/${created.id}/delete/`, admin)).statusCode).toBe(200);
    expect((await get(`${BASE}/${created.id}/`, admin)).statusCode).toBe(404);
    expect((await post(`${BASE}/${created.id}/delete/`, admin)).statusCode).toBe(404);
  });

  it("refuses editors and another community's admin", async () => {
    const shop = (await post(`${BASE}/add/`, admin, confidential)).json().data;
    expect((await get(`${BASE}/`, editor)).statusCode).toBe(403);
    expect((await post(`${BASE}/add/`, editor, confidential)).statusCode).toBe(403);
    expect((await get(`${BASE}/`, owner)).statusCode).toBe(404);
    // The other community's own list does not hold it, and its id is not found there.
    const other = '/c/other/platform/api/v1/oauth_apps';
    expect((await get(`${other}/`, owner)).json().data.count).toBe(0);
    expect((await get(`${other}/${shop.id}/`, owner)).statusCode).toBe(404);
    expect((await post(`${other}/${shop.id}/delete/`, owner)).statusCode).toBe(404);
  });
});
