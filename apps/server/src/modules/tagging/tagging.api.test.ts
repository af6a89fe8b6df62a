import { TAG_PALETTE, TAGGING_MESSAGES as M } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  createMember,
  errorsOf,
  setFlag,
  communityWithRoles,
} from '../../test-support/fixtures.ts';
import './tagging.tables.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';

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

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/tags/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/tags/${path}`, headers: who.bearer });

async function addTag(
  body: Record<string, unknown>,
): Promise<{ id: number; color: string; active: boolean }> {
  const res = await post('add/', body);
  expect(res.statusCode, res.body).toBe(200);
  return (JSON.parse(res.body) as { data: { id: number; color: string; active: boolean } }).data;
}
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;

async function contents(count: number): Promise<number[]> {
  const author = await addStaff(t.db, demoId, null, `author${Date.now()}${Math.random()}`, null);
  const rows = await t.db
    .insertInto('contributions')
    .values(
      Array.from({ length: count }, (_, i) => ({
        stack_id: demoId,
        type: 'post' as const,
        author_id: author,
        title: `Post ${i}`,
        body: 'text',
        created_at: new Date(),
      })),
    )
    .returning('id')
    .execute();
  return rows.map((r) => r.id);
}

describe('tags: create and update', () => {
  it('creates a tag with the default colour and lists it by type', async () => {
    const tag = await addTag({ type: 'user', name: 'Ambassadors', description: 'Our best members' });
    expect(tag.color).toBe('#DCDBDC');
    expect(tag.active).toBe(true);
    const list = data<{ count: number; results: { name: string; assigned_count: number }[] }>(
      (await get('?type=user&search=amba')).body,
    );
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ name: 'Ambassadors', assigned_count: 0 });
    expect(data<{ count: number }>((await get('?type=thread')).body).count).toBe(0);
  });

  it('refuses an empty or too long name, a long description and a colour outside the palette', async () => {
    const empty = await post('add/', { type: 'user', name: '   ' });
    expect(empty.statusCode).toBe(400);
    expect(errorsOf(empty.body)[0]).toMatchObject({ field: 'name', code: 'invalid', message: M.invalidName });
    const long = await post('add/', { type: 'user', name: 'x'.repeat(36) });
    expect(errorsOf(long.body)[0]).toMatchObject({ field: 'name', code: 'max_length' });
    expect((await post('add/', { type: 'user', name: 'x'.repeat(35) })).statusCode).toBe(200);
    const desc = await post('add/', { type: 'user', name: 'Desc', description: 'd'.repeat(121) });
    expect(errorsOf(desc.body)[0]).toMatchObject({ field: 'description', message: M.descriptionTooLong });
    expect(
      (await post('add/', { type: 'user', name: 'Desc', description: 'd'.repeat(120) })).statusCode,
    ).toBe(200);
    const color = await post('add/', { type: 'user', name: 'Colour', color: '#123456' });
    expect(errorsOf(color.body)[0]).toMatchObject({ field: 'color', code: 'invalid', message: M.color });
    const type = await post('add/', { type: 'group', name: 'Typed' });
    expect(errorsOf(type.body)[0]).toMatchObject({ field: 'type' });
  });

  it('wants a name unique per type, whatever the case', async () => {
    await addTag({ type: 'user', name: 'Unique' });
    const twin = await post('add/', { type: 'user', name: 'UNIQUE' });
    expect(twin.statusCode).toBe(400);
    expect(errorsOf(twin.body)[0]).toMatchObject({ field: 'name', code: 'unique', message: M.unique });
    expect((await post('add/', { type: 'thread', name: 'Unique' })).statusCode).toBe(200);
    const other = await addTag({ type: 'user', name: 'Another' });
    const renamed = await post(`${other.id}/update/`, { name: 'unique' });
    expect(errorsOf(renamed.body)[0]?.message).toBe(M.unique);
    const ok = await post(`${other.id}/update/`, {
      name: 'Another one',
      visible: false,
      visibility_boost: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(data(ok.body)).toMatchObject({ name: 'Another one', visible: false, visibility_boost: true });
    expect(
      errorsOf((await post(`${other.id}/update/`, { description: 'x'.repeat(121) })).body)[0]?.field,
    ).toBe('description');
  });

  it('sets a colour from the palette of 19', async () => {
    expect(TAG_PALETTE).toHaveLength(19);
    const tag = await addTag({ type: 'user', name: 'Painted' });
    const ok = await post(`${tag.id}/set_color/`, { color: TAG_PALETTE[5].toLowerCase() });
    expect(data<{ color: string }>(ok.body).color).toBe(TAG_PALETTE[5]);
    const bad = await post(`${tag.id}/set_color/`, { color: 'red' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]?.message).toBe(M.color);
    expect((await post('999999/set_color/', { color: TAG_PALETTE[1] })).statusCode).toBe(404);
  });

  it('activates and deactivates many tags at once', async () => {
    const a = await addTag({ type: 'user', name: 'Many A' });
    const b = await addTag({ type: 'user', name: 'Many B' });
    const res = await post('set_active/', { ids: [a.id, b.id], active: false });
    expect(data(res.body)).toEqual({ updated: 2 });
    const inactive = data<{ results: { id: number }[] }>((await get('?type=user&active=false')).body);
    expect(inactive.results.map((r) => r.id).sort()).toEqual([a.id, b.id].sort());
    expect((await post('set_active/', { ids: [], active: true })).statusCode).toBe(400);
    expect((await post('set_active/', { ids: [a.id, 999999], active: true })).statusCode).toBe(404);
  });
});

describe('tags: assignment and ordering', () => {
  it('assigns a user tag to users and removes it', async () => {
    const tag = await addTag({ type: 'user', name: 'Assigned' });
    const u1 = await addStaff(t.db, demoId, null, 'member-one', null);
    const u2 = await addStaff(t.db, demoId, null, 'member-two', null);
    const res = await post(`${tag.id}/assign/`, { object_type: 'user', object_ids: [u1, u2, u1] });
    expect(data(res.body)).toEqual({ assigned_count: 2 });
    const objects = data<{ results: { id: number; assigned: boolean }[] }>(
      (await get(`${tag.id}/objects/?search=member-&assigned=true`)).body,
    );
    expect(objects.results.map((o) => o.id).sort()).toEqual([u1, u2].sort());
    const removed = await post(`${tag.id}/unassign/`, { object_type: 'user', object_ids: [u1] });
    expect(data(removed.body)).toEqual({ assigned_count: 1 });
  });

  it('neither lists nor tags members who left or were erased', async () => {
    const tag = await addTag({ type: 'user', name: 'Present only' });
    const left = await addStaff(t.db, demoId, null, 'gone-left', null);
    const erased = await addStaff(t.db, demoId, null, 'gone-erased', null);
    const stays = await addStaff(t.db, demoId, null, 'gone-not', null);
    await t.db.updateTable('community_users').set({ status: 'deleted' }).where('id', '=', left).execute();
    await t.db
      .updateTable('community_users')
      .set({ status: 'fully_deleted' })
      .where('id', '=', erased)
      .execute();
    const listed = data<{ results: { id: number }[] }>((await get(`${tag.id}/objects/?search=gone-`)).body);
    expect(listed.results.map((o) => o.id)).toEqual([stays]);
    for (const id of [left, erased]) {
      const res = await post(`${tag.id}/assign/`, { object_type: 'user', object_ids: [id] });
      expect(res.statusCode).toBe(400);
    }
  });

  it('refuses unknown elements, elements of another kind and an empty list', async () => {
    const tag = await addTag({ type: 'user', name: 'Strict' });
    const unknown = await post(`${tag.id}/assign/`, { object_type: 'user', object_ids: [987654] });
    expect(unknown.statusCode).toBe(400);
    expect(errorsOf(unknown.body)[0]).toMatchObject({ code: 'assignment_failed', message: M.assignError });
    const kind = await post(`${tag.id}/assign/`, { object_type: 'category', object_ids: [1] });
    expect(errorsOf(kind.body)[0]?.code).toBe('object_type_mismatch');
    expect((await post(`${tag.id}/assign/`, { object_type: 'user', object_ids: [] })).statusCode).toBe(400);
  });

  it('assigns an interest tag to categories', async () => {
    const tag = await addTag({ type: 'category', name: 'Sports' });
    const cat = await t.db
      .insertInto('categories')
      .values({ stack_id: demoId, name: 'Football', slug: 'football' })
      .returning('id')
      .executeTakeFirstOrThrow();
    const res = await post(`${tag.id}/assign/`, { object_type: 'category', object_ids: [cat.id] });
    expect(data(res.body)).toEqual({ assigned_count: 1 });
    const found = data<{ results: { label: string; assigned: boolean }[] }>(
      (await get(`${tag.id}/objects/?search=foot`)).body,
    );
    expect(found.results).toEqual([expect.objectContaining({ label: 'Football', assigned: true })]);
  });

  it('orders the contents of a tag, once assigned, up to 100 elements', async () => {
    const tag = await addTag({ type: 'thread', name: 'Featured' });
    const notYet = await post(`${tag.id}/order/`, { object_ids: [1] });
    expect(errorsOf(notYet.body)[0]).toMatchObject({ code: 'not_assigned', message: M.notAssigned });
    const ids = await contents(3);
    await post(`${tag.id}/assign/`, { object_type: 'contribution', object_ids: ids });
    const ordered = await post(`${tag.id}/order/`, { object_ids: [ids[2], ids[0]] });
    expect(ordered.statusCode, ordered.body).toBe(200);
    expect(data<{ results: { id: number }[] }>(ordered.body).results.map((r) => r.id)).toEqual([
      ids[2],
      ids[0],
      ids[1],
    ]);
    const foreign = await post(`${tag.id}/order/`, { object_ids: [ids[0], 999999] });
    expect(errorsOf(foreign.body)[0]).toMatchObject({ code: 'invalid', message: M.orderIds });

    const big = await addTag({ type: 'thread', name: 'Crowded' });
    const many = await contents(101);
    await post(`${big.id}/assign/`, { object_type: 'contribution', object_ids: many.slice(0, 100) });
    expect((await post(`${big.id}/order/`, { object_ids: [many[1]] })).statusCode).toBe(200);
    await post(`${big.id}/assign/`, { object_type: 'contribution', object_ids: [many[100]] });
    const refused = await post(`${big.id}/order/`, { object_ids: [many[1]] });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)[0]).toMatchObject({ code: 'too_many_to_order', message: M.tooManyToOrder });
  });
});

interface ObjectPage {
  count: number;
  results: { id: number; label: string; detail: string; assigned: boolean }[];
}

describe('tags: the members to assign, a page at a time (issue 12 §3)', () => {
  // Mixed case on purpose: the list is alphabetical whatever the case, as a reader expects.
  const names = Array.from(
    { length: 23 },
    (_, i) => `${i % 2 ? 'Pager' : 'pager'}-${String(i).padStart(2, '0')}`,
  );
  let tagId: number;
  let ids: Map<string, number>;

  beforeAll(async () => {
    tagId = (await addTag({ type: 'user', name: 'Paged' })).id;
    ids = new Map();
    for (const name of names) {
      ids.set(
        name,
        await createMember(t.db, demoId, name, 'member-password-1', { email: `${name}@paged.test` }),
      );
    }
    // Another community's member with the same kind of name is never listed here.
    await createMember(t.db, otherId, 'pager-elsewhere', 'member-password-1');
  });

  const page = async (query: string, who: SignedIn = admin) => {
    const res = await get(`${tagId}/objects/?${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return data<ObjectPage>(res.body);
  };

  it('reaches every member through the pages, alphabetically, each once', async () => {
    const seen: string[] = [];
    let count = -1;
    for (let offset = 0; count === -1 || offset < count; offset += 5) {
      const one = await page(`search=pager-&limit=5&offset=${offset}`);
      count = one.count;
      expect(one.results.length).toBe(Math.min(5, count - offset));
      seen.push(...one.results.map((r) => r.label));
    }
    expect(count).toBe(names.length);
    const alphabetical = [...names].sort((a, b) => a.toLowerCase().localeCompare(b.toLowerCase()));
    expect(seen).toEqual(alphabetical);
    // Past the end: no rows, the count still told.
    expect(await page('search=pager-&limit=5&offset=100')).toEqual({ count: names.length, results: [] });
  });

  it('searches on the server by username or email, whatever the case, and pages the results', async () => {
    const one = await page('search=PAGER-07');
    expect(one.count).toBe(1);
    expect(one.results[0]).toMatchObject({ id: ids.get('Pager-07'), detail: 'Pager-07@paged.test' });
    expect((await page('search=paged.test&limit=10')).count).toBe(names.length);
    const second = await page('search=pager-1&limit=4&offset=4');
    expect(second.count).toBe(10);
    expect(second.results.map((r) => r.label)).toEqual(['pager-14', 'Pager-15', 'pager-16', 'Pager-17']);
    // A LIKE wildcard is searched as itself.
    expect((await page('search=pager_%25')).count).toBe(0);
  });

  it('keeps an assigned member in its place and marks it', async () => {
    const last = names.length - 1;
    const before = await page(`search=pager-&limit=1&offset=${last}`);
    const member = before.results[0]!;
    expect(member.assigned).toBe(false);
    await post(`${tagId}/assign/`, { object_type: 'user', object_ids: [member.id] });
    const after = await page(`search=pager-&limit=1&offset=${last}`);
    expect(after.results[0]).toMatchObject({ id: member.id, assigned: true });
    const only = await page('assigned=true');
    expect(only.results.map((r) => r.id)).toEqual([member.id]);
    await post(`${tagId}/unassign/`, { object_type: 'user', object_ids: [member.id] });
    expect((await page(`search=pager-&limit=1&offset=${last}`)).results[0]?.assigned).toBe(false);
  });

  it('refuses a bad page in the envelope', async () => {
    for (const query of ['limit=0', 'limit=501', 'offset=-1', 'limit=ten']) {
      const res = await get(`${tagId}/objects/?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(errorsOf(res.body).length, query).toBeGreaterThan(0);
    }
  });

  it("answers editors, refuses moderators, and hides the community from another one's staff", async () => {
    expect((await page('search=pager-', editor)).count).toBe(names.length);
    const refused = await get(`${tagId}/objects/?search=pager-`, moderator);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('permission_denied');
    expect((await get(`${tagId}/objects/`, owner)).statusCode).toBe(404);
    expect((await get('?type=user', owner)).statusCode).toBe(404);
    // The other community's admin does not reach the demo's tag through their own community either.
    expect((await get(`${tagId}/objects/`, owner, OTHER)).statusCode).toBe(404);
  });

  it('pages and searches the tags themselves', async () => {
    for (const name of ['Zeta list', 'Alpha list', 'Mid list']) await addTag({ type: 'user', name });
    const first = data<{ count: number; results: { name: string }[] }>(
      (await get('?type=user&search=%20list&limit=2')).body,
    );
    expect(first.count).toBe(3);
    expect(first.results.map((r) => r.name)).toEqual(['Alpha list', 'Mid list']);
    const rest = data<{ count: number; results: { name: string }[] }>(
      (await get('?type=user&search=%20list&limit=2&offset=2')).body,
    );
    expect(rest.results.map((r) => r.name)).toEqual(['Zeta list']);
  });
});

describe('tags: addressing', () => {
  it('needs a source tag, at least one recipient and one action', async () => {
    const res = await post('addressing/', { actions: [], user_tag_to: [] });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body).map((e) => [e.field, e.message])).toEqual([
      ['user_tag_from', M.addressingFrom],
      ['user_tag_to', M.addressingTo],
      ['actions', M.addressingActions],
    ]);
    const from = await addTag({ type: 'user', name: 'Sales' });
    const to = await addTag({ type: 'user', name: 'Customers' });
    const bad = await post('addressing/', {
      user_tag_from: from.id,
      user_tag_to: [to.id],
      actions: ['shout'],
    });
    expect(errorsOf(bad.body)[0]?.field).toBe('actions');
    const thread = await addTag({ type: 'thread', name: 'Not a user tag' });
    const wrong = await post('addressing/', {
      user_tag_from: from.id,
      user_tag_to: [thread.id],
      actions: ['broadcast'],
    });
    expect(errorsOf(wrong.body)[0]).toMatchObject({ field: 'user_tag_to', message: M.addressingUserTags });
  });

  it('creates, updates, lists and deletes a rule', async () => {
    const from = await addTag({ type: 'user', name: 'Staff team' });
    const to = await addTag({ type: 'user', name: 'Newcomers' });
    const created = await post('addressing/', {
      user_tag_from: from.id,
      user_tag_to: [to.id],
      actions: ['direct_posts', 'broadcast'],
    });
    expect(created.statusCode, created.body).toBe(200);
    const rule = data<{ id: number; user_tag_from: number }[]>(created.body).find(
      (r) => r.user_tag_from === from.id,
    )!;
    const updated = await post('addressing/', {
      id: rule.id,
      user_tag_from: from.id,
      user_tag_to: [to.id, from.id],
      actions: ['broadcast'],
    });
    // Each rule names its tags, so the console shows them however many tags the community has.
    expect(data<unknown[]>(updated.body)).toContainEqual({
      id: rule.id,
      user_tag_from: from.id,
      user_tag_to: [to.id, from.id],
      actions: ['broadcast'],
      tag_names: { [from.id]: 'Staff team', [to.id]: 'Newcomers' },
    });
    expect(data<{ id: number }[]>((await get('addressing/', editor)).body).map((r) => r.id)).toContain(
      rule.id,
    );
    const deleted = await post('addressing/', { id: rule.id, delete: true });
    expect(data<{ id: number }[]>(deleted.body).map((r) => r.id)).not.toContain(rule.id);
    expect((await post('addressing/', { id: rule.id, delete: true })).statusCode).toBe(404);
  });
});

describe('tags: who may', () => {
  // Tagging is a content function (spec mgmt §6): editors have it, moderators do not.
  it('lets editors read and write, refuses moderators, and hides other communities', async () => {
    expect((await post('add/', { type: 'user', name: 'By editor' }, editor)).statusCode).toBe(200);
    expect((await get('?type=user', editor)).statusCode).toBe(200);
    expect((await get('?type=user', moderator)).statusCode).toBe(403);
    expect((await get('addressing/', moderator)).statusCode).toBe(403);
    const refused = await post('add/', { type: 'user', name: 'By moderator' }, moderator);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('permission_denied');
    expect((await post('set_active/', { ids: [1], active: false }, moderator)).statusCode).toBe(403);
    expect((await post('addressing/', {}, moderator)).statusCode).toBe(403);
    expect((await get('?type=user', admin, OTHER)).statusCode).toBe(404);
    expect((await post('add/', { type: 'user', name: 'Elsewhere' }, admin, OTHER)).statusCode).toBe(404);
  });

  it('answers 403 feature_disabled while tagging, or the flag of the tag type, is off', async () => {
    const thread = await addTag({ type: 'thread', name: 'Flagged content' });
    await setFlag(t, admin, demoId, 'tagging_content', false);
    const off = await get('?type=thread');
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    expect(errorsOf((await post(`${thread.id}/set_color/`, { color: TAG_PALETTE[2] })).body)[0]?.code).toBe(
      'feature_disabled',
    );
    expect((await get('?type=user')).statusCode).toBe(200);
    await setFlag(t, admin, demoId, 'tagging_content', true);
    await setFlag(t, admin, demoId, 'tagging_category', false);
    expect((await post('add/', { type: 'category', name: 'Interest off' })).statusCode).toBe(403);
    await setFlag(t, admin, demoId, 'tagging_category', true);
    await setFlag(t, admin, demoId, 'tagging', false);
    const all = await post('add/', { type: 'user', name: 'All off' });
    expect(errorsOf(all.body)[0]?.code).toBe('feature_disabled');
    expect((await get('addressing/')).statusCode).toBe(403);
    await setFlag(t, admin, demoId, 'tagging', true);
    expect((await get('?type=thread')).statusCode).toBe(200);
  });
});
