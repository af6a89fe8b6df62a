import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_EVENTS_NOT_EMITTED } from '@agora/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityWithRoles,
  createMember,
  memberSignIn,
  setFlag,
  signIn,
  MODERATOR_PASSWORD,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { startReceiver, type Receiver } from './webhook-receiver.test-support.ts';
import { expectEmitted, expectNotEmitted, type ReceivedEvent } from './webhook-event-proof.test-support.ts';

// Every webhook event of every action, caused through the real routes and heard by a real local
// receiver (issue 15 §1). `expectEmitted` calls name the proven events for the coverage test.

const CONSOLE = '/c/demo/platform/api/v1';
const MEMBER = '/c/demo/api/v2';

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let moderator: SignedIn;
let demoId: number;
let receiver: Receiver;
let alice: { id: number; who: SignedIn };
let bob: { id: number; who: SignedIn };
let moderatorId: number;
let mark = 0;

const json = (who: SignedIn) => ({ ...who.bearer, 'content-type': 'application/json' });
const consoleCall = (p: string, body: unknown, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: `${CONSOLE}/${p}`, headers: json(who), payload: JSON.stringify(body) });
const member = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', p: string, who: SignedIn, body?: unknown) =>
  t.app.inject({
    method,
    url: `${MEMBER}${p}`,
    headers: body === undefined ? who.bearer : json(who),
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
async function ok(res: Promise<{ statusCode: number; body: string }>, status?: number) {
  const done = await res;
  if (status === undefined) expect(done.statusCode, done.body).toBeLessThan(300);
  else expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null') as { id: number; data: { id: number } } & Record<string, unknown>;
}

const BOUNDARY = 'eventsboundary';
function multipart(fields: Record<string, string>, file: { field: string; bytes: Buffer }) {
  const parts: Buffer[] = Object.entries(fields).map(([k, v]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`),
  );
  parts.push(
    Buffer.from(
      `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.field}"; filename="x.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    file.bytes,
    Buffer.from(`\r\n--${BOUNDARY}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
  };
}
const png = () =>
  sharp({ create: { width: 40, height: 30, channels: 3, background: '#0a7' } })
    .png()
    .toBuffer();

/** Delivers what is due and answers the events the receiver got since the last call. */
async function heard(): Promise<ReceivedEvent[]> {
  await t.jobs.runDue();
  const events = receiver.events().slice(mark) as ReceivedEvent[];
  mark = receiver.received.length;
  return events;
}

async function newMember(name: string) {
  const id = await createMember(t.db, demoId, name, `${name}-password-1`);
  return { id, who: await memberSignIn(t.app, t.db, 'demo', name, `${name}-password-1`) };
}

async function preference(name: string, value: unknown) {
  await ok(consoleCall('dynamic_preference/update/', { name, value }), 200);
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-events-'));
  t = await buildTestApp({ env: { AGORA_WEBHOOKS_ALLOW_PRIVATE: '1', DATA_DIR: dataDir } });
  t.clock.advance(0);
  ({ admin, moderator, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  for (const flag of [
    'webhook',
    'loyalty',
    'broadcast',
    'moderation_flags',
    'moderation_users',
    'scoring',
    'tagging',
    'cms',
    'legal_pages',
  ])
    await setFlag(t, admin, demoId, flag, true);
  receiver = await startReceiver();
  // One endpoint hears every name of the catalogue.
  const endpoint = await consoleCall('webhooks/endpoints/add/', {
    target: receiver.url,
    events: WEBHOOK_EVENT_TYPES,
  });
  expect(endpoint.statusCode, endpoint.body).toBe(200);
  await preference('follow_enabled', true);
  await preference('polls_enabled', true);
  await preference('status_type_enabled', true);
  alice = await newMember('alice');
  bob = await newMember('bob');
  moderatorId = (
    await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', 'mod')
      .executeTakeFirstOrThrow()
  ).id;
  await heard();
});
beforeEach(async () => {
  // Console tokens outlive no clock jump; sign in again so every test starts fresh.
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  moderator = await signIn(t.app, 'mod', MODERATOR_PASSWORD);
  alice.who = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
  bob.who = await memberSignIn(t.app, t.db, 'demo', 'bob', 'bob-password-1');
});
afterAll(async () => {
  await receiver.close();
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('webhook events: the catalogue', () => {
  it('lists only catalogue names as not emitted', () => {
    for (const name of WEBHOOK_EVENTS_NOT_EMITTED) expect(WEBHOOK_EVENT_TYPES).toContain(name);
  });
});

describe('webhook events: members, contents and their notifications', () => {
  it('contents, comments, votes and polls, with the notifications of the members they reach', async () => {
    const post = await ok(member('POST', '/post/', alice.who, { text: 'Hello all' }), 201);
    const discussion = await ok(
      member('POST', '/discussion/', alice.who, { title: 'Topic', text: 'Talk' }),
      201,
    );
    const status = await ok(member('POST', '/status/', alice.who, { text: 'Feeling good' }), 201);
    let got = await heard();
    expectEmitted(got, 'post.created', { id: post.id, author: { id: alice.id } });
    expectEmitted(got, 'discussion.created', { id: discussion.id, title: 'Topic' });
    expectEmitted(got, 'status.created', { id: status.id });
    // Publishing earns points: the score changes in the points' own transaction.
    expectEmitted(got, 'user.score_updated', { user: { id: alice.id }, action: 'publish_post' });

    const comment = await ok(member('POST', '/comment/', bob.who, { post: post.id, text: 'Nice' }), 201);
    got = await heard();
    expectEmitted(got, 'comment.created', { id: comment.id, author: { id: bob.id } });
    expectEmitted(got, 'notification.comment', { user: { id: alice.id }, comment: { id: comment.id } });

    // Alice answers Bob on her own post: Bob hears of the reply, Alice of nothing she did.
    const reply = await ok(
      member('POST', '/comment/', alice.who, { post: post.id, parent: comment.id, text: 'Thanks' }),
      201,
    );
    got = await heard();
    expectEmitted(got, 'notification.nested_comment', { user: { id: bob.id }, comment: { id: reply.id } });
    expectNotEmitted(got, 'notification.comment');

    await ok(member('POST', `/post/${post.id}/vote/`, bob.who, {}));
    await ok(member('POST', `/comment/${reply.id}/vote/`, bob.who, {}));
    await ok(member('POST', `/post/${post.id}/vote/`, alice.who, {}));
    got = await heard();
    expectEmitted(got, 'vote.created', { user: { id: bob.id }, contribution: post.id });
    expectEmitted(got, 'notification.vote_up', { user: { id: alice.id }, vote: { contribution: post.id } });
    expectEmitted(got, 'notification.vote_up', { user: { id: alice.id }, vote: { comment: reply.id } });
    // Her own vote reaches nobody.
    expect(got.filter((e) => e.type === 'notification.vote_up')).toHaveLength(2);
    await ok(member('POST', `/post/${post.id}/vote/`, bob.who, {}));
    expectEmitted(await heard(), 'vote.deleted', { user: { id: bob.id }, contribution: post.id });

    const poll = await ok(
      member('POST', '/post/', alice.who, {
        text: 'Which day?',
        poll: {
          title: 'Day',
          multiple_choices: false,
          choices: [{ choice: 'Monday' }, { choice: 'Friday' }],
        },
      }),
      201,
    );
    const choice = (poll.poll as { choices: { id: number }[] }).choices[0]!.id;
    await ok(member('POST', `/post/${poll.id}/poll/vote/`, bob.who, { choice }));
    await ok(member('POST', `/post/${poll.id}/poll/vote/`, bob.who, { choice }));
    got = await heard();
    expectEmitted(got, 'poll_vote.created', { contribution: poll.id, user: { id: bob.id } });
    expectEmitted(got, 'poll_vote.deleted', { contribution: poll.id, user: { id: bob.id } });
  });

  it('follows and connections, with the notifications of the member they reach', async () => {
    await ok(member('POST', `/user/${alice.id}/follow/`, bob.who));
    let got = await heard();
    expectEmitted(got, 'connection.follow', { user: { id: bob.id }, target: { id: alice.id } });
    expectEmitted(got, 'notification.user_follow', { user: { id: alice.id }, follower: { id: bob.id } });
    await ok(member('POST', `/user/${alice.id}/follow/`, bob.who));
    got = await heard();
    expectEmitted(got, 'connection.unfollow', { user: { id: bob.id }, target: { id: alice.id } });
    expectNotEmitted(got, 'notification.user_follow');

    await ok(member('POST', `/user/${alice.id}/connection/request/`, bob.who));
    got = await heard();
    expectEmitted(got, 'connection_request.created', { user: { id: bob.id }, target: { id: alice.id } });
    expectEmitted(got, 'notification.connection_request', {
      user: { id: alice.id },
      request_user: { id: bob.id },
    });
    await ok(member('POST', `/user/${bob.id}/connection/accept/`, alice.who));
    got = await heard();
    expectEmitted(got, 'connection.created', { user: { id: alice.id }, target: { id: bob.id } });
    expectEmitted(got, 'notification.connection_accept', {
      user: { id: bob.id },
      accept_user: { id: alice.id },
    });
    await ok(member('POST', `/user/${alice.id}/connection/remove/`, bob.who));
    expectEmitted(await heard(), 'connection.deleted', { user: { id: bob.id }, target: { id: alice.id } });

    await ok(member('POST', `/user/${bob.id}/connection/request/`, alice.who));
    await ok(member('POST', `/user/${alice.id}/connection/reject/`, bob.who));
    expectEmitted(await heard(), 'connection_request.rejected', {
      user: { id: alice.id },
      target: { id: bob.id },
    });
    await ok(member('POST', `/user/${bob.id}/connection/request/`, alice.who));
    await ok(member('POST', `/user/${bob.id}/connection/cancel_request/`, alice.who));
    expectEmitted(await heard(), 'connection_request.cancelled', {
      user: { id: alice.id },
      target: { id: bob.id },
    });
  });

  it('sign-ups and member moderation', async () => {
    await ok(
      t.app.inject({
        method: 'POST',
        url: `${MEMBER}/account/create/`,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({
          username: 'carol',
          email: 'carol@example.test',
          password: 'a-long-pass-phrase-42',
        }),
      }),
    );
    expectEmitted(await heard(), 'user.created', { username: 'carol' });
    const dave = await newMember('dave');
    const change = (body: unknown) => consoleCall(`moderation/users/${dave.id}/`, body);
    await ok(change({ email_validated: false }), 200);
    expectEmitted(await heard(), 'user.updated', { id: dave.id });
    await ok(change({ status: 'banned' }), 200);
    expectEmitted(await heard(), 'notification.blocked_user', { id: dave.id, status: 'banned' });
    await ok(change({ status: 'active' }), 200);
    expectEmitted(await heard(), 'notification.unblocked_user', { id: dave.id });
    await ok(change({ status: 'deleted' }), 200);
    expectEmitted(await heard(), 'user.deleted', { id: dave.id });
  });

  it('a ban that runs out unblocks the member (the ban-end job)', async () => {
    const erin = await newMember('erin');
    await ok(consoleCall(`moderation/users/${erin.id}/`, { status: 'banned', days: 1 }), 200);
    expectEmitted(await heard(), 'notification.blocked_user', { id: erin.id });
    t.clock.advance(86_400 + 60);
    expectEmitted(await heard(), 'notification.unblocked_user', { id: erin.id, moderator: null });
  });
});

describe('webhook events: content moderation notifies the author with the reason', () => {
  const REASONS = [
    { flag: 0, motivation: 'spam' },
    { flag: 1, motivation: 'aggressive' },
    { flag: 2, motivation: 'vulgar' },
    { flag: 3, motivation: 'poor_content' },
    { flag: 4, motivation: 'offtopic' },
  ] as const;
  /** Alice's post, flagged by Bob for `flag`, then deleted, restored, hidden and warned about. */
  async function moderate(flag: number, motivation: string): Promise<ReceivedEvent[]> {
    const post = await ok(member('POST', '/post/', alice.who, { text: `Flag me ${flag}` }), 201);
    await ok(member('POST', `/post/${post.id}/flag/`, bob.who, { flag_type: flag }), 204);
    const act = (body: Record<string, string>) =>
      consoleCall(`moderation/flags/post/${post.id}/`, body, moderator);
    await ok(act({ action: 'delete', motivation }), 200);
    await ok(act({ action: 'restore' }), 200);
    await ok(act({ action: 'hide', motivation }), 200);
    await ok(act({ action: 'warn', message: 'Please be kind.', motivation }), 200);
    const got = await heard();
    expectEmitted(got, 'post.deleted', { id: post.id, motivation });
    expectEmitted(got, 'post.restored', { id: post.id });
    expectEmitted(got, 'notification.undeleted_for', { user: { id: alice.id }, id: post.id });
    return got;
  }

  it('deleted_for, collapsed_for and kindly_notice for each reason; undeleted_for on restore', async () => {
    const [spam, aggressive, vulgar, poor, offtopic] = REASONS;
    let got = await moderate(spam.flag, spam.motivation);
    expectEmitted(got, 'notification.deleted_for_advertising', { user: { id: alice.id } });
    expectEmitted(got, 'notification.collapsed_for_advertising', { user: { id: alice.id } });
    expectEmitted(got, 'notification.kindly_notice_advertising', { user: { id: alice.id } });
    got = await moderate(aggressive.flag, aggressive.motivation);
    expectEmitted(got, 'notification.deleted_for_aggressive', { user: { id: alice.id } });
    expectEmitted(got, 'notification.collapsed_for_aggressive', { user: { id: alice.id } });
    expectEmitted(got, 'notification.kindly_notice_aggressive', { user: { id: alice.id } });
    got = await moderate(vulgar.flag, vulgar.motivation);
    expectEmitted(got, 'notification.deleted_for_vulgar', { user: { id: alice.id } });
    expectEmitted(got, 'notification.collapsed_for_vulgar', { user: { id: alice.id } });
    expectEmitted(got, 'notification.kindly_notice_vulgar', { user: { id: alice.id } });
    got = await moderate(poor.flag, poor.motivation);
    expectEmitted(got, 'notification.deleted_for_poor', { user: { id: alice.id } });
    expectEmitted(got, 'notification.collapsed_for_poor', { user: { id: alice.id } });
    expectEmitted(got, 'notification.kindly_notice_poor', { user: { id: alice.id } });
    got = await moderate(offtopic.flag, offtopic.motivation);
    expectEmitted(got, 'notification.deleted_for_offtopic', { user: { id: alice.id } });
    expectEmitted(got, 'notification.collapsed_for_offtopic', { user: { id: alice.id } });
    expectEmitted(got, 'notification.kindly_notice_offtopic', { user: { id: alice.id } });
  });

  it('deletes and restores every kind of content; a moderator acting on their own content is not notified', async () => {
    const discussion = await ok(member('POST', '/discussion/', alice.who, { title: 'Rude', text: 'x' }), 201);
    const status = await ok(member('POST', '/status/', alice.who, { text: 'Rude status' }), 201);
    const mine = await ok(member('POST', '/post/', moderator, { text: 'My own post' }), 201);
    const comment = await ok(
      member('POST', '/comment/', alice.who, { post: mine.id, text: 'Rude comment' }),
      201,
    );
    const targets = [
      ['discussion', discussion.id],
      ['status', status.id],
      ['comment', comment.id],
      ['post', mine.id],
    ] as const;
    for (const [type, id] of targets) {
      await ok(member('POST', `/${type}/${id}/flag/`, bob.who, { flag_type: 1 }), 204);
      const act = (body: Record<string, string>) =>
        consoleCall(`moderation/flags/${type}/${id}/`, body, moderator);
      await ok(act({ action: 'delete', motivation: 'aggressive' }), 200);
      await ok(act({ action: 'restore' }), 200);
    }
    const got = await heard();
    expectEmitted(got, 'discussion.deleted', { id: discussion.id });
    expectEmitted(got, 'discussion.restored', { id: discussion.id });
    expectEmitted(got, 'status.deleted', { id: status.id });
    expectEmitted(got, 'status.restored', { id: status.id });
    expectEmitted(got, 'comment.deleted', { id: comment.id });
    expectEmitted(got, 'comment.restored', { id: comment.id });
    expectEmitted(got, 'notification.deleted_for_aggressive', { id: comment.id, user: { id: alice.id } });
    expectEmitted(got, 'post.deleted', { id: mine.id });
    // The moderator's own post: deleted and restored, and nobody notified of it.
    expectNotEmitted(got, 'notification.deleted_for_aggressive', { id: mine.id });
    expectNotEmitted(got, 'notification.undeleted_for', { id: mine.id });
    expectNotEmitted(got, 'notification.deleted_for_aggressive', { user: { id: moderatorId } });
  });
});

describe('webhook events: the member API moderation', () => {
  it('SelfCommunity moderation actions notify the author the same way', async () => {
    const post = await ok(member('POST', '/post/', alice.who, { text: 'Member API moderation' }), 201);
    await ok(member('POST', `/post/${post.id}/flag/`, bob.who, { flag_type: 2 }), 204);
    const patch = (body: Record<string, unknown>) =>
      member('PATCH', `/moderation/contribution/${post.id}/`, admin, { contribution_type: 'post', ...body });
    await ok(patch({ action: 'delete', moderation_type: 2 }), 204);
    await ok(patch({ action: 'delete', moderation_type: 2 }), 204);
    await ok(patch({ action: 'scold_author', moderation_type: 2 }), 204);
    const got = await heard();
    expectEmitted(got, 'notification.deleted_for_vulgar', { user: { id: alice.id }, id: post.id });
    expectEmitted(got, 'notification.undeleted_for', { user: { id: alice.id }, id: post.id });
    expectEmitted(got, 'notification.kindly_notice_vulgar', { user: { id: alice.id }, id: post.id });
  });
});

describe('webhook events: scores and loyalty points', () => {
  it('manual score, points earned, spent on a prize and refunded; prizes created and updated', async () => {
    await ok(consoleCall('reputation/add/', { user_id: bob.id, points: 7, comment: 'Helpful' }), 200);
    let got = await heard();
    expectEmitted(got, 'user.score_updated', {
      user: { id: bob.id },
      points: 7,
      action: 'manual',
      comment: 'Helpful',
    });

    // SelfCommunity's member API for staff: `POST score/` is the same manual change.
    await ok(member('POST', '/score/', admin, { user: bob.id, score: -2, comment: 'Off topic' }), 201);
    expectEmitted(await heard(), 'user.score_updated', {
      user: { id: bob.id },
      points: -2,
      action: 'manual',
    });

    await ok(consoleCall('loyalty/config/update/', { points: { post: 50, social_share: 3 } }), 200);
    const earning = await ok(member('POST', '/post/', bob.who, { text: 'Earning' }), 201);
    got = await heard();
    expectEmitted(got, 'user.loyalty_points_updated', {
      user: { id: bob.id },
      points: 50,
      loyalty_points: 50,
    });
    // Sharing earns once per content (the ledger's unique index): one event, then none.
    await ok(member('POST', '/media/', alice.who, { type: 'share', shared_object: earning.id }));
    await ok(member('POST', '/media/', alice.who, { type: 'share', shared_object: earning.id }));
    got = await heard();
    const shared = got.filter(
      (e) => e.type === 'user.loyalty_points_updated' && e.data.action === 'social_share',
    );
    expect(shared).toHaveLength(1);
    expect(shared[0]?.data).toMatchObject({ user: { id: alice.id }, points: 3 });

    const image = await png();
    const form = (fields: Record<string, string>) => multipart(fields, { field: 'image', bytes: image });
    const added = form({
      title: 'Mug',
      points: '40',
      link: 'https://shop.example/mug',
      description: 'A mug',
    });
    const prize = (
      await ok(
        t.app.inject({
          method: 'POST',
          url: `${CONSOLE}/loyalty/prizes/add/`,
          headers: { ...admin.bearer, ...added.headers },
          payload: added.payload,
        }),
        200,
      )
    ).data;
    const changed = form({
      title: 'Big mug',
      points: '40',
      link: 'https://shop.example/mug',
      description: 'A mug',
    });
    await ok(
      t.app.inject({
        method: 'POST',
        url: `${CONSOLE}/loyalty/prizes/${prize.id}/update/`,
        headers: { ...admin.bearer, ...changed.headers },
        payload: changed.payload,
      }),
      200,
    );
    got = await heard();
    expectEmitted(got, 'loyalty.prize.created', { id: prize.id, title: 'Mug', points: 40 });
    expectEmitted(got, 'loyalty.prize.updated', { id: prize.id, title: 'Big mug' });

    const request = await ok(member('POST', '/loyalty/request/', bob.who, { prize: prize.id }), 201);
    got = await heard();
    expectEmitted(got, 'loyalty.prize_request.created', { id: request.id, user: { id: bob.id } });
    expectEmitted(got, 'user.loyalty_points_updated', {
      user: { id: bob.id },
      points: -40,
      loyalty_points: 10,
    });
    await ok(consoleCall(`loyalty/requests/${request.id}/status/`, { status: 'refused' }), 200);
    got = await heard();
    expectEmitted(got, 'loyalty.prize_request.updated', { id: request.id, status: 'refused' });
    expectEmitted(got, 'user.loyalty_points_updated', {
      user: { id: bob.id },
      points: 40,
      loyalty_points: 50,
    });
  });

  it('a refused action records nothing: a prize the member cannot afford', async () => {
    const image = await png();
    const added = multipart(
      { title: 'Car', points: '100000', link: 'https://shop.example/car', description: 'A car' },
      { field: 'image', bytes: image },
    );
    const car = (
      await ok(
        t.app.inject({
          method: 'POST',
          url: `${CONSOLE}/loyalty/prizes/add/`,
          headers: { ...admin.bearer, ...added.headers },
          payload: added.payload,
        }),
        200,
      )
    ).data;
    await heard();
    const before = await t.db.selectFrom('events').select('id').where('stack_id', '=', demoId).execute();
    const refused = await member('POST', '/loyalty/request/', bob.who, { prize: car.id });
    expect(refused.statusCode, refused.body).toBe(400);
    const after = await t.db.selectFrom('events').select('id').where('stack_id', '=', demoId).execute();
    expect(after).toHaveLength(before.length);
    const got = await heard();
    expectNotEmitted(got, 'loyalty.prize_request.created');
    expectNotEmitted(got, 'user.loyalty_points_updated');
  });
});

describe('webhook events: console actions', () => {
  it('broadcast messages sent, media library files, categories and their follows', async () => {
    const saved = await ok(
      consoleCall('broadcast_messages/save/', {
        name: 'News',
        title: 'Hello members',
        body_text: 'A meetup on Saturday.',
        link_text: 'Read more',
        link: '/pages/meetup/',
        link_type: 'internal',
        open_in_new_tab: false,
        audience: 'all',
      }),
      200,
    );
    await ok(consoleCall(`broadcast_messages/${saved.data.id}/send/`, {}), 200);
    expectEmitted(await heard(), 'notification.banner.sent', {
      banner: { id: saved.data.id, title: 'Hello members' },
    });

    const upload = multipart({ name: 'logo.png' }, { field: 'file', bytes: await png() });
    const file = (
      await ok(
        t.app.inject({
          method: 'POST',
          url: `${CONSOLE}/media_library/files/add/`,
          headers: { ...admin.bearer, ...upload.headers },
          payload: upload.payload,
        }),
        200,
      )
    ).data as { id: number; custom_file: string };
    await ok(consoleCall(`media_library/files/${file.id}/delete/`, {}), 200);
    let got = await heard();
    expectEmitted(got, 'custom_file.created', { id: file.id, custom_file: file.custom_file });
    expectEmitted(got, 'custom_file.deleted', { id: file.id });

    const category = (await ok(consoleCall('categories/add/', { name: 'Gardening' }), 200)).data;
    await ok(consoleCall(`categories/${category.id}/update/`, { name: 'Gardens' }), 200);
    await ok(member('POST', `/category/${category.id}/follow/`, bob.who), 204);
    await ok(member('POST', `/category/${category.id}/follow/`, bob.who), 204);
    got = await heard();
    expectEmitted(got, 'category.created', { id: category.id });
    expectEmitted(got, 'category.updated', { id: category.id });
    expectEmitted(got, 'category.follow', { category: { id: category.id }, user: { id: bob.id } });
    expectEmitted(got, 'category.unfollow', { category: { id: category.id }, user: { id: bob.id } });
    await ok(consoleCall(`categories/${category.id}/delete/`, {}), 200);
    expectEmitted(await heard(), 'category.deleted', { id: category.id });
  });

  it('tags from the console and the member API', async () => {
    const tag = (await ok(consoleCall('tags/add/', { type: 'user', name: 'Helpers' }), 200)).data;
    await ok(consoleCall(`tags/${tag.id}/update/`, { description: 'They help' }), 200);
    await ok(consoleCall('tags/set_active/', { ids: [tag.id], active: false }), 200);
    await ok(consoleCall('tags/set_active/', { ids: [tag.id], active: true }), 200);
    await ok(
      consoleCall(`tags/${tag.id}/assign/`, { object_type: 'user', object_ids: [alice.id, bob.id] }),
      200,
    );
    await ok(consoleCall(`tags/${tag.id}/unassign/`, { object_type: 'user', object_ids: [bob.id] }), 200);
    let got = await heard();
    expectEmitted(got, 'tag.created', { id: tag.id, name: 'Helpers', type: 'user' });
    expectEmitted(got, 'tag.updated', { id: tag.id, description: 'They help' });
    expectEmitted(got, 'tag.updated', { id: tag.id, active: false });
    expectEmitted(got, 'tag.assigned', {
      tag: { id: tag.id },
      object_type: 'user',
      object_ids: [alice.id, bob.id],
    });
    expectEmitted(got, 'tag.removed', { tag: { id: tag.id }, object_ids: [bob.id] });

    const made = await ok(member('POST', '/tag/', admin, { type: 'user', name: 'Members API tag' }), 201);
    await ok(member('POST', `/tag/${made.id}/assign/`, admin, { user: bob.id }), 204);
    got = await heard();
    expectEmitted(got, 'tag.created', { id: made.id, name: 'Members API tag' });
    expectEmitted(got, 'tag.assigned', { tag: { id: made.id }, object_ids: [bob.id] });
    await ok(member('POST', `/tag/${made.id}/remove/`, admin, { user: bob.id }), 204);
    expectEmitted(await heard(), 'tag.removed', { tag: { id: made.id }, object_ids: [bob.id] });
    // Removing it again changes nothing and tells nothing.
    await ok(member('POST', `/tag/${made.id}/remove/`, admin, { user: bob.id }), 204);
    expectNotEmitted(await heard(), 'tag.removed');

    // The analytics users table gives tags to many users at once: only new assignments are told.
    const given = await consoleCall('analytics/tables/users/assign_tags/', {
      user_ids: [alice.id, bob.id],
      tag_ids: [tag.id],
    });
    expect(given.statusCode, given.body).toBe(200);
    got = await heard();
    expectEmitted(got, 'tag.assigned', {
      tag: { id: tag.id, name: 'Helpers', type: 'user' },
      object_type: 'user',
      object_ids: [bob.id],
    });
  });

  it('menus, custom pages, legal pages, preferences and features', async () => {
    const menu = (await ok(consoleCall('menus/add/', { name: 'Footer' }), 200)).data;
    await ok(consoleCall(`menus/${menu.id}/update/`, { name: 'Footer links' }), 200);
    await ok(consoleCall(`menus/${menu.id}/delete/`, {}), 200);
    const page = (await ok(consoleCall('custom_pages/add/', { title: 'About', html_body: '<p>Us</p>' }), 200))
      .data;
    await ok(
      consoleCall(`custom_pages/${page.id}/update/`, { title: 'About us', html_body: '<p>Us</p>' }),
      200,
    );
    await ok(consoleCall(`custom_pages/${page.id}/delete/`, {}), 200);
    const legal = (
      await ok(
        consoleCall('legal_pages/add/', { policy: 'cookies', label: 'Cookies', html_body: '<p>Cookies</p>' }),
        200,
      )
    ).data;
    await ok(
      consoleCall(`legal_pages/${legal.id}/versions/add/`, { label: 'Cookies', html_body: '<p>More</p>' }),
      200,
    );
    await preference('application_slogan1', 'Events everywhere');
    await setFlag(t, admin, demoId, 'reaction', true);
    const got = await heard();
    expectEmitted(got, 'custom_menu.created', { id: menu.id });
    expectEmitted(got, 'custom_menu.updated', { id: menu.id });
    expectEmitted(got, 'custom_menu.deleted', { id: menu.id });
    expectEmitted(got, 'custom_page.created', { id: page.id });
    expectEmitted(got, 'custom_page.updated', { id: page.id });
    expectEmitted(got, 'custom_page.deleted', { id: page.id });
    expectEmitted(got, 'legal_page.created', { id: legal.id });
    expectEmitted(got, 'legal_page.updated');
    expectEmitted(got, 'dynamic_preference.updated', { name: 'application_slogan1' });
    expectEmitted(got, 'feature.updated', { name: 'reaction', enabled: true });
  });
});
