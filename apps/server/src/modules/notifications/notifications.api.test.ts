import type { MemberNotificationGroup } from '@agora/contract';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver.test-support.ts';
import { expectEmitted, type ReceivedEvent } from '../webhooks/webhook-event-proof.test-support.ts';

// Members' notifications (issue 18 §2, ADR 0037) through the real routes on the real database: each
// written in the transaction of its cause, never for one's own action, read and counted by the member
// only; settings by the member only; emails through a real SMTP peer with RFC 8058's one-click
// unsubscribe.

const MEMBER = '/c/demo/api/v2';
const CONSOLE = '/c/demo/platform/api/v1';

let t: TestApp;
let smtp: TestSmtpServer;
let receiver: Receiver;
let admin: SignedIn;
let demoId: number;
let otherId: number;
type Who = { id: number; who: SignedIn; name: string };
let ann: Who;
let ben: Who;
let cal: Who;
let mark = 0;

const json = (who: SignedIn) => ({ ...who.bearer, 'content-type': 'application/json' });
const call = (method: 'GET' | 'POST' | 'PATCH', p: string, who?: SignedIn, body?: unknown, base = MEMBER) =>
  t.app.inject({
    method,
    url: `${base}${p}`,
    headers: who ? (body === undefined ? who.bearer : json(who)) : {},
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
async function ok<T = { id: number }>(res: Promise<{ statusCode: number; body: string }>, status: number) {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null') as T;
}
const list = async (who: Who) =>
  (
    await ok<{ count: number; results: MemberNotificationGroup[] }>(
      call('GET', '/notification/', who.who),
      200,
    )
  ).results;
const unseen = async (who: Who) =>
  (await ok<{ count: number }>(call('GET', '/notification/unseen/count/', who.who), 200)).count;

async function newMember(name: string, stackId = demoId, slug = 'demo'): Promise<Who> {
  const id = await createMember(t.db, stackId, name, `${name}-password-1`);
  return { id, name, who: await memberSignIn(t.app, t.db, slug, name, `${name}-password-1`) };
}

/** Runs due jobs (emails, webhook deliveries) and answers the mails received since the last call. */
async function mailsSinceLastCall() {
  await t.jobs.runDue();
  const mails = smtp.received.slice(mark);
  mark = smtp.received.length;
  return Promise.all(mails.map(async (m) => ({ to: m.to, parsed: await simpleParser(m.raw) })));
}

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({
    env: {
      AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
      AGORA_SMTP_ALLOW_PRIVATE: 'true',
      AGORA_WEBHOOKS_ALLOW_PRIVATE: '1',
    },
  });
  ({ admin, demoId, otherId } = await communityWithRoles(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'webhook', true);
  for (const [name, value] of [
    ['follow_enabled', true],
    ['connection_enabled', true],
  ] as const) {
    await ok(call('POST', '/dynamic_preference/update/', admin, { name, value }, CONSOLE), 200);
  }
  receiver = await startReceiver();
  await ok(
    call(
      'POST',
      '/webhooks/endpoints/add/',
      admin,
      { target: receiver.url, events: ['notification.custom_notification', 'user.settings_updated'] },
      CONSOLE,
    ),
    200,
  );
  ann = await newMember('ann');
  ben = await newMember('ben');
  cal = await newMember('cal');
});
beforeEach(async () => {
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  await mailsSinceLastCall();
});
afterAll(async () => {
  await t.close();
  await smtp.close();
  await receiver.close();
});

describe('notifications from their causes', () => {
  it("a comment on a member's post notifies its author once, and nobody of their own comment", async () => {
    const post = await ok(call('POST', '/post/', ann.who, { text: 'Notify me' }), 201);
    const before = await unseen(ann);
    await ok(call('POST', '/comment/', ann.who, { post: post.id, text: 'My own comment' }), 201);
    expect(await unseen(ann)).toBe(before);
    const comment = await ok(call('POST', '/comment/', ben.who, { post: post.id, text: 'Nice one' }), 201);
    expect(await unseen(ann)).toBe(before + 1);
    const [newest] = await list(ann);
    expect(newest).toMatchObject({
      is_new: true,
      post: { id: post.id, type: 'post' },
      aggregated: [{ type: 'comment', is_new: true, comment: { id: comment.id, post: post.id } }],
    });
    expect(newest!.aggregated[0]!.comment!.author).toMatchObject({ id: ben.id });
    // Ben commented: nothing for him.
    expect((await list(ben)).some((g) => g.aggregated.some((n) => n.type === 'comment'))).toBe(false);
    const me = await ok<{ unseen_interactions_counter: number }>(call('GET', '/user/me/', ann.who), 200);
    expect(me.unseen_interactions_counter).toBe(before + 1);
  });

  it('a reply notifies the replied comment’s author (nested_comment) and the post’s author (comment)', async () => {
    const post = await ok(call('POST', '/post/', ann.who, { text: 'Thread' }), 201);
    const first = await ok(call('POST', '/comment/', ben.who, { post: post.id, text: 'First' }), 201);
    await ok(call('POST', '/comment/', cal.who, { post: post.id, parent: first.id, text: 'Reply' }), 201);
    expect((await list(ben))[0]!.aggregated[0]).toMatchObject({
      type: 'nested_comment',
      comment: { parent: first.id },
    });
    expect((await list(ann))[0]!.aggregated[0]).toMatchObject({ type: 'comment' });
    expect((await list(cal)).some((g) => g.post?.id === post.id)).toBe(false);
  });

  it('votes, follows and connections notify the member they reach, with who did it', async () => {
    const post = await ok(call('POST', '/post/', ann.who, { text: 'Vote for me' }), 201);
    await ok(call('POST', `/post/${post.id}/vote/`, ann.who, {}), 204);
    const own = (await list(ann)).filter(
      (g) => g.aggregated[0]!.type === 'vote_up' && g.post?.id === post.id,
    );
    expect(own).toHaveLength(0);
    await ok(call('POST', `/post/${post.id}/vote/`, ben.who, {}), 204);
    expect((await list(ann))[0]!.aggregated[0]).toMatchObject({
      type: 'vote_up',
      user: { id: ben.id },
      post: { id: post.id },
    });
    await ok(call('POST', `/user/${ann.id}/follow/`, cal.who), 204);
    expect((await list(ann))[0]!.aggregated[0]).toMatchObject({
      type: 'user_follow',
      follower: { id: cal.id },
    });
    await ok(call('POST', `/user/${cal.id}/connection/request/`, ben.who), 204);
    expect((await list(cal))[0]!.aggregated[0]).toMatchObject({
      type: 'connection_request',
      request_user: { id: ben.id },
    });
    await ok(call('POST', `/user/${ben.id}/connection/accept/`, cal.who), 204);
    expect((await list(ben))[0]!.aggregated[0]).toMatchObject({
      type: 'connection_accept',
      accept_user: { id: cal.id },
    });
  });

  it("a moderator's deletion and warning notify the author with the reason", async () => {
    const post = await ok(call('POST', '/post/', cal.who, { text: 'Moderate me' }), 201);
    await ok(call('POST', `/post/${post.id}/flag/`, ben.who, { flag_type: 1 }), 204);
    const patch = (body: Record<string, unknown>) =>
      call('PATCH', `/moderation/contribution/${post.id}/`, admin, { contribution_type: 'post', ...body });
    await ok(patch({ action: 'delete', moderation_type: 1 }), 204);
    await ok(patch({ action: 'delete', moderation_type: 1 }), 204);
    const [restored, deleted] = (await list(cal)).slice(0, 2).map((g) => g.aggregated[0]!);
    expect(restored).toMatchObject({ type: 'undeleted_for', post: { id: post.id } });
    expect(deleted).toMatchObject({ type: 'deleted_for_aggressive', post: { id: post.id } });
    // A post that stays deleted: its author no longer reads it, but the notification shows what they wrote.
    const gone = await ok(call('POST', '/post/', cal.who, { text: 'Gone for good' }), 201);
    await ok(call('POST', `/post/${gone.id}/flag/`, ben.who, { flag_type: 0 }), 204);
    const body = { contribution_type: 'post', action: 'delete', moderation_type: 0 };
    await ok(call('PATCH', `/moderation/contribution/${gone.id}/`, admin, body), 204);
    expect((await call('GET', `/post/${gone.id}/`, cal.who)).statusCode).toBe(404);
    expect((await list(cal))[0]!.aggregated[0]).toMatchObject({
      type: 'deleted_for_advertising',
      post: { id: gone.id, html: expect.stringContaining('Gone for good') },
    });
  });
});

describe('reading and counting', () => {
  it('read marks the given notifications seen, or all of them, and clears the count', async () => {
    const post = await ok(call('POST', '/post/', ben.who, { text: 'Count me' }), 201);
    await ok(call('POST', '/comment/', ann.who, { post: post.id, text: 'One' }), 201);
    await ok(call('POST', '/comment/', cal.who, { post: post.id, text: 'Two' }), 201);
    const [latest] = await list(ben);
    const before = await unseen(ben);
    expect(before).toBeGreaterThanOrEqual(2);
    await ok(call('POST', '/notification/read/', ben.who, { sids: [latest!.sid] }), 204);
    expect(await unseen(ben)).toBe(before - 1);
    expect((await list(ben))[0]).toMatchObject({ sid: latest!.sid, is_new: false });
    // Someone else's ids change nothing of theirs.
    const annBefore = await unseen(ann);
    await ok(
      call('POST', '/notification/read/', ben.who, { sids: (await list(ann)).map((g) => g.sid) }),
      204,
    );
    expect(await unseen(ann)).toBe(annBefore);
    await ok(call('POST', '/notification/read/', ben.who, {}), 204);
    expect(await unseen(ben)).toBe(0);
    expect((await list(ben)).every((g) => !g.is_new)).toBe(true);
  });

  it('pages newest first; a signed-out caller gets 401; bad input 400', async () => {
    const page = await ok<{ count: number; next: string | null; results: MemberNotificationGroup[] }>(
      call('GET', '/notification/?limit=1', ann.who),
      200,
    );
    expect(page.results).toHaveLength(1);
    expect(page.count).toBeGreaterThan(1);
    expect(page.next).toContain('offset=1');
    const all = await list(ann);
    expect(all.map((g) => Number(g.sid))).toEqual([...all.map((g) => Number(g.sid))].sort((a, b) => b - a));
    expect((await call('GET', '/notification/')).statusCode).toBe(401);
    expect((await call('GET', '/notification/unseen/count/')).statusCode).toBe(401);
    expect((await call('GET', '/notification/?limit=0', ann.who)).statusCode).toBe(400);
    expect((await call('POST', '/notification/read/', ann.who, { sids: 'all' })).statusCode).toBe(400);
  });

  it("another community's member never sees them, and their token does not reach this community", async () => {
    const outsider = await newMember('oscar', otherId, 'other');
    const theirs = await ok<{ count: number; results: unknown[] }>(
      call('GET', '/notification/', outsider.who, undefined, '/c/other/api/v2'),
      200,
    );
    expect(theirs).toMatchObject({ count: 0, results: [] });
    expect((await call('GET', '/notification/', outsider.who)).statusCode).toBe(401);
    expect(
      (await call('GET', `/user/${ann.id}/settings/`, outsider.who, undefined, '/c/other/api/v2')).statusCode,
    ).toBe(404);
  });
});

describe('settings', () => {
  it('are read and changed by the member only, as integers', async () => {
    const mine = await ok(call('GET', `/user/${cal.id}/settings/`, cal.who), 200);
    expect(mine).toEqual({
      qa_frequency: 1,
      email_notification_not_qa: 1,
      mobile_notifications_scmty: 1,
      show_toast_notifications: 1,
      toast_notifications_emit_sound: 0,
    });
    const changed = await ok(
      call('PATCH', `/user/${cal.id}/settings/`, cal.who, { show_toast_notifications: 0 }),
      200,
    );
    expect(changed).toMatchObject({ show_toast_notifications: 0, email_notification_not_qa: 1 });
    expect(await ok(call('GET', `/user/${cal.id}/settings/`, cal.who), 200)).toEqual(changed);
    await t.jobs.runDue();
    const events = receiver.events() as ReceivedEvent[];
    expectEmitted(events, 'user.settings_updated', { id: cal.id, show_toast_notifications: 0 });

    expect((await call('GET', `/user/${cal.id}/settings/`, ben.who)).statusCode).toBe(404);
    expect((await call('PATCH', `/user/${cal.id}/settings/`, ben.who, { qa_frequency: 0 })).statusCode).toBe(
      404,
    );
    expect((await call('GET', `/user/${cal.id}/settings/`)).statusCode).toBe(401);
    expect((await call('GET', '/user/999999/settings/', cal.who)).statusCode).toBe(404);
    const bad = await call('PATCH', `/user/${cal.id}/settings/`, cal.who, { qa_frequency: 'often' });
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]?.field).toBe('qa_frequency');
    expect((await call('PATCH', `/user/${cal.id}/settings/`, cal.who, { unknown: 1 })).statusCode).toBe(400);
  });
});

describe('custom notifications', () => {
  it('an admin notifies a member (204); a member may not', async () => {
    await ok(
      call('POST', '/notification/notify/', admin, { type: 'news', title: 'Welcome!', user: ann.id }),
      204,
    );
    expect((await list(ann))[0]!.aggregated[0]).toMatchObject({
      type: 'custom_notification',
      custom_notification: { type: 'news', title: 'Welcome!' },
    });
    await t.jobs.runDue();
    const events = receiver.events() as ReceivedEvent[];
    expectEmitted(events, 'notification.custom_notification', { user: { id: ann.id } });
    expect(
      (await call('POST', '/notification/notify/', ben.who, { type: 'x', user: ann.id })).statusCode,
    ).toBe(403);
    expect((await call('POST', '/notification/notify/', admin, { type: 'x', user: 999999 })).statusCode).toBe(
      404,
    );
  });
});

describe('notification emails', () => {
  it('go to the member with RFC 8058 headers; one click turns them off; a forged token is 400', async () => {
    const post = await ok(call('POST', '/post/', ben.who, { text: 'Mail me' }), 201);
    await ok(call('POST', '/comment/', ann.who, { post: post.id, text: 'Hello Ben' }), 201);
    const mails = await mailsSinceLastCall();
    const mail = mails.find((m) => m.to.includes('ben@members.test'));
    expect(mail, JSON.stringify(mails.map((m) => m.to))).toBeDefined();
    // Nothing for Ann, who commented.
    expect(mails.some((m) => m.to.includes('ann@members.test'))).toBe(false);
    const parsed = mail!.parsed;
    expect(parsed.subject).toContain('ann commented on your contribution');
    // The raw header lines as mailparser read them (it also folds List-* into its `list` header).
    const line = (key: string) =>
      parsed.headerLines
        .find((h) => h.key === key)
        ?.line.replace(/^[^:]+:\s*/, '')
        .replace(/\r?\n\s+/g, '');
    const header = line('list-unsubscribe') ?? '';
    expect(line('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click');
    expect(parsed.headers.get('list')).toMatchObject({
      unsubscribe: { url: expect.stringContaining('/unsubscribe/') },
    });
    const url = /^<(https?:\/\/[^>]+)>$/.exec(header)?.[1];
    expect(url, header).toMatch(/\/c\/demo\/api\/v2\/notification\/unsubscribe\/[^/]+\/$/);
    const path = new URL(url!).pathname;
    expect(parsed.html).toContain(url);

    // GET shows a confirmation, in Italian when asked, and changes nothing.
    const page = await t.app.inject({
      method: 'GET',
      url: path,
      headers: { 'accept-language': 'it-IT,it;q=0.9' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Annulla iscrizione');
    expect((await ok(call('GET', `/user/${ben.id}/settings/`, ben.who), 200)) as object).toMatchObject({
      email_notification_not_qa: 1,
    });

    // A forged or moved token: 400, nothing changes.
    const forged = path.replace(/\/unsubscribe\/(\d+)\./, `/unsubscribe/${ann.id}.`);
    const refused = await t.app.inject({
      method: 'POST',
      url: forged,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)[0]?.code).toBe('invalid');
    const forgedPage = await t.app.inject({ method: 'GET', url: forged });
    expect(forgedPage.statusCode).toBe(400);
    expect(errorsOf(forgedPage.body)[0]?.code).toBe('invalid');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: path.replace('/c/demo/', '/c/other/'),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(elsewhere.statusCode).toBe(400);

    // The one-click POST, as a mail client sends it: no sign-in, the form body.
    const done = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(done.statusCode, done.body).toBe(200);
    // RFC 8058 prefers multipart/form-data: the same request that way is answered too (nothing left to do).
    const multipart = await t.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'multipart/form-data; boundary=x1' },
      payload:
        '--x1\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x1--\r\n',
    });
    expect(multipart.statusCode, multipart.body).toBe(200);
    expect(await ok(call('GET', `/user/${ben.id}/settings/`, ben.who), 200)).toMatchObject({
      email_notification_not_qa: 0,
    });
    await ok(call('POST', '/comment/', cal.who, { post: post.id, text: 'Another' }), 201);
    expect((await mailsSinceLastCall()).some((m) => m.to.includes('ben@members.test'))).toBe(false);
    // The notification itself is still there.
    expect((await list(ben))[0]!.aggregated[0]).toMatchObject({ type: 'comment' });
  });

  it('are in the member’s language', async () => {
    await ok(call('PATCH', `/user/${cal.id}/settings/`, cal.who, { email_notification_not_qa: 1 }), 200);
    await t.db.updateTable('community_users').set({ language: 'it' }).where('id', '=', cal.id).execute();
    await ok(call('POST', `/user/${cal.id}/follow/`, ann.who), 204);
    const mail = (await mailsSinceLastCall()).find((m) => m.to.includes('cal@members.test'));
    expect(mail?.parsed.subject).toContain('ann ha iniziato a seguirti');
    expect(mail?.parsed.html).toContain("Annulla l'iscrizione");
  });
});
