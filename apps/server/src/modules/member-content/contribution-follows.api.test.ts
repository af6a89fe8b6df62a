import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FeedObject, MemberNotificationGroup } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityWithRoles,
  createMember,
  memberSignIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { contentClient } from './member-content.test-support.ts';

// Issue 18 §2, following a contribution as SelfCommunity's member API does it: `{type}/{id}/follow/`
// toggles, `{type}/{id}/following/` and the contribution's `followed` say so to the member,
// `{type}/following/` lists the followed ones; a follower is notified of others' comments on it,
// once, and never of their own.

let t: TestApp;
let moderator: SignedIn;
let ann: SignedIn;
let ben: SignedIn;
let cal: SignedIn;
let stranger: SignedIn;
let api: ReturnType<typeof contentClient>;

async function json<T>(res: Promise<{ statusCode: number; body: string }>, status = 200): Promise<T> {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null') as T;
}
async function publish(who: SignedIn, type: 'post' | 'discussion', text: string): Promise<number> {
  const body = { html: `<p>${text}</p>`, ...(type === 'discussion' ? { title: text } : {}) };
  return (await json<{ id: number }>(api.post(`/${type}/`, body, who), 201)).id;
}
const comment = (who: SignedIn, post: number, text: string, parent?: number) =>
  json<{ id: number }>(api.post('/comment/', { post, html: `<p>${text}</p>`, parent }, who), 201);
const commentNotices = async (who: SignedIn) =>
  (await json<{ results: MemberNotificationGroup[] }>(api.get('/notification/?limit=100', who))).results
    .flatMap((g) => g.aggregated)
    .filter((n) => n.type === 'comment' || n.type === 'nested_comment');

beforeAll(async () => {
  t = await buildTestApp();
  const roles = await communityWithRoles(t, ADMIN_PASSWORD);
  moderator = roles.moderator;
  for (const name of ['ann', 'ben', 'cal'])
    await createMember(t.db, roles.demoId, name, `${name}-password-1`);
  await createMember(t.db, roles.otherId, 'stranger', 'stranger-password-1');
  [ann, ben, cal] = (await Promise.all(
    ['ann', 'ben', 'cal'].map((n) => memberSignIn(t.app, t.db, 'demo', n, `${n}-password-1`)),
  )) as [SignedIn, SignedIn, SignedIn];
  stranger = await memberSignIn(t.app, t.db, 'other', 'stranger', 'stranger-password-1');
  api = contentClient(t);
});
afterAll(() => t.close());

describe('following a contribution', () => {
  it('toggles, shows `followed` and the follower count, and lists the followed ones latest first', async () => {
    const post = await publish(ann, 'post', 'a post to follow');
    const other = await publish(ann, 'post', 'another post');
    const talk = await publish(ann, 'discussion', 'a discussion');
    expect(await json<FeedObject>(api.get(`/post/${post}/`, ben))).toMatchObject({
      followed: false,
      follower_count: 0,
    });
    expect((await json<FeedObject>(api.get(`/post/${post}/`))).followed).toBeUndefined();

    for (const id of [post, other]) {
      await json(api.post(`/post/${id}/follow/`, undefined, ben), 204);
      t.clock.advance(1);
    }
    await json(api.post(`/discussion/${talk}/follow/`, undefined, ben), 204);
    await json(api.post(`/post/${post}/follow/`, undefined, cal), 204);
    expect(await json<FeedObject>(api.get(`/post/${post}/`, ben))).toMatchObject({
      followed: true,
      follower_count: 2,
    });
    expect(await json(api.get(`/post/${post}/following/`, ben))).toEqual({ following: true });
    const followed = await json<{ count: number; results: FeedObject[] }>(api.get('/post/following/', ben));
    expect(followed.count).toBe(2);
    expect(followed.results.map((o) => o.id)).toEqual([other, post]);
    expect(followed.results.every((o) => o.followed)).toBe(true);
    expect(
      (await json<{ results: FeedObject[] }>(api.get('/discussion/following/', ben))).results.map(
        (o) => o.id,
      ),
    ).toEqual([talk]);

    // Again: no longer followed.
    await json(api.post(`/post/${other}/follow/`, undefined, ben), 204);
    expect(await json(api.get(`/post/${other}/following/`, ben))).toEqual({ following: false });
    expect((await json<{ count: number }>(api.get('/post/following/', ben))).count).toBe(1);
  });

  it('refuses visitors, other communities, other types of the id and what the member may not read', async () => {
    const post = await publish(ann, 'post', 'guarded');
    expect((await api.post(`/post/${post}/follow/`, undefined)).statusCode).toBe(401);
    expect((await api.get('/post/following/')).statusCode).toBe(401);
    expect((await api.post(`/post/${post}/follow/`, undefined, stranger)).statusCode).toBe(401);
    expect((await api.post(`/discussion/${post}/follow/`, undefined, ben)).statusCode).toBe(404);
    expect((await api.post('/post/999999/follow/', undefined, ben)).statusCode).toBe(404);
    expect((await api.post('/post/x/follow/', undefined, ben)).statusCode).toBe(400);

    // Hidden by a moderator: gone from the follower's list and no longer followable.
    await json(api.post(`/post/${post}/follow/`, undefined, ben), 204);
    await json(api.post(`/post/${post}/flag/`, { flag_type: 0 }, cal), 204);
    const hide = await api.patch(
      `/moderation/contribution/${post}/`,
      { contribution_type: 'post', action: 'hide', moderation_type: 0 },
      moderator,
    );
    expect(hide.statusCode, hide.body).toBe(204);
    const list = await json<{ results: FeedObject[] }>(api.get('/post/following/?limit=100', ben));
    expect(list.results.map((o) => o.id)).not.toContain(post);
    expect((await api.post(`/post/${post}/follow/`, undefined, ben)).statusCode).toBe(404);
  });

  it("notifies the followers of others' comments, once each, never of their own", async () => {
    const post = await publish(ann, 'post', 'followed for its comments');
    // The author follows their own post too: still one notification for them.
    for (const who of [ann, ben, cal]) await json(api.post(`/post/${post}/follow/`, undefined, who), 204);
    const before = {
      ann: (await commentNotices(ann)).length,
      ben: (await commentNotices(ben)).length,
      cal: (await commentNotices(cal)).length,
    };

    const first = await comment(ben, post, 'ben comments');
    const annAfter = await commentNotices(ann);
    const calAfter = await commentNotices(cal);
    expect(annAfter.length).toBe(before.ann + 1);
    expect(calAfter.length).toBe(before.cal + 1);
    expect(calAfter[0]).toMatchObject({ type: 'comment', comment: { id: first.id, post } });
    expect((await commentNotices(ben)).length).toBe(before.ben);

    // cal replies to ben: ben hears of the reply once (nested_comment), ann of the comment.
    const reply = await comment(cal, post, 'cal replies', first.id);
    const benNotices = await commentNotices(ben);
    expect(benNotices.length).toBe(before.ben + 1);
    expect(benNotices[0]).toMatchObject({ type: 'nested_comment', comment: { id: reply.id } });
    expect((await commentNotices(ann)).length).toBe(before.ann + 2);
    expect((await commentNotices(cal)).length).toBe(before.cal + 1);

    // Stopped following: no more.
    await json(api.post(`/post/${post}/follow/`, undefined, cal), 204);
    await comment(ben, post, 'ben again');
    expect((await commentNotices(cal)).length).toBe(before.cal + 1);
  });
});
