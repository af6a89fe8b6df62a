import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_PAGE_DEFAULTS } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityWithRoles, errorsOf, setFlag, type SignedIn } from '../../test-support/fixtures.ts';

const BASE = '/c/demo/platform/api/v1/error_pages';
const HTML = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

let t: TestApp;
let admin: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const post = (path: string, body: unknown = {}, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const list = async () =>
  (await t.app.inject({ method: 'GET', url: `${BASE}/`, headers: admin.bearer })).json().data.results;
const visit = (url: string, accept = HTML, language = 'en-GB,en;q=0.9') =>
  t.app.inject({ method: 'GET', url, headers: { accept, 'accept-language': language } });
const setStatus = (status: string) =>
  t.db.updateTable('stacks').set({ status }).where('id', '=', demoId).execute();

describe('error pages in the console', () => {
  it('show the shipped defaults until the community writes its own', async () => {
    expect(await list()).toEqual([
      { kind: 'page_not_found', status: 404, html_body: null, updated_at: null, updated_by_username: null },
      {
        kind: 'service_unavailable',
        status: 503,
        html_body: null,
        updated_at: null,
        updated_by_username: null,
      },
    ]);
  });

  it('are for admins and editors of the community only', async () => {
    expect((await post('page_not_found/update/', { html_body: '<p>x</p>' }, moderator)).statusCode).toBe(403);
    expect(
      (
        await post(
          'page_not_found/update/',
          { html_body: '<p>x</p>' },
          owner,
          '/c/other/platform/api/v1/error_pages',
        )
      ).statusCode,
    ).toBe(200);
    expect((await post('no_such_kind/update/', { html_body: '<p>x</p>' })).statusCode).toBe(400);
  });

  it('store the HTML sanitised and refuse an empty one', async () => {
    const empty = await post('page_not_found/update/', { html_body: '<p> </p><script>x()</script>' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body)[0]).toMatchObject({
      field: 'html_body',
      message: 'Insert the text of the page',
    });
    const saved = await post('page_not_found/update/', {
      html_body:
        '<h2>Lost in the garden</h2><p onmouseover="x()">Try the <a href="https://example.org/">map</a></p><script>x()</script>',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.results[0]).toMatchObject({
      html_body:
        '<h2>Lost in the garden</h2><p>Try the <a href="https://example.org/" rel="nofollow noopener" target="_blank">map</a></p>',
      updated_by_username: 'admin',
    });
  });
});

describe('members meet them on the member site', () => {
  it('an unknown address answers 404 with the community’s page', async () => {
    const res = await visit('/c/demo/some/missing/page');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('<h2>Lost in the garden</h2>');
    expect(res.body).not.toContain('<script');
    // The other community still shows the default of its own.
    expect((await visit('/c/other/missing')).body).toContain('<p>x</p>');
  });

  it('API paths and callers that do not ask for HTML keep the JSON envelope', async () => {
    for (const res of [
      await visit('/c/demo/api/v2/no_such_endpoint/'),
      await visit('/c/demo/platform/api/v1/no_such_endpoint/'),
      await visit('/c/demo/some/missing/page', 'application/json'),
      await visit('/c/no-such-community/missing'),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
    // An unknown method on a known path is still 405, and other methods never get the page.
    const wrongMethod = await t.app.inject({
      method: 'DELETE',
      url: '/c/demo/api/v2/custom_page/',
      headers: { accept: HTML },
    });
    expect(wrongMethod.statusCode).toBe(405);
    const posted = await t.app.inject({ method: 'POST', url: '/c/demo/missing', headers: { accept: HTML } });
    expect(posted.json().errors[0].code).toBe('not_found');
    // The landing and the member API keep answering.
    expect((await visit('/c/demo/')).statusCode).toBe(200);
    expect((await visit('/c/demo/api/v2/custom_page/', 'application/json')).statusCode).toBe(200);
  });

  it('a closed community answers 503 with its service-unavailable page, in the visitor’s language by default', async () => {
    await setStatus('stopped');
    try {
      const it = await visit('/c/demo/anything', HTML, 'it-IT,it;q=0.9');
      expect(it.statusCode).toBe(503);
      expect(it.headers['retry-after']).toBe('600');
      expect(it.body).toContain('<html lang="it">');
      expect(it.body).toContain(ERROR_PAGE_DEFAULTS.service_unavailable.it);
      expect(
        (await post('service_unavailable/update/', { html_body: '<p>Back at noon</p>' })).statusCode,
      ).toBe(200);
      const own = await visit('/c/demo/anything');
      expect(own.statusCode).toBe(503);
      expect(own.body).toContain('<p>Back at noon</p>');
    } finally {
      await setStatus('online');
    }
  });

  it('restore default brings back the shipped page', async () => {
    expect((await post('page_not_found/restore/')).json().data.results[0].html_body).toBeNull();
    const res = await visit('/c/demo/missing');
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain(ERROR_PAGE_DEFAULTS.page_not_found.en);
    // One top heading: the community's name, a link to its home, above the shipped body (from h2).
    expect([...res.body.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1])).toEqual([
      '<a href="/c/demo/">Demo</a>',
    ]);
  });

  it('add no second top heading to a body that brings its own', async () => {
    expect(
      (await post('page_not_found/update/', { html_body: '<h1>Lost</h1><p>Sorry</p>' })).statusCode,
    ).toBe(200);
    try {
      const res = await visit('/c/demo/missing');
      expect([...res.body.matchAll(/<h1>(.*?)<\/h1>/g)].map((m) => m[1])).toEqual(['Lost']);
    } finally {
      await post('page_not_found/restore/');
    }
  });

  it('with `system_pages` off, members meet the defaults and the console cannot edit them', async () => {
    expect((await post('page_not_found/update/', { html_body: '<p>Ours</p>' })).statusCode).toBe(200);
    await setFlag(t, admin, demoId, 'system_pages', false);
    try {
      expect((await post('page_not_found/update/', { html_body: '<p>Ours</p>' })).statusCode).toBe(403);
      expect((await visit('/c/demo/missing')).body).toContain(ERROR_PAGE_DEFAULTS.page_not_found.en);
    } finally {
      await setFlag(t, admin, demoId, 'system_pages', true);
    }
    expect((await visit('/c/demo/missing')).body).toContain('<p>Ours</p>');
  });
});
