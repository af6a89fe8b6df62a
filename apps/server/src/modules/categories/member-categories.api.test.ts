import { CategoryErrorCode } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from '../member-content/member-content.test-support.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let stranger: SignedIn;
let demoId: number;
let aliceId: number;
let api: ReturnType<typeof contentClient>;
let other: ReturnType<typeof contentClient>;

interface MemberCat {
  id: number;
  name: string;
  slug: string;
  order: number;
  active: boolean;
  followed: boolean;
  followers_counter: number;
  auto_follow: string;
}

beforeAll(async () => {
  t = await buildTestApp();
  let otherId: number;
  ({ demoId, otherId, admin, editor } = await communityWithRoles(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  other = contentClient(t, 'other');
});
afterAll(() => t.close());

/** A category made in the console (admin). */
async function category(body: Record<string, unknown>): Promise<number> {
  return (await consoleCall(t, admin, 'POST', '/categories/add/', body)).data.id as number;
}
const names = (body: { results: MemberCat[] }) => body.results.map((c) => c.name);

describe('member API: category list', () => {
  it('lists enabled categories by name, or in the manual order when the preference says so', async () => {
    const zebra = await category({ name: 'Zebra' });
    const apple = await category({ name: 'Apple' });
    await category({ name: 'Hidden one', active: false });
    const list = await api.get('/category/', alice);
    expect(list.statusCode, list.body).toBe(200);
    expect(names(list.json())).toEqual(['Apple', 'Zebra']);
    expect(list.json()).toMatchObject({ count: 2, next: null, previous: null });
    // Manual order: Zebra first.
    const all = (await consoleCall(t, admin, 'GET', '/categories/list_all/')).data.results as {
      id: number;
    }[];
    const ids = [zebra, apple, ...all.map((c) => c.id).filter((id) => id !== zebra && id !== apple)];
    await consoleCall(t, admin, 'POST', '/categories/order_all/', { ids });
    expect(names((await api.get('/category/', alice)).json())).toEqual(['Apple', 'Zebra']);
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
      manual_categories_order_enabled: true,
    });
    const manual = (await api.get('/category/', alice)).json();
    expect(names(manual)).toEqual(['Zebra', 'Apple']);
    expect(manual.results[0]).toMatchObject({ order: 1, slug: 'zebra', active: true, auto_follow: 'none' });
    // Paging and search (titles and synonyms).
    const page = (await api.get('/category/?limit=1&offset=1', alice)).json();
    expect(names(page)).toEqual(['Apple']);
    expect(page.previous).toContain('/category/');
    await consoleCall(t, admin, 'POST', `/categories/${apple}/update/`, { name_synonyms: 'fruit\npomme' });
    expect(names((await api.get('/category/search/?search=pomme', alice)).json())).toEqual(['Apple']);
    // The other community sees none of these.
    expect((await other.get('/category/', stranger)).json().count).toBe(0);
  });

  it('shows disabled categories to category managers only, with the active filter', async () => {
    const res = await api.get('/category/?active=false', admin);
    expect(names(res.json())).toEqual(['Hidden one']);
    expect(names((await api.get('/category/?active=false', alice)).json())).not.toContain('Hidden one');
  });
});

describe('member API: one category, follow, followers', () => {
  it('follows and unfollows (toggle), tells is_followed, lists followers; 404 across communities', async () => {
    const id = await category({ name: 'Gardening' });
    expect((await api.get(`/category/${id}/`, alice)).json()).toMatchObject({ id, followed: false });
    expect((await api.post(`/category/${id}/follow/`, undefined, alice)).statusCode).toBe(204);
    expect((await api.get(`/category/${id}/is_followed/`, alice)).json()).toEqual({ is_followed: true });
    const one = (await api.get(`/category/${id}/`, alice)).json();
    expect(one).toMatchObject({ followed: true, followers_counter: 1 });
    const followers = (await api.get(`/category/${id}/followers/`, bob)).json();
    expect(followers.results.map((u: { id: number }) => u.id)).toEqual([aliceId]);
    expect(names((await api.get('/category/followed/', alice)).json())).toContain('Gardening');
    expect((await api.post(`/category/${id}/follow/`, undefined, alice)).statusCode).toBe(204);
    expect((await api.get(`/category/${id}/is_followed/`, alice)).json()).toEqual({ is_followed: false });
    // Another community's member cannot see it through their community.
    expect((await other.get(`/category/${id}/`, stranger)).statusCode).toBe(404);
    expect((await other.post(`/category/${id}/follow/`, undefined, stranger)).statusCode).toBe(404);
    expect((await other.get(`/category/${id}/feed/`, stranger)).statusCode).toBe(404);
  });

  it('forced auto-follow: everyone follows, unfollowing is refused, new members follow at sign-up', async () => {
    const id = await category({ name: 'Rules', auto_follow: 'forced' });
    expect((await api.get(`/category/${id}/is_followed/`, bob)).json()).toEqual({ is_followed: true });
    const refused = await api.post(`/category/${id}/follow/`, undefined, bob);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe(CategoryErrorCode.forcedFollow);
    const signUp = await t.app.inject({
      method: 'POST',
      url: '/c/demo/api/v2/account/create/',
      payload: { username: 'newcomer', email: 'newcomer@example.org', password: 'Str0ng-pass' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const newcomer = await memberSignIn(t.app, t.db, 'demo', 'newcomer', 'Str0ng-pass');
    expect((await api.get(`/category/${id}/is_followed/`, newcomer)).json()).toEqual({ is_followed: true });
    expect((await api.get(`/category/${id}/`, newcomer)).json().auto_follow).toBe('forced');
  });
});

describe('member API: popular, audience, and following switched off', () => {
  it('lists the most followed categories first, and tells a category’s audience', async () => {
    const quiet = await category({ name: 'Aaa quiet' });
    const busy = await category({ name: 'Zzz busy' });
    await api.post(`/category/${busy}/follow/`, undefined, alice);
    await api.post(`/category/${busy}/follow/`, undefined, bob);
    const popular = (await api.get('/category/popular/?limit=100', alice)).json();
    const order = popular.results.map((c: MemberCat) => c.id);
    expect(order.indexOf(busy)).toBeLessThan(order.indexOf(quiet));
    expect(popular.results[0].followers_counter).toBeGreaterThanOrEqual(2);

    const forAdmin = await api.get(`/category/${busy}/audience/`, admin);
    expect(forAdmin.json()).toEqual({ category_audience: 2, connections_audience: 0 });
    // Bob follows Alice: for Bob, one of the category's followers is his connection.
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { follow_enabled: true });
    const follow = await api.post(`/user/${aliceId}/follow/`, undefined, bob);
    expect(follow.statusCode, follow.body).toBeLessThan(300);
    expect((await api.get(`/category/${busy}/audience/`, bob)).json()).toEqual({
      category_audience: 2,
      connections_audience: 1,
    });
    expect((await other.get(`/category/${busy}/audience/`, stranger)).statusCode).toBe(404);
  });

  it('refuses to follow or unfollow while the community has switched following categories off', async () => {
    const id = await category({ name: 'Switched' });
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
      category_follow_enabled: false,
    });
    try {
      const refused = await api.post(`/category/${id}/follow/`, undefined, alice);
      expect(refused.statusCode).toBe(403);
      expect(errorsOf(refused.body)[0]?.code).toBe(CategoryErrorCode.followDisabled);
      expect((await api.get(`/category/${id}/is_followed/`, alice)).json()).toEqual({ is_followed: false });
    } finally {
      await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
        category_follow_enabled: true,
      });
    }
    expect((await api.post(`/category/${id}/follow/`, undefined, alice)).statusCode).toBe(204);
  });
});

describe('member API: category feed and contribution rules', () => {
  it('shows the category’s visible contributions newest first; a disabled category disappears with its feed', async () => {
    const id = await category({ name: 'Cinema' });
    const first = await api.post('/post/', { html: '<p>First film</p>', categories: [id] }, alice);
    expect(first.statusCode, first.body).toBe(201);
    const second = await api.post(
      '/discussion/',
      { title: 'Second', html: '<p>x</p>', categories: [id] },
      bob,
    );
    expect(second.statusCode, second.body).toBe(201);
    await api.post('/post/', { html: '<p>Elsewhere</p>' }, alice);
    const feed = await api.get(`/category/${id}/feed/`, alice);
    expect(feed.statusCode, feed.body).toBe(200);
    const units = feed.json().results as {
      type: string;
      post?: { id: number };
      discussion?: { id: number };
    }[];
    expect(units.map((u) => [u.type, (u.post ?? u.discussion)?.id])).toEqual([
      ['discussion', second.json().id],
      ['post', first.json().id],
    ]);
    expect(feed.json().count).toBe(2);
    await consoleCall(t, admin, 'POST', `/categories/${id}/update/`, { active: false });
    expect((await api.get(`/category/${id}/`, alice)).statusCode).toBe(404);
    expect((await api.get(`/category/${id}/feed/`, alice)).statusCode).toBe(404);
    expect(names((await api.get('/category/', alice)).json())).not.toContain('Cinema');
    // Members cannot post in it any more; staff still see it.
    const refused = await api.post('/post/', { html: '<p>late</p>', categories: [id] }, alice);
    expect(refused.statusCode).toBe(400);
    expect((await api.get(`/category/${id}/`, admin)).statusCode).toBe(200);
  });

  it('content_only_staff refuses members’ contributions with 403 and a code, staff may post', async () => {
    const id = await category({ name: 'Staff news', content_only_staff: true });
    const refused = await api.post('/post/', { html: '<p>me too</p>', categories: [id] }, alice);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe(CategoryErrorCode.staffOnly);
    const staff = await api.post('/post/', { html: '<p>official</p>', categories: [id] }, admin);
    expect(staff.statusCode, staff.body).toBe(201);
    // can_create_content lists where the caller may post: not the staff-only category for a member.
    const forAlice = names((await api.get('/category/?can_create_content=true', alice)).json());
    expect(forAlice).not.toContain('Staff news');
    expect(forAlice.length).toBeGreaterThan(0);
    expect(names((await api.get('/category/?can_create_content=true', admin)).json())).toContain(
      'Staff news',
    );
    expect(names((await api.get('/category/', alice)).json())).toContain('Staff news');
  });
});

describe('member API: create, update, patch, delete for category managers', () => {
  it('lets admins and editors write categories, members not', async () => {
    const created = await api.post(
      '/category/',
      { name: 'From SDK', slug: '_GENERATE_', auto_follow: 'default' },
      admin,
    );
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({ name: 'From SDK', slug: 'from-sdk', auto_follow: 'default' });
    const id = created.json().id as number;
    const patched = await api.patch(`/category/${id}/`, { active: false }, editor);
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json().active).toBe(false);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/c/demo/api/v2/category/${id}/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ slogan: 'no name' }),
    });
    expect(put.statusCode).toBe(400);
    expect((await api.post('/category/', { name: 'By member' }, alice)).statusCode).toBe(403);
    expect((await api.patch(`/category/${id}/`, { active: true }, alice)).statusCode).toBe(403);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/c/demo/api/v2/category/${id}/`,
      headers: admin.bearer,
    });
    expect(del.statusCode, del.body).toBe(204);
    expect((await api.get(`/category/${id}/`, admin)).statusCode).toBe(404);
  });

  it('refuses to delete a category that holds contents (409), never orphaning them', async () => {
    const id = await category({ name: 'Busy' });
    expect((await api.post('/post/', { html: '<p>hi</p>', categories: [id] }, alice)).statusCode).toBe(201);
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/c/demo/api/v2/category/${id}/`,
      headers: admin.bearer,
    });
    expect(del.statusCode).toBe(409);
    expect(errorsOf(del.body)[0]?.code).toBe(CategoryErrorCode.hasContents);
    expect((await api.get(`/category/${id}/`, alice)).statusCode).toBe(200);
  });
});
