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

const BASE = '/c/demo/platform/api/v1/custom_pages';
const OTHER = '/c/other/platform/api/v1/custom_pages';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
  await createMember(t.db, demoId, 'alice', 'alice-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
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
const member = (path: string, who?: SignedIn) =>
  t.app.inject({ method: 'GET', url: `/c/demo/api/v2${path}`, headers: who?.bearer ?? {} });

interface Page {
  id: number;
  title: string;
  slug: string;
  label: string;
  alternative_url: string | null;
  html_body: string;
  active: boolean;
  updated_by_username: string | null;
}
const add = async (body: Record<string, unknown>, who: SignedIn = admin): Promise<Page> => {
  const res = await post('add/', body, who);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
};

describe('who may manage general pages', () => {
  it('admins and editors; not moderators, members, nor another community’s admin', async () => {
    expect((await get('', editor)).statusCode).toBe(200);
    expect((await get('', moderator)).statusCode).toBe(403);
    expect((await get('', alice)).statusCode).toBe(401);
    const page = await add({ title: 'Staff only test', html_body: '<p>x</p>' }, editor);
    expect((await get(`${page.id}/`, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`${page.id}/delete/`, {}, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`${page.id}/delete/`, {})).statusCode).toBe(200);
  });
});

describe('a general page', () => {
  it('gets a slug from its title, a free one when the title’s is taken, and records who edited it', async () => {
    const about = await add({ title: 'About us', label: 'About', html_body: '<p>Who we are</p>' });
    expect(about).toMatchObject({
      slug: 'about-us',
      label: 'About',
      active: true,
      updated_by_username: 'admin',
    });
    const again = await add({ title: 'About us!', html_body: '<p>Again</p>' }, editor);
    expect(again.slug).toBe('about-us-2');
    expect(again.updated_by_username).toBe('ed');
    const accented = await add({ title: 'Perché è così', alternative_url: 'https://example.org/why' });
    expect(accented).toMatchObject({
      slug: 'perche-e-cosi',
      alternative_url: 'https://example.org/why',
      html_body: '',
    });
  });

  it('refuses a slug another page has with 409 and a clear message', async () => {
    const res = await post('add/', { title: 'Another', slug: 'about-us', html_body: '<p>x</p>' });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res.body).map((e) => [e.field, e.code, e.message])).toEqual([
      ['slug', 'unique', 'Another page already uses this slug: choose a different one.'],
    ]);
    const mine = await add({ title: 'Mine', slug: 'mine', html_body: '<p>x</p>' });
    const taken = await post(`${mine.id}/update/`, {
      title: 'Mine',
      slug: 'about-us',
      html_body: '<p>x</p>',
    });
    expect(taken.statusCode).toBe(409);
    // Its own slug is no conflict.
    const same = await post(`${mine.id}/update/`, { title: 'Mine too', slug: 'mine', html_body: '<p>y</p>' });
    expect(same.statusCode, same.body).toBe(200);
    expect(same.json().data).toMatchObject({ title: 'Mine too', slug: 'mine', html_body: '<p>y</p>' });
  });

  it('answers each bad field with its message', async () => {
    const fields = async (body: Record<string, unknown>) =>
      errorsOf((await post('add/', body)).body).map((e) => [e.field, e.code, e.message]);
    expect(await fields({ title: '  ', html_body: '<p>x</p>' })).toEqual([
      ['title', 'required', 'Insert a title'],
    ]);
    expect(await fields({ title: 'T', slug: 'Not A Slug', html_body: '<p>x</p>' })).toEqual([
      ['slug', 'invalid', 'Use only lowercase letters, digits and single hyphens.'],
    ]);
    expect(await fields({ title: 'T', html_body: '<p> </p><script>alert(1)</script>' })).toEqual([
      ['html_body', 'required', 'Write the text of the page, or give the alternative URL it leads to.'],
    ]);
    expect(await fields({ title: 'T', alternative_url: '/x', html_body: '<p>text</p>' })).toEqual([
      ['alternative_url', 'invalid', 'A page has either a text or an alternative URL, not both.'],
    ]);
    expect(await fields({ title: 'T', alternative_url: 'javascript:alert(1)' })).toEqual([
      ['alternative_url', 'invalid', 'Invalid absolute or relative url'],
    ]);
    expect(
      (await post('add/', { title: 'T', label: 'x'.repeat(101), html_body: '<p>x</p>' })).statusCode,
    ).toBe(400);
    expect((await post('add/', { title: 1 })).statusCode).toBe(400);
  });

  it('stores the HTML body sanitised, whatever the client sent', async () => {
    const page = await add({
      title: 'Rules',
      html_body:
        '<h2 onclick="x()">Rules</h2><script>steal()</script><p>Be <b>kind</b> <a href="javascript:x()">here</a></p><img src=x onerror=y()>',
    });
    expect(page.html_body).toBe('<h2>Rules</h2><p>Be <b>kind</b> <a>here</a></p>');
  });

  it('says "Custom page not found" for an unknown or removed page', async () => {
    const page = await add({ title: 'Short lived', html_body: '<p>x</p>' });
    expect((await post(`${page.id}/delete/`, {})).json()).toEqual({ data: { deleted: true } });
    for (const res of [
      await get(`${page.id}/`),
      await post(`${page.id}/update/`, { title: 'x', html_body: '<p>x</p>' }),
      await post(`${page.id}/delete/`, {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorsOf(res.body)[0]?.message).toBe('Custom page not found');
    }
  });

  it('lists pages last edited first, with search and paging', async () => {
    const list = (await get('?search=about&limit=1')).json().data;
    expect(list.count).toBe(2);
    expect(list.results.map((p: Page) => p.slug)).toEqual(['about-us-2']);
    expect(list.results[0]).not.toHaveProperty('html_body');
  });
});

describe('members read general pages (custom_page/)', () => {
  let hidden: Page;
  beforeAll(async () => {
    hidden = await add({ title: 'Draft page', active: false, html_body: '<p>Not yet</p>' });
  });

  it('anyone sees the active ones as SelfCommunity custom pages; inactive ones stay hidden', async () => {
    const anon = await member('/custom_page/?limit=50');
    expect(anon.statusCode).toBe(200);
    const body = anon.json();
    expect(body.results.map((p: Page) => p.slug)).not.toContain('draft-page');
    const about = body.results.find((p: Page) => p.slug === 'about-us');
    expect(about).toMatchObject({
      type: 'normal',
      title: 'About us',
      label: 'About',
      html_summary: 'Who we are',
      active: true,
    });
    expect((await member(`/custom_page/${about.id}/`)).json().title).toBe('About us');
    expect((await member('/custom_page/about-us/')).json().id).toBe(about.id);
    expect((await member(`/custom_page/${hidden.id}/`, alice)).statusCode).toBe(404);
    expect((await member('/custom_page/draft-page/')).statusCode).toBe(404);
  });

  it('honours `active` for admins and editors only', async () => {
    const asMember = await member('/custom_page/?active=false', alice);
    expect(asMember.json().results.every((p: Page) => p.active)).toBe(true);
    const asEditor = await member('/custom_page/?active=false', editor);
    expect(asEditor.json().results.map((p: Page) => p.slug)).toEqual(['draft-page']);
    expect((await member(`/custom_page/${hidden.id}/`, admin)).json().active).toBe(false);
  });

  it('searches title, slug and label', async () => {
    const found = await member('/custom_page/search/?search=rules');
    expect(found.json().results.map((p: Page) => p.title)).toEqual(['Rules']);
    expect((await member('/custom_page/nope!/')).statusCode).toBe(400);
  });

  it('are gone with the `cms` flag, for members and the console', async () => {
    await setFlag(t, admin, demoId, 'cms', false);
    expect((await member('/custom_page/')).statusCode).toBe(403);
    expect((await get('')).statusCode).toBe(403);
    await setFlag(t, admin, demoId, 'cms', true);
    expect((await member('/custom_page/')).statusCode).toBe(200);
  });
});
