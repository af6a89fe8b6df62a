import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

let t: TestApp;
let admin: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let stranger: SignedIn;
let demoId: number;
let aliceId: number;
let api: ReturnType<typeof contentClient>;
let other: ReturnType<typeof contentClient>;
let categoryId: number;

const score = async (userId: number) =>
  (
    await t.db
      .selectFrom('community_users')
      .select('score')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow()
  ).score;

beforeAll(async () => {
  t = await buildTestApp();
  let otherId: number;
  ({ demoId, otherId, admin } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  await createMember(t.db, demoId, 'bob', 'bob-password-1');
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  other = contentClient(t, 'other');
  const category = await t.db
    .insertInto('categories')
    .values({ stack_id: demoId, name: 'Town', slug: 'town' })
    .returning('id')
    .executeTakeFirstOrThrow();
  categoryId = category.id;
  await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { status_type_enabled: true });
});
afterAll(() => t.close());

describe('contributions', () => {
  it('publishes and reads a discussion, a post and a status', async () => {
    const discussion = await api.post(
      '/discussion/',
      {
        title: 'Town hall',
        html: '<p>Meet <b>Friday</b><script>alert(1)</script></p>',
        categories: [categoryId],
      },
      alice,
    );
    expect(discussion.statusCode, discussion.body).toBe(201);
    const created = discussion.json();
    expect(created).toMatchObject({
      type: 'discussion',
      title: 'Town hall',
      slug: 'town-hall',
      html: '<p>Meet <b>Friday</b></p>',
      summary: 'Meet Friday',
      added_at: t.clock.now().toISOString(),
      author: { id: aliceId, username: 'alice' },
      categories: [{ id: categoryId, name: 'Town', slug: 'town' }],
      comment_count: 0,
      vote_count: 0,
      flag_count: 0,
      share_count: 0,
      poll: null,
      deleted: false,
      collapsed: false,
    });
    const read = await api.get(`/discussion/${created.id}/`, bob);
    expect(read.statusCode, read.body).toBe(200);
    expect(read.json()).toEqual(created);

    const post = await api.post('/post/', { text: 'Hello <neighbours>\n\nSecond line' }, bob);
    expect(post.statusCode, post.body).toBe(201);
    expect(post.json()).toMatchObject({
      type: 'post',
      title: '',
      html: '<p>Hello &lt;neighbours&gt;</p><p>Second line</p>',
      author: { username: 'bob' },
    });
    const status = await api.post('/status/', { text: 'Feeling good' }, bob);
    expect(status.statusCode, status.body).toBe(201);
    expect((await api.get(`/status/${status.json().id}/`, alice)).json().type).toBe('status');

    // A contribution is found only under its own type.
    expect((await api.get(`/post/${created.id}/`, bob)).statusCode).toBe(404);
    expect((await api.get('/post/999999/', bob)).statusCode).toBe(404);
  });

  it('checks what is published: titles, text, categories, disabled types and staff-only publishing', async () => {
    const untitled = await api.post('/discussion/', { text: 'no title' }, alice);
    expect(untitled.statusCode).toBe(400);
    expect(errorsOf(untitled.body)[0]).toMatchObject({ field: 'title', code: 'required' });
    const empty = await api.post('/post/', { html: '<p> </p>' }, alice);
    expect(errorsOf(empty.body)[0]).toMatchObject({ field: 'text' });
    const category = await api.post('/post/', { text: 'x', categories: [999] }, alice);
    expect(errorsOf(category.body)[0]).toMatchObject({ field: 'categories' });

    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { post_type_enabled: false });
    const off = await api.post('/post/', { text: 'off' }, alice);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]!.code).toBe('type_disabled');
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
      post_type_enabled: true,
      post_only_staff_enabled: true,
    });
    const staffOnly = await api.post('/post/', { text: 'members cannot' }, alice);
    expect(staffOnly.statusCode).toBe(403);
    expect(errorsOf(staffOnly.body)[0]!.code).toBe('staff_only');
    expect((await api.post('/post/', { text: 'staff can' }, admin)).statusCode).toBe(201);
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', {
      post_only_staff_enabled: false,
    });
  });

  it('lists newest first in the SelfCommunity envelope with absolute links', async () => {
    for (const n of [1, 2, 3]) {
      t.clock.advance(60);
      expect((await api.post('/status/', { text: `status ${n}` }, alice)).statusCode).toBe(201);
    }
    const page = await api.get('/status/?limit=2', bob);
    expect(page.statusCode, page.body).toBe(200);
    const body = page.json();
    expect(body.count).toBe(4);
    expect(body.results.map((r: { summary: string }) => r.summary)).toEqual(['status 3', 'status 2']);
    expect(body.previous).toBeNull();
    expect(body.next).toBe('http://agora.test/c/demo/api/v2/status/?limit=2&offset=2');
    const last = (await api.get('/status/?limit=2&offset=2', bob)).json();
    expect(last.next).toBeNull();
    expect(last.results.map((r: { summary: string }) => r.summary)).toEqual(['status 1', 'Feeling good']);
  });

  it('creates polls and counts poll votes', async () => {
    const res = await api.post(
      '/post/',
      {
        text: 'Which day?',
        poll: {
          title: 'Market day',
          multiple_choices: false,
          choices: [{ choice: 'Monday' }, { choice: 'Friday' }],
        },
      },
      alice,
    );
    expect(res.statusCode, res.body).toBe(201);
    const post = res.json();
    expect(post.has_poll).toBe(true);
    expect(post.poll).toMatchObject({ title: 'Market day', multiple_choices: false, closed: false });
    // Analytics count it as a poll of its author.
    const table = await consoleCall(
      t,
      admin,
      'GET',
      '/analytics/tables/users/?from=2026-11-01&to=2026-11-30&limit=100',
    );
    const row = (table.data.results as { username: string; polls: number }[]).find(
      (r) => r.username === 'alice',
    );
    expect(row?.polls).toBe(1);
    const [monday, friday] = post.poll.choices;
    expect(monday).toMatchObject({ choice: 'Monday', vote_count: 0, voted: false });

    expect((await api.post(`/post/${post.id}/poll/vote/`, { choice: monday.id }, bob)).statusCode).toBe(204);
    expect((await api.post(`/post/${post.id}/poll/vote/`, { choice: friday.id }, bob)).statusCode).toBe(204);
    expect((await api.post(`/post/${post.id}/poll/vote/`, { choice: friday.id }, alice)).statusCode).toBe(
      204,
    );
    const seen = (await api.get(`/post/${post.id}/`, bob)).json().poll;
    // A single-choice poll keeps the member's latest choice.
    expect(seen.choices.map((c: { vote_count: number; voted: boolean }) => [c.vote_count, c.voted])).toEqual([
      [0, false],
      [2, true],
    ]);
    expect((await api.post(`/post/${post.id}/poll/vote/`, { choice: 999999 }, bob)).statusCode).toBe(400);

    const one = await api.post('/post/', { text: 'x', poll: { choices: [{ choice: 'only' }] } }, alice);
    expect(errorsOf(one.body)[0]).toMatchObject({ field: 'poll' });
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { polls_enabled: false });
    const off = await api.post('/post/', { text: 'x', poll: { choices: ['a', 'b'] } }, alice);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]!.code).toBe('polls_disabled');
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { polls_enabled: true });
  });

  it('lets anonymous readers in only while content is public', async () => {
    expect((await api.get('/discussion/')).statusCode).toBe(200);
    expect((await api.post('/post/', { text: 'anonymous' })).statusCode).toBe(401);
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { content_availability: false });
    expect((await api.get('/discussion/')).statusCode).toBe(401);
    expect((await api.get('/discussion/', alice)).statusCode).toBe(200);
    await consoleCall(t, admin, 'POST', '/dynamic_preference/update_multi/', { content_availability: true });
  });

  it("keeps communities apart and accepts DRF's Token scheme", async () => {
    const mine = (await api.post('/post/', { text: 'demo only' }, alice)).json();
    expect((await other.get(`/post/${mine.id}/`, stranger)).statusCode).toBe(404);
    expect((await other.post(`/post/${mine.id}/vote/`, undefined, stranger)).statusCode).toBe(404);
    expect((await other.get('/post/', stranger)).json().count).toBe(0);
    // A token of one community does not open another.
    expect((await api.get('/post/', stranger)).statusCode).toBe(401);
    const token = await t.app.inject({
      method: 'GET',
      url: `${api.base}/post/${mine.id}/`,
      headers: { authorization: `Token ${alice.access}` },
    });
    expect(token.statusCode, token.body).toBe(200);
    expect(token.json().id).toBe(mine.id);
  });
});

describe('comments', () => {
  let discussionId: number;

  beforeAll(async () => {
    discussionId = (await api.post('/discussion/', { title: 'Parks', text: 'More trees?' }, alice)).json().id;
  });

  it('comments, replies (two levels) and lists first-level comments or replies', async () => {
    const first = await api.post('/comment/', { discussion: discussionId, text: 'Yes please' }, bob);
    expect(first.statusCode, first.body).toBe(201);
    const comment = first.json();
    expect(comment).toMatchObject({
      type: 'comment',
      discussion: discussionId,
      author: { username: 'bob' },
      html: '<p>Yes please</p>',
      text: 'Yes please',
      parent: null,
      deleted: false,
      collapsed: false,
    });
    const reply = (
      await api.post('/comment/', { discussion: discussionId, text: 'Agreed', parent: comment.id }, alice)
    ).json();
    expect(reply.parent).toBe(comment.id);
    const deeper = (
      await api.post('/comment/', { discussion: discussionId, html: 'Me too', parent: reply.id }, bob)
    ).json();
    expect(deeper.parent).toBe(comment.id);

    const top = (await api.get(`/comment/?discussion=${discussionId}`, alice)).json();
    expect(top.count).toBe(1);
    expect(top.results[0]).toMatchObject({ id: comment.id, comment_count: 2 });
    const replies = (
      await api.get(`/comment/?discussion=${discussionId}&parent=${comment.id}`, alice)
    ).json();
    expect(replies.results.map((r: { id: number }) => r.id)).toEqual([reply.id, deeper.id]);
    const newest = (await api.get(`/comment/?parent=${comment.id}&ordering=-added_at`, alice)).json();
    expect(newest.results.map((r: { id: number }) => r.id)).toEqual([deeper.id, reply.id]);
    expect((await api.get(`/comment/${reply.id}/`, bob)).json()).toMatchObject({
      id: reply.id,
      text: 'Agreed',
    });
    expect((await api.get(`/discussion/${discussionId}/`, bob)).json().comment_count).toBe(3);
  });

  it('refuses comments without a target, on missing contributions, or replies across contributions', async () => {
    const none = await api.post('/comment/', { text: 'where?' }, bob);
    expect(none.statusCode).toBe(400);
    expect((await api.post('/comment/', { post: 999999, text: 'x' }, bob)).statusCode).toBe(404);
    const elsewhere = (await api.post('/discussion/', { title: 'Other', text: 'x' }, alice)).json().id;
    const foreign = (await api.post('/comment/', { discussion: elsewhere, text: 'here' }, bob)).json().id;
    const crossed = await api.post(
      '/comment/',
      { discussion: discussionId, text: 'x', parent: foreign },
      bob,
    );
    expect(errorsOf(crossed.body)[0]).toMatchObject({ field: 'parent' });
    expect((await api.post('/comment/', { discussion: discussionId, text: '  ' }, bob)).statusCode).toBe(400);
    expect((await api.get('/comment/', bob)).statusCode).toBe(400);
  });
});

describe('points', () => {
  it('awards publishing and like points and holds the daily cap through real posting', async () => {
    await consoleCall(t, admin, 'POST', '/reputation/config/', {
      max_daily_points: 30,
      points: {
        publish_article: 10,
        publish_post: 5,
        publish_comment: 2,
        publish_reply: 1,
        like_post_received: 3,
      },
    });
    t.clock.advance(86_400);
    const carol = await createMember(t.db, demoId, 'carol', 'carol-password-1');
    const signed = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
    // Tokens last ten hours: the clock just moved a day.
    const voter = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
    expect(await score(carol)).toBe(0);
    const post = (await api.post('/post/', { text: 'first' }, signed)).json();
    expect(await score(carol)).toBe(5);
    await api.post('/discussion/', { title: 'A thread', text: 'x' }, signed);
    expect(await score(carol)).toBe(15);
    const comment = (await api.post('/comment/', { post: post.id, text: 'a comment' }, signed)).json();
    await api.post('/comment/', { post: post.id, text: 'a reply', parent: comment.id }, signed);
    expect(await score(carol)).toBe(18);

    // A like from someone else counts for the author; voting one's own post does not.
    expect((await api.post(`/post/${post.id}/vote/`, undefined, signed)).statusCode).toBe(204);
    expect(await score(carol)).toBe(18);
    expect((await api.post(`/post/${post.id}/vote/`, undefined, voter)).statusCode).toBe(204);
    expect(await score(carol)).toBe(21);

    for (let n = 0; n < 3; n++) await api.post('/discussion/', { title: `More ${n}`, text: 'x' }, signed);
    expect(await score(carol)).toBe(30);
    const history = await t.db
      .selectFrom('score_history')
      .select(['action', 'points'])
      .where('user_id', '=', carol)
      .orderBy('id')
      .execute();
    expect(history.map((h) => h.action)).toEqual([
      'publish_post',
      'publish_article',
      'publish_comment',
      'publish_reply',
      'like_post_received',
      'publish_article',
    ]);
    expect(history.at(-1)!.points).toBe(9);

    // The next day the cap starts again.
    t.clock.advance(86_400);
    const again = await memberSignIn(t.app, t.db, 'demo', 'carol', 'carol-password-1');
    expect((await api.post('/post/', { text: 'next day' }, again)).statusCode).toBe(201);
    expect(await score(carol)).toBe(35);
  });
});
