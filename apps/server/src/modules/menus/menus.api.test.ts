import { MENUS_MESSAGES as M, type CustomMenu, type Menu, type MenuList } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, errorsOf } from '../../test-support/fixtures.ts';

const BASE = '/c/demo/platform/api/v1/menus';
const OTHER = '/c/other/platform/api/v1/menus';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
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
const member = (path: string, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `/c/${slug}/api/v2${path}` });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

async function addMenu(name: string, who: SignedIn = admin): Promise<Menu> {
  const res = await post('add/', { name }, who);
  expect(res.statusCode, res.body).toBe(200);
  return data<Menu>(res.body);
}
async function addItem(menu: number, label: string, url: string, attrs?: object): Promise<Menu> {
  const res = await post('items/add/', { menu, label, url, ...(attrs ? { attrs } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  return data<Menu>(res.body);
}

describe('menus: the console', () => {
  it('seeds the demo with a base menu and lists menus with their last modification', async () => {
    const list = data<MenuList>((await get('')).body);
    expect(list.results[0]).toMatchObject({ name: 'Main menu', is_base: true, items_count: 3 });
    expect(Date.parse(list.results[0]!.updated_at)).not.toBeNaN();
  });

  it('adds items at the end, orders them, and every change moves the last modification', async () => {
    const menu = await addMenu('Footer');
    await addItem(menu.id, 'About', '/about/');
    await addItem(menu.id, 'Blog', 'https://blog.example.com/', { target: '_blank', rel: 'noopener' });
    const full = await addItem(menu.id, 'Help', 'help#faq');
    expect(full.items.map((i) => [i.label, i.order])).toEqual([
      ['About', 1],
      ['Blog', 2],
      ['Help', 3],
    ]);
    expect(full.items[1]!.attrs).toEqual({ target: '_blank', rel: ['noopener'] });
    const ids = full.items.map((i) => i.id);
    const res = await post(`${menu.id}/order/`, { item_ids: [ids[2], ids[0], ids[1]] });
    expect(res.statusCode, res.body).toBe(200);
    const ordered = data<Menu>(res.body);
    expect(ordered.items.map((i) => i.label)).toEqual(['Help', 'About', 'Blog']);
    expect(Date.parse(ordered.updated_at)).toBeGreaterThanOrEqual(Date.parse(menu.updated_at));

    // An order that leaves an item out, or names one twice, is refused.
    const partial = await post(`${menu.id}/order/`, { item_ids: [ids[0], ids[1]] });
    expect(partial.statusCode).toBe(400);
    expect(errorsOf(partial.body)[0]).toMatchObject({ field: 'item_ids', message: M.orderIds });
    const twice = await post(`${menu.id}/order/`, { item_ids: [ids[0], ids[0], ids[1]] });
    expect(twice.statusCode).toBe(400);
  });

  it("answers each bad field with the spec's message, on its field", async () => {
    const res = await post('items/add/', { label: '  ', url: 'javascript:alert(1)' });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: 'menu', message: 'Invalid menu' }),
        expect.objectContaining({ field: 'label', message: 'Invalid label' }),
        expect.objectContaining({ field: 'url', message: 'Invalid absolute or relative url' }),
      ]),
    );
    const empty = await post('items/add/', { menu: 1, label: 'x', url: '' });
    expect(errorsOf(empty.body)).toContainEqual(
      expect.objectContaining({ field: 'url', message: 'Field required' }),
    );
    const noName = await post('add/', { name: '' });
    expect(noName.statusCode).toBe(400);
    expect(errorsOf(noName.body)).toEqual([
      expect.objectContaining({ field: 'name', message: 'Field required' }),
    ]);
  });

  it('refuses links that are neither http(s) nor relative', async () => {
    const menu = await addMenu('Links');
    for (const url of [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'mailto:a@b.c',
      '//evil.example.com/',
      '/\\evil.example.com',
      'java\tscript:alert(1)',
      'https://',
      'http:/x',
    ]) {
      const res = await post('items/add/', { menu: menu.id, label: 'L', url });
      expect(res.statusCode, url).toBe(400);
      expect(errorsOf(res.body), url).toContainEqual(
        expect.objectContaining({ field: 'url', message: M.invalidUrl }),
      );
    }
    const attrs = await post('items/add/', { menu: menu.id, label: 'L', url: '/', attrs: { onclick: 'x' } });
    expect(errorsOf(attrs.body)).toContainEqual(expect.objectContaining({ field: 'attrs' }));
  });

  it('updates and removes items, and a menu of another community is an invalid menu', async () => {
    const menu = await addMenu('Side');
    const withItem = await addItem(menu.id, 'One', '/one/');
    const itemId = withItem.items[0]!.id;
    const updated = await post(`items/${itemId}/update/`, { label: 'Uno', url: 'https://uno.example/' });
    expect(data<Menu>(updated.body).items[0]).toMatchObject({ label: 'Uno', url: 'https://uno.example/' });
    const bad = await post(`items/${itemId}/update/`, { label: '' });
    expect(errorsOf(bad.body)).toEqual([
      expect.objectContaining({ field: 'label', message: 'Invalid label' }),
    ]);

    const theirs = await post('add/', { name: 'Theirs' }, owner, OTHER);
    const theirId = data<Menu>(theirs.body).id;
    const moved = await post(`items/${itemId}/update/`, { menu: theirId });
    expect(errorsOf(moved.body)).toEqual([
      expect.objectContaining({ field: 'menu', message: 'Invalid menu' }),
    ]);

    const removed = await post(`items/${itemId}/delete/`, {});
    expect(data<Menu>(removed.body).items).toEqual([]);
    const again = await post(`items/${itemId}/delete/`, {});
    expect(again.statusCode).toBe(404);
    expect(errorsOf(again.body)[0]!.message).toBe(M.itemNotFound);
  });

  it("keeps one base menu, deletes a menu with its items, then says 'Menu not found'", async () => {
    const menu = await addMenu('New base');
    await post(`${menu.id}/update/`, { is_base: true });
    const bases = data<MenuList>((await get('?limit=500')).body).results.filter((m) => m.is_base);
    expect(bases.map((m) => m.name)).toEqual(['New base']);
    await addItem(menu.id, 'A', '/a/');
    const res = await post(`${menu.id}/delete/`, {});
    expect(data<{ deleted: number }>(res.body).deleted).toBe(1);
    const gone = await get(`${menu.id}/`);
    expect(gone.statusCode).toBe(404);
    expect(errorsOf(gone.body)[0]!.message).toBe('Menu not found');
    expect((await post(`${menu.id}/update/`, { name: 'x' })).statusCode).toBe(404);
  });

  it('keeps one base menu when several staff make one the base at the same moment', async () => {
    const made = await Promise.all(
      ['Race A', 'Race B', 'Race C', 'Race D'].map((name) => post('add/', { name, is_base: true })),
    );
    expect(made.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    const bases = data<MenuList>((await get('?limit=500')).body).results.filter((m) => m.is_base);
    expect(bases).toHaveLength(1);
    expect(bases[0]!.name).toMatch(/^Race [A-D]$/);
    const ids = made.map((res) => data<Menu>(res.body).id);
    const updates = await Promise.all(ids.map((id) => post(`${id}/update/`, { is_base: true })));
    expect(updates.map((res) => res.statusCode)).toEqual([200, 200, 200, 200]);
    expect(data<MenuList>((await get('?limit=500')).body).results.filter((m) => m.is_base)).toHaveLength(1);
  });

  it('lets admins and editors in, not moderators, and hides other communities (404)', async () => {
    expect((await get('', editor)).statusCode).toBe(200);
    expect((await post('add/', { name: 'By editor' }, editor)).statusCode).toBe(200);
    expect((await get('', moderator)).statusCode).toBe(403);
    expect((await post('add/', { name: 'By mod' }, moderator)).statusCode).toBe(403);
    const mine = await addMenu('Mine');
    expect((await get(`${mine.id}/`, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`${mine.id}/delete/`, {}, owner, OTHER)).statusCode).toBe(404);
    expect((await get(`${mine.id}/`)).statusCode).toBe(200);
  });
});

describe('menus: the member API (custom_menu)', () => {
  it("shows SelfCommunity's custom menu objects, paged, searched, the base one and by id", async () => {
    const menu = await addMenu('Members menu');
    await addItem(menu.id, 'First', '/first/');
    const two = await addItem(menu.id, 'Second', 'https://second.example/', { target: '_blank' });
    const ids = two.items.map((i) => i.id);
    await post(`${menu.id}/order/`, { item_ids: [ids[1], ids[0]] });

    const one = await member(`/custom_menu/${menu.id}/`);
    expect(one.statusCode, one.body).toBe(200);
    const body = JSON.parse(one.body) as CustomMenu;
    expect(Object.keys(body).sort()).toEqual(['created_at', 'id', 'items', 'name', 'updated_at']);
    expect(body.items).toEqual([
      {
        id: ids[1],
        custom_menu: menu.id,
        label: 'Second',
        url: 'https://second.example/',
        attrs: { target: '_blank' },
        order: 1,
      },
      { id: ids[0], custom_menu: menu.id, label: 'First', url: '/first/', attrs: {}, order: 2 },
    ]);

    const page = JSON.parse((await member('/custom_menu/?limit=1')).body) as {
      count: number;
      next: string | null;
      previous: string | null;
      results: CustomMenu[];
    };
    expect(page.results).toHaveLength(1);
    expect(page.count).toBeGreaterThan(1);
    expect(page.next).toContain('offset=1');
    const found = JSON.parse((await member('/custom_menu/search/?search=members')).body) as {
      results: CustomMenu[];
    };
    expect(found.results.map((m) => m.name)).toEqual(['Members menu']);

    await post(`${menu.id}/update/`, { is_base: true });
    const base = JSON.parse((await member('/custom_menu/base/')).body) as CustomMenu;
    expect(base.id).toBe(menu.id);
  });

  it("does not show another community's menu, and says 'Menu not found'", async () => {
    const theirs = data<Menu>((await post('add/', { name: 'Other menu' }, owner, OTHER)).body);
    const res = await member(`/custom_menu/${theirs.id}/`);
    expect(res.statusCode).toBe(404);
    expect((await member(`/custom_menu/${theirs.id}/`, 'other')).statusCode).toBe(200);
    expect((await member('/custom_menu/base/', 'other')).statusCode).toBe(404);
  });
});
