import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { USER_MODERATION_MESSAGES as MESSAGES, SCORING_MESSAGES } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  communityFixture,
  makeDataManager,
  createAccount,
  createMember,
  errorsOf,
  form,
  memberSignIn,
  signIn,
  type SignedIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import '../activity/activity.tables.ts';
import '../categories/categories.tables.ts';
import '../moderation/moderation.tables.ts';
import '../scoring/scoring.tables.ts';
import '../staff/staff.tables.ts';

const BASE = '/c/demo/platform/api/v1/moderation/users';
const V2 = '/c/demo/api/v2';
const DAY = 86_400;

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let adminId: number;
let modId: number;
let outsider: number;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  // The admin is the community's GDPR data manager: the one who sees e-mails.
  await makeDataManager(t.db, 'demo', 'admin');
  modId = await addStaff(
    t.db,
    demoId,
    await createAccount(t.db, 'mod', 'moderator-password-1'),
    'mod',
    'moderator',
  );
  adminId = (
    await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow()
  ).id;
  outsider = await createMember(t.db, otherId, 'luigi', 'luigi-password-1');
});
afterAll(() => t.close());
beforeEach(async () => {
  // Tests advance the clock past the tokens' lifetime: sign in afresh.
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'ed', 'editor-password-1');
  moderator = await signIn(t.app, 'mod', 'moderator-password-1');
  owner = await signIn(t.app, 'owner', 'owner-password-1');
});

/** A fresh member of demo with their own password. */
async function newMember(extra: Parameters<typeof createMember>[4] = {}) {
  n += 1;
  const username = `member${n}`;
  const password = `${username}-password-1`;
  const id = await createMember(t.db, demoId, username, password, extra);
  return { id, username, password };
}

const get = (path: string, who: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: path, headers: who.bearer });
const post = (path: string, body: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const patch = (path: string, body: unknown, who: SignedIn = admin) =>
  t.app.inject({
    method: 'PATCH',
    url: path,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const change = (id: number, body: unknown, who: SignedIn = admin) => post(`${BASE}/${id}/`, body, who);
const stored = (id: number) =>
  t.db.selectFrom('community_users').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
const banRow = (id: number) =>
  t.db.selectFrom('bans').selectAll().where('user_id', '=', id).executeTakeFirst();
const signInMember = (m: { username: string; password: string }) =>
  memberSignIn(t.app, t.db, 'demo', m.username, m.password);
const ssoSignIn = (who: SignedIn) =>
  t.app.inject({ method: 'POST', url: `${V2}/sso/signin/`, headers: who.bearer });
async function contribution(
  authorId: number,
  type: 'post' | 'discussion' | 'status' | 'poll',
  status = 'published',
) {
  const row = await t.db
    .insertInto('contributions')
    .values({
      stack_id: demoId,
      type,
      author_id: authorId,
      category_id: null,
      title: '',
      body: `A ${type} by ${authorId}`,
      status,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}
async function flag(contentId: number, authorId: number, by: number) {
  await t.db
    .insertInto('flags')
    .values({
      stack_id: demoId,
      content_type: 'post',
      content_id: contentId,
      author_id: authorId,
      flagged_by: by,
      reason: 'spam',
      created_at: t.clock.now(),
    })
    .execute();
}
const follow = (from: number, to: number) =>
  t.db
    .insertInto('follows')
    .values({ stack_id: demoId, follower_id: from, followed_id: to, created_at: t.clock.now() })
    .execute();

describe('console list and detail', () => {
  it('shows the counters, the effective status, and the email to admins only', async () => {
    const m = await newMember({ email: 'counted@members.test' });
    const fan = await newMember();
    await follow(fan.id, m.id);
    await follow(m.id, fan.id);
    await follow(m.id, modId);
    const post1 = await contribution(m.id, 'post');
    await contribution(m.id, 'post');
    await contribution(m.id, 'post', 'deleted');
    await contribution(m.id, 'discussion');
    await contribution(m.id, 'poll');
    await flag(post1, m.id, fan.id);
    await flag(post1, m.id, modId);
    await flag(await contribution(fan.id, 'post'), fan.id, m.id);
    await t.db
      .updateTable('community_users')
      .set({ score: 42, last_login: t.clock.now() })
      .where('id', '=', m.id)
      .execute();

    const res = await get(`${BASE}/${m.id}/`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      id: m.id,
      username: m.username,
      email: 'counted@members.test',
      email_validated: true,
      role: null,
      status: 'active',
      ban_start: null,
      ban_until: null,
      registered: expect.any(String),
      last_visit: t.clock.now().toISOString(),
      deleted_at: null,
      flags_received: 2,
      flags_created: 1,
      followers: 1,
      followings: 2,
      posts: 2,
      discussions: 1,
      statuses: 0,
      polls: 1,
      score: 42,
    });
    const asModerator = await get(`${BASE}/${m.id}/`, moderator);
    expect(asModerator.statusCode).toBe(200);
    expect(asModerator.json().data.email).toBeNull();
    expect(asModerator.json().data.flags_received).toBe(2);
  });

  it('searches by username or email, filters by status, orders and pages', async () => {
    const a = await newMember({ email: 'zeta-search@members.test' });
    const b = await newMember();
    await change(b.id, { status: 'banned' });
    const byEmail = await get(`${BASE}/?search=zeta-search`);
    expect(byEmail.json().data.results.map((u: { id: number }) => u.id)).toEqual([a.id]);
    const byName = await get(`${BASE}/?search=${b.username}`);
    expect(byName.json().data.results.map((u: { id: number }) => u.id)).toEqual([b.id]);
    // A moderator does not see emails, nor find members by them.
    expect((await get(`${BASE}/?search=${a.username}`, moderator)).json().data.results[0].email).toBeNull();
    expect((await get(`${BASE}/?search=zeta-search`, moderator)).json().data.count).toBe(0);

    const banned = await get(`${BASE}/?status=banned`);
    expect(banned.json().data.results.map((u: { id: number }) => u.id)).toContain(b.id);
    expect(banned.json().data.results.every((u: { status: string }) => u.status === 'banned')).toBe(true);
    const active = await get(`${BASE}/?status=active&limit=100`);
    expect(active.json().data.results.map((u: { id: number }) => u.id)).not.toContain(b.id);

    const page = await get(`${BASE}/?ordering=username&limit=2&offset=1`);
    const all = await get(`${BASE}/?ordering=username&limit=100`);
    const names = all.json().data.results.map((u: { username: string }) => u.username);
    expect(names).toEqual(
      [...names].sort((x: string, y: string) => x.toLowerCase().localeCompare(y.toLowerCase())),
    );
    expect(page.json().data.results.map((u: { username: string }) => u.username)).toEqual(names.slice(1, 3));
    expect(page.json().data.count).toBe(all.json().data.count);
    expect((await get(`${BASE}/?status=nonsense`)).statusCode).toBe(400);
  });
});

describe('bans', () => {
  it('bans for N days: the member is out at once, and back in by themselves when it ends', async () => {
    const m = await newMember();
    const session = await signInMember(m);
    const res = await change(m.id, { status: 'banned', days: 3 });
    expect(res.statusCode, res.body).toBe(200);
    const until = new Date(t.clock.now().getTime() + 3 * DAY * 1000).toISOString();
    expect(res.json().data).toMatchObject({ status: 'banned', ban_until: until });
    expect((await banRow(m.id))?.ban_until?.toISOString()).toBe(until);
    // Signed out everywhere: the token family is revoked, new sign-ins are refused.
    expect((await ssoSignIn(session)).statusCode).toBe(401);
    await expect(signInMember(m)).rejects.toThrow(/blocked until/);
    const families = await t.db
      .selectFrom('token_families')
      .select('revoked_at')
      .where('member_user_id', '=', m.id)
      .execute();
    expect(families.length).toBeGreaterThan(0);
    expect(families.every((f) => f.revoked_at !== null)).toBe(true);

    t.clock.advance(3 * DAY + 1);
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    // Reads see the end of the ban at once…
    expect((await get(`${BASE}/${m.id}/`)).json().data).toMatchObject({ status: 'active', ban_until: null });
    // …and the job writes it back.
    await t.jobs.runDue();
    expect((await stored(m.id)).status).toBe('active');
    expect(await banRow(m.id)).toBeUndefined();
    const again = await signInMember(m);
    expect((await ssoSignIn(again)).statusCode).toBe(200);
    // The old refresh token died with its family.
    const refresh = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      ...form({ grant_type: 'refresh_token', client_id: session.clientId, refresh_token: session.refresh }),
    });
    expect(refresh.statusCode).toBe(400);
  });

  it('a ban without days lasts forever', async () => {
    const m = await newMember();
    const res = await change(m.id, { status: 'banned' });
    expect(res.json().data).toMatchObject({ status: 'banned', ban_until: null });
    t.clock.advance(400 * DAY);
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    await t.jobs.runDue();
    expect((await stored(m.id)).status).toBe('banned');
    expect((await get(`${BASE}/${m.id}/`)).json().data.status).toBe('banned');
    await expect(signInMember(m)).rejects.toThrow(/blocked/);
  });

  it('a ban replaced or lifted before its end is not ended by the old job', async () => {
    const m = await newMember();
    await change(m.id, { status: 'banned', days: 1 });
    await change(m.id, { status: 'banned', days: 5 });
    t.clock.advance(DAY + 1);
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    await t.jobs.runDue();
    expect((await get(`${BASE}/${m.id}/`)).json().data.status).toBe('banned');
    expect((await stored(m.id)).status).toBe('banned');
    // Lifting it clears the ban at once.
    const lifted = await change(m.id, { status: 'active' });
    expect(lifted.json().data).toMatchObject({ status: 'active', ban_until: null });
    expect(await banRow(m.id)).toBeUndefined();
  });

  it('refuses days without a ban and days out of range', async () => {
    const m = await newMember();
    for (const days of [0, -2, 1.5, 'x', 4000]) {
      const res = await change(m.id, { status: 'banned', days });
      expect(res.statusCode, String(days)).toBe(400);
      expect(errorsOf(res.body)[0]).toMatchObject({ field: 'days', message: MESSAGES.invalidDays });
    }
    const res = await change(m.id, { status: 'deleted', days: 3 });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'days', message: MESSAGES.daysOnlyWithBan });
    expect((await change(m.id, {})).statusCode).toBe(400);
    expect((await stored(m.id)).status).toBe('active');
  });
});

describe('deletion', () => {
  it('a soft deletion can be undone', async () => {
    const m = await newMember();
    const res = await change(m.id, { status: 'deleted' });
    expect(res.json().data).toMatchObject({ status: 'deleted', deleted_at: t.clock.now().toISOString() });
    await expect(signInMember(m)).rejects.toThrow(/400/);
    const back = await change(m.id, { status: 'active' });
    expect(back.json().data).toMatchObject({ status: 'active', deleted_at: null, username: m.username });
    await signInMember(m);
  });

  it('a full deletion erases the person for good and keeps their contents with an anonymous author', async () => {
    const m = await newMember({ email: 'erase-me@members.test' });
    const friend = await newMember();
    await t.db
      .updateTable('community_users')
      .set({ real_name: 'Real Person', bio: 'About me', ext_id: 'ext-77', role: 'publisher' })
      .where('id', '=', m.id)
      .execute();
    await follow(m.id, friend.id);
    await follow(friend.id, m.id);
    await t.db
      .insertInto('connections')
      .values({
        stack_id: demoId,
        user_a: Math.min(m.id, friend.id),
        user_b: Math.max(m.id, friend.id),
        created_at: t.clock.now(),
      })
      .execute();
    await sql`INSERT INTO connection_requests (stack_id, from_id, to_id, created_at)
      VALUES (${demoId}, ${friend.id}, ${m.id}, now())`.execute(t.db);
    const category = await t.db
      .insertInto('categories')
      .values({ stack_id: demoId, name: 'Erase', slug: 'erase' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto('interests')
      .values({ stack_id: demoId, user_id: m.id, category_id: category.id, created_at: t.clock.now() })
      .execute();
    const tag = await t.db
      .insertInto('tags')
      .values({ stack_id: demoId, type: 'user', name: 'erase-tag' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_tags').values({ stack_id: demoId, user_id: m.id, tag_id: tag.id }).execute();
    await t.db
      .insertInto('staff_attributes')
      .values({
        stack_id: demoId,
        user_id: m.id,
        badge: true,
        prioritize_content: false,
        disable_notifications: false,
        gdpr_data_manager: false,
        gdpr_document_signed: false,
      })
      .execute();
    const content = await contribution(m.id, 'post');
    await flag(content, m.id, friend.id);
    await signInMember(m);

    const res = await change(m.id, { status: 'fully_deleted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      username: `deleted-${m.id}`,
      email: '',
      status: 'fully_deleted',
      role: null,
      followers: 0,
      followings: 0,
      posts: 1,
      flags_received: 1,
    });
    const row = await stored(m.id);
    expect(row).toMatchObject({
      username: `deleted-${m.id}`,
      real_name: '',
      email: '',
      bio: '',
      ext_id: null,
      password_hash: null,
      account_id: null,
      role: null,
      status: 'fully_deleted',
    });
    expect(row.deleted_at?.toISOString()).toBe(t.clock.now().toISOString());
    const left = async (table: string, where: string) =>
      Number(
        (
          await sql<{
            n: string;
          }>`SELECT count(*) AS n FROM ${sql.table(table)} WHERE ${sql.raw(where)}`.execute(t.db)
        ).rows[0]?.n,
      );
    expect(await left('follows', `follower_id = ${m.id} OR followed_id = ${m.id}`)).toBe(0);
    expect(await left('connections', `user_a = ${m.id} OR user_b = ${m.id}`)).toBe(0);
    expect(await left('connection_requests', `from_id = ${m.id} OR to_id = ${m.id}`)).toBe(0);
    expect(await left('interests', `user_id = ${m.id}`)).toBe(0);
    expect(await left('user_tags', `user_id = ${m.id}`)).toBe(0);
    expect(await left('staff_attributes', `user_id = ${m.id}`)).toBe(0);
    expect(await left('token_families', `member_user_id = ${m.id} AND revoked_at IS NULL`)).toBe(0);
    // The contents stay, and show the anonymised author.
    expect(await left('contributions', `id = ${content} AND author_id = ${m.id}`)).toBe(1);
    const flagged = await get(`/c/demo/platform/api/v1/moderation/flags/post/${content}/`);
    expect(flagged.statusCode, flagged.body).toBe(200);
    expect(flagged.json().data.author).toEqual({ id: m.id, username: `deleted-${m.id}` });
    const v2 = await get(`${V2}/moderation/user/${m.id}/`);
    expect(v2.json()).toMatchObject({
      username: `deleted-${m.id}`,
      status: 'u',
      deleted: true,
      real_name: '',
    });
    await expect(signInMember(m)).rejects.toThrow(/400/);

    // Irreversible.
    for (const body of [{ status: 'active' }, { status: 'deleted' }, { email_validated: true }]) {
      const again = await change(m.id, body);
      expect(again.statusCode).toBe(409);
      expect(errorsOf(again.body)[0]).toMatchObject({ code: 'user_erased', message: MESSAGES.erased });
    }
    expect((await post(`${BASE}/${m.id}/score/`, { points: 5, comment: 'x' })).statusCode).toBe(409);
  });

  it('names the erased member deleted-<id>-2 when deleted-<id> is already taken', async () => {
    const m = await newMember();
    await createMember(t.db, demoId, `deleted-${m.id}`, 'squatter-password-1');
    const res = await change(m.id, { status: 'fully_deleted' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.username).toBe(`deleted-${m.id}-2`);
  });
});

describe('email validation', () => {
  it('sets and clears email validated, alone or with a status', async () => {
    const m = await newMember();
    const off = await change(m.id, { email_validated: false });
    expect(off.json().data).toMatchObject({ email_validated: false, status: 'active' });
    const on = await change(m.id, { email_validated: true, status: 'banned', days: 2 }, moderator);
    expect(on.json().data).toMatchObject({ email_validated: true, status: 'banned' });
  });
});

describe('who may moderate whom', () => {
  it('nobody moderates themselves', async () => {
    const res = await change(adminId, { status: 'active' });
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res.body)[0]).toMatchObject({ code: 'self_moderation', message: MESSAGES.self });
    expect((await change(modId, { email_validated: true }, moderator)).statusCode).toBe(403);
    const ownScore = await post(`${BASE}/${adminId}/score/`, { points: 100, comment: 'Me' });
    expect(ownScore.statusCode).toBe(403);
    expect(errorsOf(ownScore.body)[0]?.code).toBe('self_moderation');
    expect((await post(`${V2}/score/`, { user: modId, score: 5, comment: 'Me' }, moderator)).statusCode).toBe(
      403,
    );
    expect((await stored(adminId)).score).toBe(0);
  });

  it('a moderator cannot ban or delete an admin; an admin can ban a moderator', async () => {
    const otherAdmin = await newMember({ role: 'admin' });
    for (const status of ['banned', 'deleted', 'fully_deleted']) {
      const res = await change(otherAdmin.id, { status }, moderator);
      expect(res.statusCode, status).toBe(403);
      expect(errorsOf(res.body)[0]).toMatchObject({
        code: 'admin_protected',
        message: MESSAGES.adminByModerator,
      });
    }
    expect((await stored(otherAdmin.id)).status).toBe('active');
    // Other changes to an admin are allowed to a moderator.
    expect((await change(otherAdmin.id, { email_validated: false }, moderator)).statusCode).toBe(200);
    expect((await change(otherAdmin.id, { status: 'banned', days: 1 })).statusCode).toBe(200);
    const otherMod = await newMember({ role: 'moderator' });
    expect((await change(otherMod.id, { status: 'banned' }, moderator)).statusCode).toBe(200);
  });

  it('editors are refused; another community answers 404; the feature switch gates every route', async () => {
    const m = await newMember();
    expect((await get(`${BASE}/`, editor)).statusCode).toBe(403);
    expect((await change(m.id, { status: 'banned' }, editor)).statusCode).toBe(403);
    // The owner of "other" cannot reach demo, and demo's staff cannot reach other's members.
    expect((await get(`${BASE}/${m.id}/`, owner)).statusCode).toBe(404);
    expect((await get(`/c/other/platform/api/v1/moderation/users/${m.id}/`, owner)).statusCode).toBe(404);
    expect((await change(outsider, { status: 'banned' })).statusCode).toBe(404);
    expect((await post(`${BASE}/${outsider}/score/`, { points: 1, comment: 'x' })).statusCode).toBe(404);

    await setFlag(t, admin, demoId, 'moderation_users', false);
    try {
      for (const res of [
        await get(`${BASE}/`),
        await get(`${BASE}/${m.id}/`),
        await change(m.id, { status: 'banned' }),
        await post(`${BASE}/${m.id}/score/`, { points: 1, comment: 'x' }),
      ]) {
        expect(res.statusCode).toBe(403);
        expect(errorsOf(res.body)[0]?.code).toBe('feature_disabled');
      }
    } finally {
      await setFlag(t, admin, demoId, 'moderation_users', true);
    }
    expect((await stored(m.id)).status).toBe('active');
  });
});

describe('score', () => {
  it('adds and subtracts points with a comment through the scoring history', async () => {
    const m = await newMember();
    const add = await post(`${BASE}/${m.id}/score/`, { points: 7, comment: 'Great answers' });
    expect(add.statusCode, add.body).toBe(200);
    expect(add.json().data).toMatchObject({
      score: 7,
      entry: { points: 7, action: 'manual', note: 'Great answers', by_staff_username: 'admin' },
    });
    const sub = await post(`${BASE}/${m.id}/score/`, { points: -10, comment: 'Spam' }, moderator);
    expect(sub.json().data.score).toBe(-3);
    expect((await get(`${BASE}/${m.id}/`)).json().data.score).toBe(-3);
    const history = await t.db
      .selectFrom('score_history')
      .select(['points', 'total_after', 'by_staff_id'])
      .where('user_id', '=', m.id)
      .orderBy('id')
      .execute();
    expect(history).toEqual([
      { points: 7, total_after: 7, by_staff_id: adminId },
      { points: -10, total_after: -3, by_staff_id: modId },
    ]);
  });

  it('requires a valid score and a comment', async () => {
    const m = await newMember();
    const noComment = await post(`${BASE}/${m.id}/score/`, { points: 3, comment: '  ' });
    expect(noComment.statusCode).toBe(400);
    expect(errorsOf(noComment.body)[0]).toMatchObject({
      field: 'comment',
      message: SCORING_MESSAGES.commentRequired,
    });
    for (const points of [0, 1.5, 'abc', undefined]) {
      const res = await post(`${BASE}/${m.id}/score/`, { points, comment: 'x' });
      expect(res.statusCode, String(points)).toBe(400);
      expect(errorsOf(res.body)[0]?.field).toBe('points');
    }
    expect((await stored(m.id)).score).toBe(0);
    expect((await post(`${BASE}/${m.id}/score/`, { points: 1, comment: 'x' }, editor)).statusCode).toBe(403);
  });
});

describe('member API (SelfCommunity v2)', () => {
  it('lists ModerationUser objects in the list envelope, filtered by status and days_blocked', async () => {
    const daysBan = await newMember();
    const foreverBan = await newMember({ email: 'v2-forever@members.test' });
    await change(daysBan.id, { status: 'banned', days: 7 });
    await change(foreverBan.id, { status: 'banned' });
    await post(`${BASE}/${foreverBan.id}/score/`, { points: -5, comment: 'Rude' });

    const res = await get(`${V2}/moderation/user/?status=b&limit=50`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ next: null, previous: null });
    const ids = body.results.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([daysBan.id, foreverBan.id]));
    expect(body.results.every((u: { status: string }) => u.status === 'b')).toBe(true);
    const forever = body.results.find((u: { id: number }) => u.id === foreverBan.id);
    expect(forever).toMatchObject({
      id: foreverBan.id,
      username: foreverBan.username,
      email: 'v2-forever@members.test',
      email_isvalid: true,
      status: 'b',
      blocked_at: t.clock.now().toISOString(),
      days_blocked: null,
      expire_at: null,
      last_seen: null,
      flags_given: 0,
      flags_received: 0,
      followers_counter: 0,
      posts_counter: 0,
      reputation: -5,
      last_score_variation: [
        {
          score: -5,
          comment: 'Rude',
          reputed_at: t.clock.now().toISOString(),
          created_by: { id: adminId, username: 'admin' },
        },
      ],
    });
    const days = body.results.find((u: { id: number }) => u.id === daysBan.id);
    expect(days).toMatchObject({
      days_blocked: 7,
      expire_at: new Date(t.clock.now().getTime() + 7 * DAY * 1000).toISOString(),
      last_score_variation: [],
    });

    const onlyDays = (await get(`${V2}/moderation/user/?days_blocked=days&limit=100`)).json();
    expect(onlyDays.results.map((u: { id: number }) => u.id)).toContain(daysBan.id);
    expect(onlyDays.results.map((u: { id: number }) => u.id)).not.toContain(foreverBan.id);
    const onlyForever = (await get(`${V2}/moderation/user/?days_blocked=forever&limit=100`)).json();
    expect(onlyForever.results.map((u: { id: number }) => u.id)).toContain(foreverBan.id);
    expect(onlyForever.results.map((u: { id: number }) => u.id)).not.toContain(daysBan.id);

    // Paging with absolute links; a moderator sees no email.
    const page = (await get(`${V2}/moderation/user/?limit=1&search=member`, moderator)).json();
    expect(page.results).toHaveLength(1);
    expect(page.next).toMatch(/^http:\/\/agora\.test\/c\/demo\/api\/v2\/moderation\/user\/\?.*offset=1/);
    expect(page.results[0].email).toBeUndefined();
    const expiring = (await get(`${V2}/moderation/user/?status=b&order_by=expire_at&limit=100`)).json();
    const order = expiring.results.map((u: { expire_at: string | null }) => u.expire_at);
    expect(order.indexOf(null)).toBeGreaterThan(order.indexOf(days.expire_at));
  });

  it("PATCH answers 204 and reads days_blocked and hard from the query (the SDK's form) or the body", async () => {
    const m = await newMember();
    const url = `${V2}/moderation/user/${m.id}/`;
    const ban = await patch(`${url}?days_blocked=7`, { status: 'b' });
    expect(ban.statusCode, ban.body).toBe(204);
    expect(ban.body).toBe('');
    expect((await banRow(m.id))?.ban_until?.toISOString()).toBe(
      new Date(t.clock.now().getTime() + 7 * DAY * 1000).toISOString(),
    );
    expect((await get(url)).json()).toMatchObject({ status: 'b', days_blocked: 7 });

    expect((await patch(url, { status: 'b', days_blocked: 2 })).statusCode).toBe(204);
    expect((await get(url)).json()).toMatchObject({ days_blocked: 2 });
    expect((await patch(url, { status: 'a' })).statusCode).toBe(204);
    expect((await get(url)).json()).toMatchObject({ status: 'a', blocked_at: null });
    expect((await patch(url, { status: 'd' })).statusCode).toBe(204);
    expect((await get(url)).json()).toMatchObject({ status: 'd', deleted: true, username: m.username });
    expect((await patch(url, { status: 'a' })).statusCode).toBe(204);
    const bad = await patch(`${url}?days_blocked=soon`, { status: 'b' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]?.field).toBe('days_blocked');

    // hard=1 in the query (SDK) with d: a full deletion.
    expect((await patch(`${url}?hard=1`, { status: 'd' })).statusCode).toBe(204);
    expect((await stored(m.id)).username).toBe(`deleted-${m.id}`);
    expect((await patch(url, { status: 'a' })).statusCode).toBe(409);
    // hard in the body works too.
    const other = await newMember();
    expect((await patch(`${V2}/moderation/user/${other.id}/`, { status: 'd', hard: 1 })).statusCode).toBe(
      204,
    );
    expect((await stored(other.id)).status).toBe('fully_deleted');
  });

  it('is for admins and moderators of the community only, with the same rules as the console', async () => {
    const m = await newMember();
    const session = await signInMember(m);
    expect((await get(`${V2}/moderation/user/`, session)).statusCode).toBe(403);
    expect((await patch(`${V2}/moderation/user/${m.id}/`, { status: 'b' }, session)).statusCode).toBe(403);
    expect((await post(`${V2}/score/`, { user: m.id, score: 3, comment: 'x' }, session)).statusCode).toBe(
      403,
    );
    expect((await get(`${V2}/moderation/user/`, editor)).statusCode).toBe(403);
    // The other community's staff is nobody here; demo's staff cannot reach other's members.
    expect((await get(`${V2}/moderation/user/`, owner)).statusCode).toBe(401);
    expect((await get(`${V2}/moderation/user/${outsider}/`)).statusCode).toBe(404);
    expect((await patch(`${V2}/moderation/user/${outsider}/`, { status: 'b' })).statusCode).toBe(404);
    expect((await post(`${V2}/score/`, { user: outsider, score: 3, comment: 'x' })).statusCode).toBe(404);
    // A staff member signed in to the member API as a member works too; the rules hold.
    const modAsMember = await memberSignIn(t.app, t.db, 'demo', 'mod', 'moderator-password-1');
    expect((await get(`${V2}/moderation/user/${m.id}/`, modAsMember)).statusCode).toBe(200);
    expect((await patch(`${V2}/moderation/user/${adminId}/`, { status: 'b' }, modAsMember)).statusCode).toBe(
      403,
    );
    expect((await patch(`${V2}/moderation/user/${modId}/`, { status: 'b' }, modAsMember)).statusCode).toBe(
      403,
    );
    const ok = await patch(`${V2}/moderation/user/${m.id}/`, { status: 'b' }, moderator);
    expect(ok.statusCode).toBe(204);
    // Their token was revoked with the ban (401); signing in again is refused as blocked.
    expect((await ssoSignIn(session)).statusCode).toBe(401);
    await expect(signInMember(m)).rejects.toThrow(/blocked/);
  });

  it('POST /score/ takes user, user_id or username, a score as a string, and a comment or a context', async () => {
    const m = await newMember();
    const res = await post(`${V2}/score/`, { user: m.id, score: '5', comment: 'Well done' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({
      id: expect.any(Number),
      user: { id: m.id, username: m.username, real_name: '', avatar: null, reputation: 5 },
      score: 5,
      reputation_type: 10,
      reputation_type_description: 'assigned_by_moderator',
      comment: 'Well done',
      reputation_context: null,
      created_by: { id: adminId, username: 'admin', avatar: null },
      reputed_at: t.clock.now().toISOString(),
    });
    const byName = await post(
      `${V2}/score/`,
      { username: m.username, score: -2, reputation_context: 'a|b' },
      moderator,
    );
    expect(byName.statusCode, byName.body).toBe(201);
    expect(byName.json()).toMatchObject({
      score: -2,
      comment: '',
      reputation_context: 'a|b',
      user: { reputation: 3 },
    });
    expect((await post(`${V2}/score/`, { user_id: m.id, score: 1, comment: 'x' })).statusCode).toBe(201);
    expect((await stored(m.id)).score).toBe(4);

    const none = await post(`${V2}/score/`, { user: m.id, score: 4 });
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none.body)[0]?.field).toBe('comment');
    expect((await post(`${V2}/score/`, { user: m.id, score: 0, comment: 'x' })).statusCode).toBe(400);
    expect((await post(`${V2}/score/`, { score: 2, comment: 'x' })).statusCode).toBe(400);
    expect((await post(`${V2}/score/`, { username: 'nobody-here', score: 2, comment: 'x' })).statusCode).toBe(
      404,
    );
    expect((await stored(m.id)).score).toBe(4);
  });
});
