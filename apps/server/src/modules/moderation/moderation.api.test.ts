import { BOT_FLAGGER_NAME, MODERATION_MESSAGES } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  createAccount,
  errorsOf,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import { moderateNewContent } from './moderation.service.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;
let demoId: number;
let otherId: number;
let moderatorUserId: number;
let authorId: number;
let memberId: number;

const json = (who: SignedIn) => ({ ...who.bearer, 'content-type': 'application/json' });

async function contribution(stackId: number, type: 'post' | 'discussion', body: string, author = authorId) {
  const row = await t.db
    .insertInto('contributions')
    .values({ stack_id: stackId, type, author_id: author, title: '', body, created_at: t.clock.now() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function comment(stackId: number, contributionId: number, body: string) {
  const row = await t.db
    .insertInto('comments')
    .values({
      stack_id: stackId,
      contribution_id: contributionId,
      parent_id: null,
      author_id: authorId,
      body,
      created_at: t.clock.now(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

async function memberFlag(
  type: 'post' | 'comment' | 'discussion',
  id: number,
  reason: string,
  by = memberId,
) {
  await t.db
    .insertInto('flags')
    .values({
      stack_id: demoId,
      content_type: type,
      content_id: id,
      author_id: authorId,
      flagged_by: by,
      by_bot: false,
      reason: reason as 'spam',
      created_at: t.clock.now(),
    })
    .execute();
}

const bot = (enabled: boolean | string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/bot/status/`,
    headers: json(who),
    payload: JSON.stringify({ enabled }),
  });

const list = (query = '', who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/moderation/flags/${query}`, headers: who.bearer });

const act = (
  type: string,
  id: number,
  body: Record<string, string>,
  who: SignedIn = moderator,
  base = BASE,
) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/moderation/flags/${type}/${id}/`,
    headers: json(who),
    payload: JSON.stringify(body),
  });

const contentStatus = async (table: 'contributions' | 'comments', id: number) =>
  (await t.db.selectFrom(table).select('status').where('id', '=', id).executeTakeFirstOrThrow()).status;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  moderatorUserId = await addStaff(
    t.db,
    demoId,
    await createAccount(t.db, 'mod', 'moderator-password-1'),
    'mod',
    'moderator',
  );
  moderator = await signIn(t.app, 'mod', 'moderator-password-1');
  authorId = await addStaff(
    t.db,
    demoId,
    await createAccount(t.db, 'rude', 'member-password-1'),
    'rude',
    null,
  );
  memberId = await addStaff(t.db, demoId, null, 'alice', null);
  for (const name of ['moderation_flags', 'moderation_ai']) {
    await setFlag(t, admin, demoId, name, true);
    await setFlag(t, admin, otherId, name, true);
  }
});
afterAll(() => t.close());

describe('AI moderation bot', () => {
  it('is off by default; the admin switches it on and off (JSON or form fields)', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${BASE}/bot/status/`, headers: admin.bearer });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ enabled: false });
    expect((await bot(true)).json().data).toEqual({ enabled: true });
    const form = await t.app.inject({
      method: 'POST',
      url: `${BASE}/bot/status/`,
      headers: { ...admin.bearer, 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'enabled=false',
    });
    expect(form.json().data).toEqual({ enabled: false });
    const again = await t.app.inject({ method: 'GET', url: `${BASE}/bot/status/`, headers: admin.bearer });
    expect(again.json().data).toEqual({ enabled: false });
    expect((await bot('maybe')).statusCode).toBe(400);
  });

  // The AI bot is a moderation function (spec mgmt §1, §7 "Moderation: ... AI status"; §6 moderators).
  it('lets the moderator in, refuses the editor, hides other communities, and answers 403 with the feature off', async () => {
    expect((await bot(true, moderator)).statusCode).toBe(200);
    expect((await bot(true, editor)).statusCode).toBe(403);
    expect((await bot(true, admin, OTHER)).statusCode).toBe(404);
    expect((await bot(true, owner, OTHER)).statusCode).toBe(200);
    await setFlag(t, admin, demoId, 'moderation_ai', false);
    const off = await bot(true);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]!.code).toBe('feature_disabled');
    await setFlag(t, admin, demoId, 'moderation_ai', true);
  });

  it('moderateNewContent flags only abusive text, only while the bot is on', async () => {
    const rude = await contribution(demoId, 'post', 'You are a f4ck1ng idiot');
    const deps = { db: t.db, clock: t.clock };
    const content = { type: 'post' as const, id: rude, authorId, text: 'You are a f4ck1ng idiot' };
    await bot(false);
    expect(await moderateNewContent(deps, demoId, content)).toBeNull();
    await bot(true);
    const result = await moderateNewContent(deps, demoId, content);
    expect(result).toMatchObject({ abusive: true, reason: 'aggressive' });

    const clean = await contribution(demoId, 'post', 'Scunthorpe is a lovely town');
    const cleanResult = await moderateNewContent(deps, demoId, {
      type: 'post',
      id: clean,
      authorId,
      text: 'Scunthorpe is a lovely town',
    });
    expect(cleanResult).toEqual({ abusive: false, matches: [] });

    const flags = await t.db.selectFrom('flags').selectAll().where('stack_id', '=', demoId).execute();
    expect(flags).toHaveLength(1);
    expect(flags[0]).toMatchObject({
      content_type: 'post',
      by_bot: true,
      flagged_by: null,
      reason: 'aggressive',
    });
    expect(Number(flags[0]!.content_id)).toBe(rude);

    const page = (await list('?status=open', moderator)).json().data;
    const item = page.results.find((r: { content_id: number }) => r.content_id === rude);
    expect(item).toMatchObject({ flagged_by: [BOT_FLAGGER_NAME], reasons: ['aggressive'], flag_count: 1 });

    // With the feature off the bot does nothing even if switched on.
    await setFlag(t, admin, demoId, 'moderation_ai', false);
    expect(await moderateNewContent(deps, demoId, { ...content, id: clean })).toBeNull();
    await setFlag(t, admin, demoId, 'moderation_ai', true);
    await bot(false);
  });
});

describe('flagged contents', () => {
  let post: number;
  let thread: number;
  let reply: number;

  beforeAll(async () => {
    await t.db.deleteFrom('flags').execute();
    t.clock.advance(60);
    post = await contribution(demoId, 'post', 'Buy cheap watches at http://spam.example now');
    await memberFlag('post', post, 'spam');
    await memberFlag('post', post, 'offtopic', moderatorUserId);
    t.clock.advance(60);
    thread = await contribution(demoId, 'discussion', 'A discussion about the town hall');
    reply = await comment(demoId, thread, 'You are all idiots');
    await memberFlag('comment', reply, 'aggressive');
    await t.db
      .insertInto('flags')
      .values({
        stack_id: demoId,
        content_type: 'comment',
        content_id: reply,
        author_id: authorId,
        flagged_by: null,
        by_bot: true,
        reason: 'aggressive',
        created_at: t.clock.now(),
      })
      .execute();
  });

  it('lists contents with their flags, newest first, with filters and paging', async () => {
    const res = await list('', moderator);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.count).toBe(2);
    expect(data.results.map((r: { content_type: string }) => r.content_type)).toEqual(['comment', 'post']);
    expect(data.results[0]).toMatchObject({
      content_id: reply,
      author: { id: authorId, username: 'rude' },
      flagged_by: [BOT_FLAGGER_NAME, 'alice'],
      reasons: ['aggressive'],
      flag_count: 2,
      status: 'open',
      moderator: null,
      motivation: null,
      last_moderated_at: null,
      excerpt: 'You are all idiots',
      content_status: 'published',
    });
    expect(data.results[1]).toMatchObject({
      content_id: post,
      flagged_by: ['alice', 'mod'],
      reasons: ['offtopic', 'spam'],
      flag_count: 2,
    });
    expect((await list('?content_type=post')).json().data.results).toHaveLength(1);
    expect((await list('?status=hidden')).json().data.count).toBe(0);
    const paged = (await list('?limit=1&offset=1')).json().data;
    expect(paged.count).toBe(2);
    expect(paged.results.map((r: { content_id: number }) => r.content_id)).toEqual([post]);
    expect((await list('?status=bogus')).statusCode).toBe(400);
  });

  it('hide and delete need a motivation among the flag reasons', async () => {
    const none = await act('post', post, { action: 'hide' });
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none.body)[0]).toMatchObject({
      field: 'motivation',
      message: MODERATION_MESSAGES.motivationRequired,
    });
    const other = await act('post', post, { action: 'delete', motivation: 'vulgar' });
    expect(other.statusCode).toBe(400);
    expect(await contentStatus('contributions', post)).toBe('published');
  });

  it('hides, restores, deletes, ignores and opens, changing what members see', async () => {
    t.clock.advance(60);
    const hidden = await act('post', post, { action: 'hide', motivation: 'spam' });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().data).toMatchObject({
      status: 'hidden',
      moderator: 'mod',
      motivation: 'spam',
      content_status: 'hidden',
      last_moderated_at: t.clock.now().toISOString(),
    });
    expect(await contentStatus('contributions', post)).toBe('hidden');
    expect((await list('?status=hidden')).json().data.results[0].content_id).toBe(post);

    const restored = await act('post', post, { action: 'restore' }, admin);
    expect(restored.json().data).toMatchObject({ status: 'open', moderator: 'admin', motivation: null });
    expect(await contentStatus('contributions', post)).toBe('published');

    expect((await act('comment', reply, { action: 'delete', motivation: 'aggressive' })).statusCode).toBe(
      200,
    );
    expect(await contentStatus('comments', reply)).toBe('deleted');
    const reopened = await act('comment', reply, { action: 'open' });
    expect(reopened.json().data.status).toBe('open');
    expect(await contentStatus('comments', reply)).toBe('published');

    const ignored = await act('post', post, { action: 'ignore' });
    expect(ignored.json().data.status).toBe('ignored');
    expect(await contentStatus('contributions', post)).toBe('published');
    expect((await list('?status=ignored')).json().data.count).toBe(1);
    expect((await act('post', post, { action: 'explode' })).statusCode).toBe(400);
  });

  it('warns the author by email (kept in the outbox without SMTP)', async () => {
    expect((await act('post', post, { action: 'warn' })).statusCode).toBe(400);
    const res = await act('post', post, { action: 'warn', message: 'Please stop posting adverts.' });
    expect(res.statusCode, res.body).toBe(200);
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).execute();
    const mail = mails.find((m) => m.text.includes('Please stop posting adverts.'));
    expect(mail?.to).toEqual(['rude@agora.test']);
  });

  it('refuses the editor, 404s unknown contents and other communities, 403 with the feature off', async () => {
    expect((await list('', editor)).statusCode).toBe(403);
    expect((await act('post', post, { action: 'ignore' }, editor)).statusCode).toBe(403);
    expect((await act('post', 999999, { action: 'ignore' })).statusCode).toBe(404);
    expect((await act('comment', post, { action: 'ignore' })).statusCode).toBe(404);
    expect((await list('', admin, OTHER)).statusCode).toBe(404);
    expect((await act('post', post, { action: 'ignore' }, owner, OTHER)).statusCode).toBe(404);
    const other = (await list('', owner, OTHER)).json().data;
    expect(other.count).toBe(0);
    await setFlag(t, admin, demoId, 'moderation_flags', false);
    const off = await list('', moderator);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]!.code).toBe('feature_disabled');
    await setFlag(t, admin, demoId, 'moderation_flags', true);
  });
});
