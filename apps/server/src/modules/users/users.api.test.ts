import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  makeDataManager,
  createMember,
  errorsOf,
  form,
} from '../../test-support/fixtures.ts';
import '../activity/activity.tables.ts';
import '../categories/categories.tables.ts';
import '../scoring/scoring.tables.ts';
import '../staff/staff.tables.ts';
import { avatarSvg } from './users.service.ts';

const BASE = '/c/demo/platform/api/v1/users';
const OTHER = '/c/other/platform/api/v1/users';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let editorUserId: number;
let alice: number;
let bob: number;
let carol: number;
let dave: number;
let stranger: number;

const get = (url: string, who: SignedIn = admin) => t.app.inject({ method: 'GET', url, headers: who.bearer });
const postJson = (url: string, body: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const at = (day: number) => new Date(Date.UTC(2026, 0, day));

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  // The admin is the community's GDPR data manager: the one who sees e-mails.
  await makeDataManager(t.db, 'demo', 'admin');
  editorUserId = (
    await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', 'ed')
      .executeTakeFirstOrThrow()
  ).id;
  alice = await createMember(t.db, demoId, 'Alice', 'alice-password-1', { email: 'alice@members.test' });
  bob = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  carol = await createMember(t.db, demoId, 'carol', 'carol-password-1');
  dave = await createMember(t.db, demoId, 'dave', 'dave-password-1');
  stranger = await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  await t.db
    .updateTable('community_users')
    .set({ real_name: 'Alice Liddell', bio: 'Down the rabbit hole', ext_id: 'ext-alice', score: 42 })
    .where('id', '=', alice)
    .execute();
  // bob and carol follow alice; alice follows dave; alice is connected with bob and dave.
  await t.db
    .insertInto('follows')
    .values([
      { stack_id: demoId, follower_id: bob, followed_id: alice, created_at: at(2) },
      { stack_id: demoId, follower_id: carol, followed_id: alice, created_at: at(3) },
      { stack_id: demoId, follower_id: alice, followed_id: dave, created_at: at(4) },
    ])
    .execute();
  const pair = (a: number, b: number) => (a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a });
  await t.db
    .insertInto('connections')
    .values([
      { stack_id: demoId, ...pair(alice, bob), created_at: at(5) },
      { stack_id: demoId, ...pair(alice, dave), created_at: at(6) },
    ])
    .execute();
  const [music, books] = await t.db
    .insertInto('categories')
    .values([
      { stack_id: demoId, name: 'Music', slug: 'music' },
      { stack_id: demoId, name: 'Books', slug: 'books' },
    ])
    .returning('id')
    .execute();
  await t.db
    .insertInto('interests')
    .values([
      { stack_id: demoId, user_id: alice, category_id: music!.id, created_at: at(7) },
      { stack_id: demoId, user_id: alice, category_id: books!.id, created_at: at(8) },
    ])
    .execute();
  const tag = await t.db
    .insertInto('tags')
    .values({ stack_id: demoId, type: 'user', name: 'vip', color: '#ff0000' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.db.insertInto('user_tags').values({ stack_id: demoId, user_id: alice, tag_id: tag.id }).execute();
});
afterAll(() => t.close());

describe('users/get/', () => {
  it('answers the community user by id, with standing, tags and counters', async () => {
    const res = await get(`${BASE}/get/?id=${alice}`);
    expect(res.statusCode).toBe(200);
    const user = res.json().data;
    expect(user).toMatchObject({
      id: alice,
      username: 'Alice',
      real_name: 'Alice Liddell',
      email: 'alice@members.test',
      role: null,
      status: 'active',
      email_validated: true,
      bio: 'Down the rabbit hole',
      ext_id: 'ext-alice',
      last_visit: null,
      score: 42,
      tags: [{ name: 'vip', color: '#ff0000' }],
      followers: 2,
      followings: 1,
      connections: 2,
      posts: 0,
    });
    expect(Date.parse(user.registered)).not.toBeNaN();
  });

  it('finds by username, case-insensitively', async () => {
    const res = await get(`${BASE}/get/?username=alice`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.id).toBe(alice);
  });

  it('reads an ended ban as active and a running one as banned', async () => {
    const now = t.clock.now().getTime();
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', carol).execute();
    await t.db
      .insertInto('bans')
      .values({ stack_id: demoId, user_id: carol, ban_until: new Date(now - 1000) })
      .execute();
    expect((await get(`${BASE}/get/?id=${carol}`)).json().data.status).toBe('active');
    await t.db
      .updateTable('bans')
      .set({ ban_until: new Date(now + 86_400_000) })
      .where('user_id', '=', carol)
      .execute();
    expect((await get(`${BASE}/get/?id=${carol}`)).json().data.status).toBe('banned');
    await t.db.deleteFrom('bans').where('user_id', '=', carol).execute();
    await t.db.updateTable('community_users').set({ status: 'active' }).where('id', '=', carol).execute();
  });

  it('hides the email from an editor without the GDPR attribute, shows it to a GDPR data manager', async () => {
    const plain = await get(`${BASE}/get/?id=${alice}`, editor);
    expect(plain.statusCode).toBe(200);
    expect(plain.json().data.email).toBeNull();
    await t.db
      .insertInto('staff_attributes')
      .values({
        stack_id: demoId,
        user_id: editorUserId,
        badge: false,
        prioritize_content: false,
        disable_notifications: false,
        gdpr_data_manager: true,
        gdpr_document_signed: true,
      })
      .execute();
    try {
      expect((await get(`${BASE}/get/?id=${alice}`, editor)).json().data.email).toBe('alice@members.test');
    } finally {
      await t.db.deleteFrom('staff_attributes').where('user_id', '=', editorUserId).execute();
    }
  });

  it('needs an id or a username', async () => {
    const res = await get(`${BASE}/get/`);
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'id', code: 'required' });
  });

  it("answers 404 for another community's user and unknown users", async () => {
    expect((await get(`${BASE}/get/?id=${stranger}`)).statusCode).toBe(404);
    expect((await get(`${BASE}/get/?username=stranger`)).statusCode).toBe(404);
    expect((await get(`${BASE}/get/?id=999999`)).statusCode).toBe(404);
    // …and the other community's own admin sees it there, but not the demo's users.
    expect((await get(`${OTHER}/get/?id=${stranger}`, owner)).statusCode).toBe(200);
    expect((await get(`${OTHER}/get/?id=${alice}`, owner)).statusCode).toBe(404);
    expect((await get(`${BASE}/get/?id=${alice}`, owner)).statusCode).toBe(404);
  });
});

describe('users/update/{id}/', () => {
  it('changes only the given fields (JSON) and answers the user', async () => {
    const res = await postJson(`${BASE}/update/${bob}/`, {
      real_name: '  Bob Builder ',
      bio: 'Can we fix it?',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: bob,
      real_name: 'Bob Builder',
      bio: 'Can we fix it?',
      email: 'bob@members.test',
      ext_id: null,
    });
  });

  it('takes a form body, sets the email and ext_id, and an empty ext_id clears it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/update/${bob}/`,
      ...form({ email: 'Bob.New@Example.com', ext_id: 'ext-bob' }, admin.bearer),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      email: 'Bob.New@Example.com',
      ext_id: 'ext-bob',
      real_name: 'Bob Builder',
    });
    const row = await t.db
      .selectFrom('community_users')
      .select(['email', 'ext_id'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ email: 'Bob.New@Example.com', ext_id: 'ext-bob' });
    const cleared = await postJson(`${BASE}/update/${bob}/`, { ext_id: '' });
    expect(cleared.json().data.ext_id).toBeNull();
  });

  it('keeps its own email (any case) without a uniqueness error', async () => {
    const res = await postJson(`${BASE}/update/${alice}/`, { email: 'ALICE@members.test' });
    expect(res.statusCode).toBe(200);
    await postJson(`${BASE}/update/${alice}/`, { email: 'alice@members.test' });
  });

  it('answers field errors for a bad email, a duplicate email or ext_id and too long texts, changing nothing', async () => {
    const bad = await postJson(`${BASE}/update/${bob}/`, { email: 'not-an-email', real_name: 'Changed' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)).toEqual([expect.objectContaining({ field: 'email', code: 'invalid' })]);

    const duplicate = await postJson(`${BASE}/update/${bob}/`, { email: 'ALICE@MEMBERS.TEST' });
    expect(duplicate.statusCode).toBe(400);
    expect(errorsOf(duplicate.body)).toEqual([expect.objectContaining({ field: 'email', code: 'unique' })]);

    const many = await postJson(`${BASE}/update/${bob}/`, {
      ext_id: 'ext-alice',
      real_name: 'x'.repeat(256),
      bio: 'y'.repeat(501),
    });
    expect(many.statusCode).toBe(400);
    expect(errorsOf(many.body).map((e) => [e.field, e.code])).toEqual([
      ['real_name', 'max_length'],
      ['bio', 'max_length'],
      ['ext_id', 'unique'],
    ]);

    const row = await t.db
      .selectFrom('community_users')
      .select(['real_name', 'email'])
      .where('id', '=', bob)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ real_name: 'Bob Builder', email: 'Bob.New@Example.com' });
  });

  it('is for admins only', async () => {
    const res = await postJson(`${BASE}/update/${bob}/`, { real_name: 'By editor' }, editor);
    expect(res.statusCode).toBe(403);
  });

  it("refuses fully deleted users (409) and another community's users (404)", async () => {
    const erased = await createMember(t.db, demoId, 'erased', 'erased-password-1', {
      status: 'fully_deleted',
    });
    const res = await postJson(`${BASE}/update/${erased}/`, { real_name: 'Back' });
    expect(res.statusCode).toBe(409);
    expect(errorsOf(res.body)[0]?.code).toBe('user_erased');
    expect((await postJson(`${BASE}/update/${stranger}/`, { real_name: 'Nope' })).statusCode).toBe(404);
    const row = await t.db
      .selectFrom('community_users')
      .select('real_name')
      .where('id', '=', stranger)
      .executeTakeFirstOrThrow();
    expect(row.real_name).toBe('');
  });
});

describe('users/avatar/{username}/', () => {
  it('answers a generated SVG with the initial, cacheable privately', async () => {
    const res = await get(`${BASE}/avatar/alice/`, editor);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('image/svg+xml');
    expect(res.headers['cache-control']).toBe('private, max-age=3600');
    expect(res.body).toMatch(/^<svg /);
    expect(res.body).toContain('>A</text>');
    expect(res.body).toBe(avatarSvg('Alice'));
  });

  it('derives the colour from the username and escapes the initial', () => {
    expect(avatarSvg('alice')).toBe(avatarSvg('alice'));
    expect(avatarSvg('alice')).not.toBe(avatarSvg('zed'));
    expect(avatarSvg('<x')).toContain('>&lt;</text>');
  });

  it('answers 404 for unknown usernames and for another community', async () => {
    expect((await get(`${BASE}/avatar/nobody/`)).statusCode).toBe(404);
    expect((await get(`${BASE}/avatar/stranger/`)).statusCode).toBe(404);
  });
});

describe('users/{id}/categories|followers|followings|connections/', () => {
  it('lists the followed categories', async () => {
    const res = await get(`${BASE}/${alice}/categories/`, editor);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { id: expect.any(Number), name: 'Books', slug: 'books', followed_at: at(8).toISOString() },
      { id: expect.any(Number), name: 'Music', slug: 'music', followed_at: at(7).toISOString() },
    ]);
  });

  it('pages the followers, newest first, with next/previous links', async () => {
    const first = await get(`${BASE}/${alice}/followers/?limit=1`);
    expect(first.statusCode).toBe(200);
    const page = first.json().data;
    expect(page.count).toBe(2);
    expect(page.previous).toBeNull();
    expect(page.next).toContain(`/c/demo/platform/api/v1/users/${alice}/followers/?limit=1&offset=1`);
    expect(page.results).toEqual([
      { id: carol, username: 'carol', real_name: '', followed_at: at(3).toISOString() },
    ]);
    const second = (await get(`${BASE}/${alice}/followers/?limit=1&offset=1`)).json().data;
    expect(second.results.map((u: { id: number }) => u.id)).toEqual([bob]);
    expect(second.next).toBeNull();
    expect(second.previous).not.toBeNull();
  });

  it('lists the followings', async () => {
    const page = (await get(`${BASE}/${alice}/followings/`)).json().data;
    expect(page).toMatchObject({ count: 1, next: null, previous: null });
    expect(page.results).toEqual([
      { id: dave, username: 'dave', real_name: '', followed_at: at(4).toISOString() },
    ]);
  });

  it('lists the connections, newest first', async () => {
    const page = (await get(`${BASE}/${alice}/connections/`)).json().data;
    expect(page.count).toBe(2);
    expect(page.results).toEqual([
      { id: dave, username: 'dave', real_name: '', connected_at: at(6).toISOString() },
      { id: bob, username: 'bob', real_name: 'Bob Builder', connected_at: at(5).toISOString() },
    ]);
  });

  it("answers 404 for another community's user", async () => {
    for (const what of ['categories', 'followers', 'followings', 'connections']) {
      expect((await get(`${BASE}/${stranger}/${what}/`)).statusCode).toBe(404);
    }
  });
});
