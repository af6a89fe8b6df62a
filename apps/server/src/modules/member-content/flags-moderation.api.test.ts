import { BOT_FLAGGER_NAME } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import { consoleCall, contentClient } from './member-content.test-support.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
let mod: SignedIn;
let stranger: SignedIn;
let demoId: number;
let aliceId: number;
let bobId: number;
let miaId: number;
let api: ReturnType<typeof contentClient>;
let other: ReturnType<typeof contentClient>;

const flagRows = (contentId: number) =>
  t.db
    .selectFrom('flags')
    .select(['content_type', 'flagged_by', 'by_bot', 'reason'])
    .where('stack_id', '=', demoId)
    .where('content_id', '=', contentId)
    .orderBy('id')
    .execute();

beforeAll(async () => {
  t = await buildTestApp();
  let otherId: number;
  ({ demoId, otherId, admin, owner } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  bobId = await createMember(t.db, demoId, 'bob', 'bob-password-1');
  miaId = await createMember(t.db, demoId, 'mia', 'mia-password-1', { role: 'moderator' });
  await createMember(t.db, otherId, 'stranger', 'stranger-password-1');
  alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
  mod = await memberSignIn(t.app, t.db, 'demo', 'mia', 'mia-password-1');
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
  other = contentClient(t, 'other');
  for (const name of ['moderation_flags', 'moderation_ai']) await setFlag(t, admin, demoId, name, true);
});
afterAll(() => t.close());

describe('votes', () => {
  it('toggles votes on contributions and comments and lists the voters', async () => {
    const post = (await api.post('/post/', { text: 'Vote me' }, alice)).json();
    const comment = (await api.post('/comment/', { post: post.id, text: 'And me' }, alice)).json();
    expect((await api.post(`/post/${post.id}/vote/`, undefined, bob)).statusCode).toBe(204);
    expect((await api.get(`/post/${post.id}/`, bob)).json()).toMatchObject({ vote_count: 1, voted: true });
    expect((await api.get(`/post/${post.id}/`, alice)).json()).toMatchObject({ vote_count: 1, voted: false });
    const voters = (await api.get(`/post/${post.id}/vote/`, alice)).json();
    // A plain vote carries the community's default reaction (issue 13 §6).
    expect(voters).toMatchObject({
      count: 1,
      next: null,
      results: [{ user: { id: bobId }, reaction: { label: 'like', sentiment: 1, active: true } }],
    });
    expect((await api.post(`/post/${post.id}/vote/`, undefined, bob)).statusCode).toBe(204);
    expect((await api.get(`/post/${post.id}/`, bob)).json()).toMatchObject({ vote_count: 0, voted: false });

    // The SDK's vote is a POST with a JSON content type and no body at all.
    const bare = await t.app.inject({
      method: 'POST',
      url: `${api.base}/comment/${comment.id}/vote/`,
      headers: { ...bob.bearer, 'content-type': 'application/json' },
    });
    expect(bare.statusCode, bare.body).toBe(204);
    expect((await api.get(`/comment/${comment.id}/`, bob)).json()).toMatchObject({
      vote_count: 1,
      voted: true,
    });
    const history = await t.db
      .selectFrom('score_history')
      .select('action')
      .where('user_id', '=', aliceId)
      .execute();
    expect(history.map((h) => h.action)).toContain('like_comment_received');
    expect((await api.post('/comment/999999/vote/', undefined, bob)).statusCode).toBe(404);
  });
});

describe('flags', () => {
  it('accepts a bare number, {flag_type} and {flagType}; one flag per member that changes or toggles', async () => {
    const post = (await api.post('/post/', { text: 'Buy watches' }, alice)).json();
    const comment = (await api.post('/comment/', { post: post.id, text: 'Cheap!' }, alice)).json();

    expect((await api.post(`/post/${post.id}/flag/`, 2, bob)).statusCode).toBe(204);
    expect((await api.get(`/post/${post.id}/flag/status/`, bob)).json()).toMatchObject({
      flag_type: 2,
      flag_type_description: 'Vulgar',
    });
    expect((await api.post(`/post/${post.id}/flag/`, { flag_type: 0 }, bob)).statusCode).toBe(204);
    expect(await flagRows(post.id)).toEqual([
      { content_type: 'post', flagged_by: bobId, by_bot: false, reason: 'spam' },
    ]);
    expect((await api.get(`/post/${post.id}/`, alice)).json().flag_count).toBe(1);
    // The same type again takes the flag back (the SDK's flag menu toggles).
    expect((await api.post(`/post/${post.id}/flag/`, '0', bob)).statusCode).toBe(204);
    expect(await flagRows(post.id)).toEqual([]);
    expect((await api.get(`/post/${post.id}/flag/status/`, bob)).json()).toEqual({
      flag_type: null,
      flag_type_description: null,
      added_at: null,
    });

    expect((await api.post(`/comment/${comment.id}/flag/`, { flagType: 4 }, bob)).statusCode).toBe(204);
    expect((await api.get(`/comment/${comment.id}/flag/status/`, bob)).json().flag_type).toBe(4);
    expect(await flagRows(comment.id)).toEqual([
      { content_type: 'comment', flagged_by: bobId, by_bot: false, reason: 'offtopic' },
    ]);

    const bad = await api.post(`/post/${post.id}/flag/`, { flag_type: 9 }, bob);
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]).toMatchObject({ field: 'flag_type' });
    expect((await api.post(`/post/${post.id}/flag/`, undefined, bob)).statusCode).toBe(400);
    expect((await api.post(`/post/${post.id}/flag/`, 1)).statusCode).toBe(401);
    expect((await other.post(`/post/${post.id}/flag/`, 1, stranger)).statusCode).toBe(404);
  });
});

describe('moderation bot', () => {
  it('flags abusive new contributions and comments while it is on; the console lists the bot flag', async () => {
    const clean = (await api.post('/post/', { text: 'You are a f4ck1ng idiot' }, alice)).json();
    expect(await flagRows(clean.id)).toEqual([]);
    await consoleCall(t, admin, 'POST', '/bot/status/', { enabled: true });
    const rude = (await api.post('/post/', { text: 'You are a f4ck1ng idiot' }, alice)).json();
    const rudeComment = (
      await api.post('/comment/', { post: clean.id, text: 'Shut up, idiot' }, alice)
    ).json();
    await consoleCall(t, admin, 'POST', '/bot/status/', { enabled: false });
    expect(await flagRows(rude.id)).toEqual([
      { content_type: 'post', flagged_by: null, by_bot: true, reason: 'aggressive' },
    ]);
    expect((await flagRows(rudeComment.id)).map((f) => [f.content_type, f.by_bot])).toEqual([
      ['comment', true],
    ]);

    const queue = (await consoleCall(t, admin, 'GET', '/moderation/flags/?content_type=post')).data;
    expect(queue.results.find((r: { content_id: number }) => r.content_id === rude.id)).toMatchObject({
      flagged_by: [BOT_FLAGGER_NAME],
      reasons: ['aggressive'],
      author: { id: aliceId, username: 'alice' },
      status: 'open',
      // Moderators read the text, not the stored HTML.
      excerpt: 'You are a f4ck1ng idiot',
    });
  });
});

describe('moderation of contributions', () => {
  let post: { id: number };
  let comment: { id: number };

  beforeAll(async () => {
    t.clock.advance(60);
    post = (await api.post('/post/', { text: 'Cheap watches, write me' }, alice)).json();
    await api.post(`/post/${post.id}/flag/`, 0, bob);
    await api.post(`/post/${post.id}/flag/`, { flag_type: 2 }, mod);
    t.clock.advance(60);
    comment = (await api.post('/comment/', { post: post.id, text: 'Meh' }, alice)).json();
    await api.post(`/comment/${comment.id}/flag/`, { flagType: 3 }, bob);
  });

  it('is for admins and moderators only, per community, with moderation_flags on', async () => {
    for (const path of [
      '/moderation/contribution/',
      `/moderation/contribution/${post.id}/flag/?contribution_type=post`,
      `/moderation/contribution/${post.id}/status/?contribution_type=post`,
    ]) {
      expect((await api.get(path, bob)).statusCode, path).toBe(403);
      expect((await api.get(path)).statusCode, path).toBe(401);
      expect((await api.get(path, owner)).statusCode, path).toBe(401);
      expect((await api.get(path, mod)).statusCode, path).toBe(200);
      expect((await api.get(path, admin)).statusCode, path).toBe(200);
    }
    const patch = { contribution_type: 'post', action: 'ignore' };
    expect((await api.patch(`/moderation/contribution/${post.id}/`, patch, bob)).statusCode).toBe(403);
    expect((await other.patch(`/moderation/contribution/${post.id}/`, patch, owner)).statusCode).toBe(404);
    expect((await other.get('/moderation/contribution/', owner)).json().count).toBe(0);
    await setFlag(t, admin, demoId, 'moderation_flags', false);
    const off = await api.get('/moderation/contribution/', mod);
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]!.code).toBe('feature_disabled');
    await setFlag(t, admin, demoId, 'moderation_flags', true);
  });

  it('lists flagged contributions with SelfCommunity fields, filters and orders', async () => {
    const res = await api.get('/moderation/contribution/?contribution_type=post&min_flags=2', mod);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json();
    expect(page.count).toBe(1);
    expect(page.results[0]).toMatchObject({
      contribution_type: 'post',
      contribution: {
        id: post.id,
        author: { id: aliceId, username: 'alice' },
        flag_count: 2,
        flag_count_detail: { '0': 1, '1': 0, '2': 1, '3': 0, '4': 0 },
        has_poll: false,
        thread_id: post.id,
      },
      moderation_status: 'open',
      moderation_type: null,
      moderation_by: null,
      moderation_at: null,
    });
    const newest = (await api.get('/moderation/contribution/?limit=1', mod)).json();
    expect(newest.results[0]).toMatchObject({
      contribution_type: 'comment',
      contribution: { id: comment.id },
    });
    expect(newest.next).toBe('http://agora.test/c/demo/api/v2/moderation/contribution/?limit=1&offset=1');
    const byCount = (await api.get('/moderation/contribution/?order_by=-flag_count&limit=1', mod)).json();
    expect(byCount.results[0].contribution.id).not.toBe(comment.id);
    const search = (await api.get('/moderation/contribution/?content=watches', mod)).json();
    expect(search.results.map((r: { contribution: { id: number } }) => r.contribution.id)).toEqual([post.id]);
    const flaggedByBob = (
      await api.get(`/moderation/contribution/?flagged_by=${bobId}&contribution_type=comment`, mod)
    ).json();
    // Bob flagged this comment and the one of the flags test; Mia flagged neither comment.
    expect(flaggedByBob.count).toBe(2);
    expect(flaggedByBob.results.map((r: { contribution: { id: number } }) => r.contribution.id)).toContain(
      comment.id,
    );
    const mine = await api.get(
      `/moderation/contribution/?flagged_by=${miaId}&contribution_type=comment`,
      mod,
    );
    expect(mine.json().count).toBe(0);
    expect((await api.get('/moderation/contribution/?moderation_status=bogus', mod)).statusCode).toBe(400);
  });

  it('lists the flags of a contribution, filtered by a flag_type sent in a GET body', async () => {
    const all = (
      await api.get(`/moderation/contribution/${post.id}/flag/?contribution_type=post`, mod)
    ).json();
    expect(all.count).toBe(2);
    expect(all.results).toEqual([
      expect.objectContaining({
        user: expect.objectContaining({ username: 'mia' }),
        flag_type: 2,
        by_bot: false,
      }),
      expect.objectContaining({ user: expect.objectContaining({ username: 'bob' }), flag_type: 0 }),
    ]);
    const withBody = await t.app.inject({
      method: 'GET',
      url: `${api.base}/moderation/contribution/${post.id}/flag/?contribution_type=post`,
      headers: { ...mod.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ flag_type: 0 }),
    });
    expect(withBody.statusCode, withBody.body).toBe(200);
    expect(withBody.json().results.map((r: { flagger_name: string }) => r.flagger_name)).toEqual(['bob']);
    // The SDK sends {"flag_type": null} when it does not filter.
    const unfiltered = await t.app.inject({
      method: 'GET',
      url: `${api.base}/moderation/contribution/${post.id}/flag/?contribution_type=post`,
      headers: { ...mod.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ flag_type: null }),
    });
    expect(unfiltered.json().count).toBe(2);
    const typeInBody = await t.app.inject({
      method: 'GET',
      url: `${api.base}/moderation/contribution/${comment.id}/status/`,
      headers: { ...mod.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ contribution_type: 'comment' }),
    });
    expect(typeInBody.json()).toEqual({ status: 'open', flag_type: null, flag_type_description: null });
    expect((await api.get(`/moderation/contribution/${post.id}/flag/`, mod)).statusCode).toBe(400);
    expect(
      (await api.get(`/moderation/contribution/${post.id}/flag/?contribution_type=comment`, mod)).statusCode,
    ).toBe(404);

    // The bot's flags have no user, like the console's "AI bot".
    const botPost = await t.db
      .selectFrom('flags')
      .select('content_id')
      .where('stack_id', '=', demoId)
      .where('by_bot', '=', true)
      .where('content_type', '=', 'post')
      .executeTakeFirstOrThrow();
    const botFlags = (
      await api.get(`/moderation/contribution/${botPost.content_id}/flag/?contribution_type=post`, admin)
    ).json();
    expect(botFlags.results[0]).toMatchObject({
      user: null,
      by_bot: true,
      flagger_name: BOT_FLAGGER_NAME,
      flag_type: 1,
      flag_type_description: 'Aggressive',
    });
  });

  it('hides with a motivation among the flags: members lose the content, staff and the console see it hidden', async () => {
    const url = `/moderation/contribution/${post.id}/`;
    const missing = await api.patch(url, { contribution_type: 'post', action: 'hide' }, mod);
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing.body)[0]).toMatchObject({ field: 'moderation_type' });
    const notAFlag = await api.patch(
      url,
      { contribution_type: 'post', action: 'hide', moderation_type: 4 },
      mod,
    );
    expect(notAFlag.statusCode).toBe(400);

    t.clock.advance(60);
    const hidden = await api.patch(
      url,
      { contribution_type: 'post', action: 'hide', moderation_type: 0 },
      mod,
    );
    expect(hidden.statusCode, hidden.body).toBe(204);
    expect(hidden.body).toBe('');
    expect((await api.get(`/post/${post.id}/`, bob)).statusCode).toBe(404);
    expect((await api.get(`/post/${post.id}/`)).statusCode).toBe(404);
    expect((await api.get('/post/', bob)).json().results.map((r: { id: number }) => r.id)).not.toContain(
      post.id,
    );
    expect((await api.get(`/comment/${comment.id}/`, bob)).statusCode).toBe(404);
    expect((await api.post(`/post/${post.id}/vote/`, undefined, bob)).statusCode).toBe(404);
    const staffView = (await api.get(`/post/${post.id}/`, admin)).json();
    expect(staffView).toMatchObject({ id: post.id, collapsed: true, deleted: false });
    expect((await api.get('/post/', mod)).json().results.map((r: { id: number }) => r.id)).toContain(post.id);

    const status = (
      await api.get(`/moderation/contribution/${post.id}/status/?contribution_type=post`, mod)
    ).json();
    expect(status).toEqual({ status: 'hidden', flag_type: 0, flag_type_description: 'Spam' });
    const listed = (await api.get('/moderation/contribution/?moderation_status=hidden', mod)).json();
    expect(listed.results[0]).toMatchObject({
      moderation_status: 'hidden',
      moderation_type: 0,
      moderation_by: { username: 'mia' },
      moderation_at: t.clock.now().toISOString(),
    });
    const consoleItem = (await consoleCall(t, admin, 'GET', `/moderation/flags/post/${post.id}/`)).data;
    expect(consoleItem).toMatchObject({
      status: 'hidden',
      moderator: 'mia',
      motivation: 'spam',
      content_status: 'hidden',
    });

    // Hide again restores.
    expect((await api.patch(url, { contribution_type: 'post', action: 'hide' }, mod)).statusCode).toBe(204);
    expect((await api.get(`/post/${post.id}/`, bob)).statusCode).toBe(200);
  });

  it('deletes and ignores as toggles, on comments too', async () => {
    const url = `/moderation/contribution/${comment.id}/`;
    expect(
      (await api.patch(url, { contribution_type: 'comment', action: 'delete', moderation_type: 3 }, admin))
        .statusCode,
    ).toBe(204);
    expect((await api.get(`/comment/${comment.id}/`, bob)).statusCode).toBe(404);
    expect((await api.get(`/comment/${comment.id}/`, mod)).json()).toMatchObject({ deleted: true });
    expect((await api.get(`/comment/?post=${post.id}`, bob)).json().count).toBe(0);
    expect((await api.get(`/post/${post.id}/`, bob)).json().comment_count).toBe(0);
    expect((await api.patch(url, { contribution_type: 'comment', action: 'delete' }, admin)).statusCode).toBe(
      204,
    );
    expect((await api.get(`/comment/${comment.id}/`, bob)).statusCode).toBe(200);

    expect((await api.patch(url, { contribution_type: 'comment', action: 'ignore' }, admin)).statusCode).toBe(
      204,
    );
    const status = () =>
      api.get(`/moderation/contribution/${comment.id}/status/?contribution_type=comment`, mod);
    expect((await status()).json().status).toBe('ignored');
    // contribution_type may also come in the query string.
    expect(
      (await api.patch(`${url}?contribution_type=comment`, { action: 'ignore' }, admin)).statusCode,
    ).toBe(204);
    expect((await status()).json().status).toBe('open');
    expect((await api.patch(url, { action: 'ignore' }, admin)).statusCode).toBe(400);
    expect(
      (await api.patch(url, { contribution_type: 'comment', action: 'explode' }, admin)).statusCode,
    ).toBe(400);
    expect(
      (
        await api.patch(
          '/moderation/contribution/999999/',
          { contribution_type: 'post', action: 'ignore' },
          admin,
        )
      ).statusCode,
    ).toBe(404);
  });

  it('scolds the author and a flagger by mail', async () => {
    const url = `/moderation/contribution/${post.id}/`;
    const author = await api.patch(
      url,
      { contribution_type: 'post', action: 'scold_author', moderation_type: 0 },
      mod,
    );
    expect(author.statusCode, author.body).toBe(204);
    const flagger = await api.patch(
      url,
      { contribution_type: 'post', action: 'scold_flagger', user: bobId },
      mod,
    );
    expect(flagger.statusCode, flagger.body).toBe(204);
    const notFlagger = await api.patch(
      url,
      { contribution_type: 'post', action: 'scold_flagger', user: aliceId },
      mod,
    );
    expect(errorsOf(notFlagger.body)[0]).toMatchObject({ field: 'user' });
    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).execute();
    expect(mails.find((m) => m.to.includes('alice@members.test'))?.text).toMatch(/reported as spam/);
    expect(mails.find((m) => m.to.includes('bob@members.test'))?.text).toMatch(/Cheap watches/);
  });
});
