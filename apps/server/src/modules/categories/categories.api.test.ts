import sharp from 'sharp';
import { CATEGORY_MESSAGES as M, CategoryErrorCode } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityWithRoles,
  createMember,
  errorsOf,
} from '../../test-support/fixtures.ts';
import { MULTIPART_TYPE, multipartBody } from '../../test-support/fuzz-requests.ts';
import '../member-content/member-content.tables.ts';
import '../member-people/member-people.tables.ts';
import './categories.tables.ts';

const BASE = '/c/demo/platform/api/v1/categories';
const OTHER = '/c/other/platform/api/v1/categories';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, moderator, owner } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

interface Cat {
  id: number;
  name: string;
  slug: string;
  order: number;
  active: boolean;
  auto_follow: string;
  contents_count: number;
  followers_count: number;
  image_url: string | null;
  thumbnail_url: string | null;
}
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });

async function add(body: Record<string, unknown>): Promise<Cat> {
  const res = await post('add/', body);
  expect(res.statusCode, res.body).toBe(200);
  return data<Cat>(res.body);
}
async function list(who: SignedIn = admin): Promise<Cat[]> {
  const res = await get('list_all/', who);
  expect(res.statusCode, res.body).toBe(200);
  return data<{ results: Cat[] }>(res.body).results;
}
async function contents(categoryId: number, count: number): Promise<void> {
  const author = await addStaff(t.db, demoId, null, `author${Math.random()}`, null);
  await t.db
    .insertInto('contributions')
    .values(
      Array.from({ length: count }, (_, i) => ({
        stack_id: demoId,
        type: 'post' as const,
        author_id: author,
        category_id: categoryId,
        title: `Post ${i}`,
        body: 'text',
        created_at: new Date(),
      })),
    )
    .execute();
}

describe('categories: add, edit, look up', () => {
  it('adds a category with a permalink derived from its title, last in the order', async () => {
    const before = (await list()).length;
    const created = await add({ name: 'Caffè & Tè', slogan: 'Hot drinks' });
    expect(created).toMatchObject({
      name: 'Caffè & Tè',
      slug: 'caffe-te',
      order: before + 1,
      active: true,
      auto_follow: 'none',
      contents_count: 0,
    });
    expect((await get(`${created.id}/get/`)).json().data.slogan).toBe('Hot drinks');
  });

  it('requires a title, keeps titles and permalinks unique, limits the slogan to 300', async () => {
    const empty = await post('add/', { name: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body)).toContainEqual(
      expect.objectContaining({ field: 'name', code: 'required', message: M.titleRequired }),
    );
    await add({ name: 'Unique title' });
    const twice = await post('add/', { name: 'unique TITLE' });
    expect(errorsOf(twice.body)).toContainEqual(expect.objectContaining({ field: 'name', code: 'unique' }));
    const slug = await post('add/', { name: 'Another', slug: 'unique-title' });
    expect(errorsOf(slug.body)).toContainEqual(expect.objectContaining({ field: 'slug', code: 'unique' }));
    const long = await post('add/', { name: 'Long slogan', slogan: 'x'.repeat(301) });
    expect(long.statusCode).toBe(400);
    expect(errorsOf(long.body)).toContainEqual(
      expect.objectContaining({ field: 'slogan', message: M.sloganTooLong }),
    );
    const bad = await post('add/', { name: 'Bad enums', auto_follow: 'always', image_position: 'left' });
    expect(
      errorsOf(bad.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['auto_follow', 'image_position']);
  });

  it('a second category with a title of the same permalink gets a numbered permalink', async () => {
    await add({ name: 'Sport news' });
    expect((await add({ name: 'Sport-news!' })).slug).toBe('sport-news-2');
  });

  it('updates only the fields sent, and answers the name lookup', async () => {
    const c = await add({ name: 'Recipes' });
    const res = await post(`${c.id}/update/`, { seo_title: 'Best recipes', image_position: 'top' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<Cat & { seo_title: string }>(res.body)).toMatchObject({
      name: 'Recipes',
      slug: 'recipes',
      seo_title: 'Best recipes',
      image_position: 'top',
    });
    const lookup = await get(`name/${encodeURIComponent('recipes')}/`);
    expect(data(lookup.body)).toEqual({
      name: 'recipes',
      exists: true,
      id: c.id,
      slug: 'recipes',
      slug_taken: true,
    });
    const free = await get(`name/${encodeURIComponent('Brand new')}/`);
    expect(data(free.body)).toMatchObject({ exists: false, id: null, slug: 'brand-new', slug_taken: false });
  });

  it('orders every category by order_all and refuses a partial order', async () => {
    const ids = (await list()).map((c) => c.id);
    const reversed = [...ids].reverse();
    const res = await post('order_all/', { ids: reversed });
    expect(res.statusCode, res.body).toBe(200);
    expect((await list()).map((c) => c.id)).toEqual(reversed);
    expect((await list())[0]?.order).toBe(1);
    const partial = await post('order_all/', { ids: reversed.slice(1) });
    expect(partial.statusCode).toBe(400);
    expect(errorsOf(partial.body)[0]?.code).toBe(CategoryErrorCode.invalidOrder);
  });
});

describe('categories: delete never orphans contents', () => {
  it('refuses to delete a category with contents without a target, moves them with one', async () => {
    const full = await add({ name: 'Full' });
    const target = await add({ name: 'Target' });
    await contents(full.id, 3);
    expect(data((await get(`${full.id}/delete/`)).body)).toEqual({
      id: full.id,
      contents_count: 3,
      needs_target: true,
    });
    const refused = await post(`${full.id}/delete/`, {});
    expect(refused.statusCode).toBe(409);
    expect(errorsOf(refused.body)[0]).toMatchObject({
      code: CategoryErrorCode.hasContents,
      message: M.hasContents,
    });
    const self = await post(`${full.id}/delete/`, { move_to: full.id });
    expect(errorsOf(self.body)[0]?.code).toBe(CategoryErrorCode.invalidMoveTarget);
    const elsewhere = await add({ name: 'Elsewhere' });
    const foreign = await t.db
      .insertInto('categories')
      .values({ stack_id: otherId, name: 'Foreign', slug: 'foreign' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const cross = await post(`${full.id}/delete/`, { move_to: foreign.id });
    expect(errorsOf(cross.body)[0]?.code).toBe(CategoryErrorCode.invalidMoveTarget);
    const done = await post(`${full.id}/delete/`, { move_to: target.id });
    expect(done.statusCode, done.body).toBe(200);
    expect(data(done.body)).toEqual({ deleted: true, moved_contents: 3, moved_to: target.id });
    expect((await list()).map((c) => c.id)).not.toContain(full.id);
    expect((await list()).find((c) => c.id === target.id)?.contents_count).toBe(3);
    expect((await get(`${full.id}/get/`)).statusCode).toBe(404);
    // An empty category is deleted at once, and its title and permalink are free again.
    expect((await post(`${elsewhere.id}/delete/`, {})).statusCode).toBe(200);
    expect((await add({ name: 'Elsewhere' })).slug).toBe('elsewhere');
  });
});

describe('categories: forced auto-follow', () => {
  it('makes every existing member follow the category', async () => {
    const a = await createMember(t.db, demoId, `m${Date.now()}a`, 'member-password-1');
    const b = await createMember(t.db, demoId, `m${Date.now()}b`, 'member-password-1');
    const c = await add({ name: 'Announcements' });
    const res = await post(`${c.id}/update/`, { auto_follow: 'forced' });
    expect(res.statusCode, res.body).toBe(200);
    const followers = await t.db
      .selectFrom('interests')
      .select('user_id')
      .where('stack_id', '=', demoId)
      .where('category_id', '=', c.id)
      .execute();
    expect(followers.map((f) => f.user_id)).toEqual(expect.arrayContaining([a, b]));
    expect(data<Cat>(res.body).followers_count).toBeGreaterThanOrEqual(2);
  });
});

describe('categories: images through the content-checked pipeline', () => {
  const upload = (id: number, kind: string, bytes: Buffer, who: SignedIn = admin) =>
    t.app.inject({
      method: 'POST',
      url: `${BASE}/${id}/image/?kind=${kind}`,
      headers: { ...who.bearer, 'content-type': MULTIPART_TYPE },
      payload: multipartBody([], { field: 'file', bytes }),
    });

  it('stores the image and thumbnail as media addresses, refuses what is not an image', async () => {
    const c = await add({ name: 'With images' });
    const png = await sharp({ create: { width: 640, height: 400, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const res = await upload(c.id, 'image', png);
    expect(res.statusCode, res.body).toBe(200);
    const url = data<Cat>(res.body).image_url as string;
    expect(url).toMatch(/\/c\/demo\/media\/[0-9a-f]{32}\/original\.png$/);
    const media = await t.app.inject({ method: 'GET', url: new URL(url).pathname });
    expect(media.statusCode).toBe(200);
    const thumb = await upload(c.id, 'thumbnail', png);
    expect(data<Cat>(thumb.body).thumbnail_url).toMatch(/original\.png$/);
    const svg = await upload(
      c.id,
      'image',
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'),
    );
    expect(svg.statusCode).toBe(400);
    expect(errorsOf(svg.body)[0]?.code).toBe('invalid_image_format');
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `${BASE}/${c.id}/image/?kind=image`,
      headers: admin.bearer,
    });
    expect(data<Cat>(removed.body).image_url).toBeNull();
  });
});

describe('categories: who may call', () => {
  it('lets admin and editor in, keeps moderator out, and answers 404 across communities', async () => {
    expect((await get('list_all/', editor)).statusCode).toBe(200);
    expect((await post('add/', { name: 'By editor' }, editor)).statusCode).toBe(200);
    expect((await get('list_all/', moderator)).statusCode).toBe(403);
    expect((await post('add/', { name: 'By moderator' }, moderator)).statusCode).toBe(403);
    const mine = await add({ name: 'Only demo' });
    // The owner of `other` cannot reach demo's category through their own community.
    expect((await get(`${mine.id}/get/`, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`${mine.id}/update/`, { name: 'x' }, owner, OTHER)).statusCode).toBe(404);
    expect((await post(`${mine.id}/delete/`, {}, owner, OTHER)).statusCode).toBe(404);
    expect((await get(`${mine.id}/get/`)).json().data.name).toBe('Only demo');
  });
});
