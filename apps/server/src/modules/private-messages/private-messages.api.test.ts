import type { MemberNotificationGroup, PrivateMessage, PrivateMessageSnippet } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityWithRoles,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { startReceiver, type Receiver } from '../webhooks/webhook-receiver.test-support.ts';
import { expectEmitted, type ReceivedEvent } from '../webhooks/webhook-event-proof.test-support.ts';

// Private messages (issue 18 §2, ADR 0039) through the real routes on the real database: two members
// write to each other, read their thread (which marks it seen) and page it; nobody writes to
// themselves, across communities, while banned, to or from a member who hid the other, or while the
// preference is off; only the sender deletes a message.

const MEMBER = '/c/demo/api/v2';
const CONSOLE = '/c/demo/platform/api/v1';

let t: TestApp;
let receiver: Receiver;
let admin: SignedIn;
let demoId: number;
let otherId: number;
type Who = { id: number; who: SignedIn };
let ann: Who;
let ben: Who;
let cal: Who;
let stranger: Who;

type Method = 'GET' | 'POST' | 'DELETE';
const call = (method: Method, p: string, who?: SignedIn, body?: unknown, base = MEMBER) =>
  t.app.inject({
    method,
    url: `${base}${p}`,
    headers: {
      ...(who?.bearer ?? {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
async function ok<T>(res: Promise<{ statusCode: number; body: string }>, status: number): Promise<T> {
  const done = await res;
  expect(done.statusCode, done.body).toBe(status);
  return JSON.parse(done.body || 'null') as T;
}
interface Page<T> {
  count: number;
  next: string | null;
  results: T[];
}
const send = (from: Who, to: number[], message: string) =>
  call('POST', '/pm/', from.who, { recipients: to, message });
const threadWith = (who: Who, other: number, query = '') =>
  ok<Page<PrivateMessage>>(call('GET', `/pm/?user=${other}${query}`, who.who), 200);
const unseen = async (who: Who) =>
  (await ok<{ count: number }>(call('GET', '/pm/unseen/count/', who.who), 200)).count;

async function newMember(name: string, stackId = demoId, slug = 'demo'): Promise<Who> {
  const id = await createMember(t.db, stackId, name, `${name}-password-1`);
  return { id, who: await memberSignIn(t.app, t.db, slug, name, `${name}-password-1`) };
}

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_WEBHOOKS_ALLOW_PRIVATE: '1' } });
  ({ admin, demoId, otherId } = await communityWithRoles(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'webhook', true);
  receiver = await startReceiver();
  await ok(
    call(
      'POST',
      '/webhooks/endpoints/add/',
      admin,
      { target: receiver.url, events: ['notification.private_message'] },
      CONSOLE,
    ),
    200,
  );
  ann = await newMember('ann');
  ben = await newMember('ben');
  cal = await newMember('cal');
  stranger = await newMember('stranger', otherId, 'other');
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

describe('private messages', () => {
  it('sends a message, lists the thread for both, notifies the receiver and marks it seen when read', async () => {
    const sent = await ok<PrivateMessage[]>(send(ann, [ben.id], '  Hello Ben  '), 201);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({
      message: 'Hello Ben',
      sender: { id: ann.id, username: 'ann' },
      receiver: { id: ben.id, username: 'ben' },
      status: 'created',
    });
    t.clock.advance(60);
    await ok(send(ben, [ann.id], 'Hi Ann'), 201);
    t.clock.advance(60);
    await ok(send(cal, [ben.id], 'Ben, are you there?'), 201);

    // Ben's threads, newest first: cal's (unseen), then ann's (her message unseen, his answer last).
    const snippets = await ok<Page<PrivateMessageSnippet>>(call('GET', '/pm/', ben.who), 200);
    expect(snippets.count).toBe(2);
    expect(
      snippets.results.map((s) => [s.sender.username, s.headline, s.thread_status, s.unseen_count]),
    ).toEqual([
      ['cal', 'Ben, are you there?', 'new', 1],
      ['ben', 'Hi Ann', 'new', 1],
    ]);
    expect(await unseen(ben)).toBe(2);

    const bensView = await threadWith(ben, ann.id);
    expect(bensView.results.map((m) => [m.sender.username, m.message, m.status])).toEqual([
      ['ann', 'Hello Ben', 'new'],
      ['ben', 'Hi Ann', 'created'],
    ]);
    // Reading the thread marked ann's message seen.
    expect(await unseen(ben)).toBe(1);
    expect((await threadWith(ben, ann.id)).results[0]?.status).toBe('created');
    expect((await threadWith(ann, ben.id)).results.map((m) => m.message)).toEqual(['Hello Ben', 'Hi Ann']);

    // Ben was notified once per message to him (the webhook and his notification list).
    await t.jobs.runDue();
    const events = receiver.events() as ReceivedEvent[];
    expectEmitted(events, 'notification.private_message', {
      user: { id: ben.id },
      sender: { id: ann.id },
    });
    const notes = await ok<{ results: MemberNotificationGroup[] }>(
      call('GET', '/notification/', ben.who),
      200,
    );
    expect(notes.results.filter((g) => g.aggregated[0]?.type === 'private_message')).toHaveLength(2);
    // One message is also readable alone, by its two members only.
    const one = sent[0]!.id;
    expect(await ok<PrivateMessage>(call('GET', `/pm/${one}/`, ben.who), 200)).toMatchObject({ id: one });
    expect((await call('GET', `/pm/${one}/`, cal.who)).statusCode).toBe(404);
    expect((await call('GET', '/pm/')).statusCode).toBe(401);
  });

  it('pages a thread backwards from the newest: every message is reachable', async () => {
    for (let i = 1; i <= 5; i++) {
      await ok(send(cal, [ann.id], `Message ${i}`), 201);
      t.clock.advance(1);
    }
    const first = await threadWith(ann, cal.id, '&limit=2');
    expect(first.count).toBe(5);
    expect(first.results.map((m) => m.message)).toEqual(['Message 4', 'Message 5']);
    expect(first.next).toContain('before_message=');
    const seen: string[] = [...first.results.map((m) => m.message)];
    let next = first.next;
    while (next) {
      const page = await ok<Page<PrivateMessage>>(
        call('GET', next.slice(next.indexOf('/pm/')), ann.who),
        200,
      );
      seen.unshift(...page.results.map((m) => m.message));
      next = page.next;
    }
    expect(seen).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4', 'Message 5']);
  });

  it('refuses writing to oneself, across communities, unknown members, empty and overlong messages', async () => {
    const self = await send(ann, [ann.id], 'Me');
    expect(self.statusCode).toBe(400);
    expect(errorsOf(self.body)[0]).toMatchObject({ message: 'You cannot send a message to yourself.' });
    expect(await send(ann, [stranger.id], 'Hello')).toMatchObject({ statusCode: 404 });
    expect(await send(ann, [999999], 'Hello')).toMatchObject({ statusCode: 404 });
    expect((await call('GET', `/pm/?user=${stranger.id}`, ann.who)).statusCode).toBe(404);
    const other = (method: Method, p: string, body?: unknown) =>
      call(method, p, stranger.who, body, '/c/other/api/v2');
    expect((await other('POST', '/pm/', { recipients: [ann.id], message: 'Hi' })).statusCode).toBe(404);
    expect((await send(ann, [ben.id], '   ')).statusCode).toBe(400);
    expect((await send(ann, [ben.id], 'x'.repeat(5001))).statusCode).toBe(400);
    expect((await call('POST', '/pm/', ann.who, { message: 'no recipients' })).statusCode).toBe(400);
  });

  it('refuses writing to or from a member who hid the other', async () => {
    await ok(call('POST', `/user/${ann.id}/hide/`, cal.who, {}), 204);
    expect((await send(ann, [cal.id], 'Still there?')).statusCode).toBe(403);
    expect((await send(cal, [ann.id], 'Bye')).statusCode).toBe(403);
    await ok(call('POST', `/user/${ann.id}/hide/`, cal.who, {}), 204);
    await ok(send(ann, [cal.id], 'Friends again'), 201);
  });

  it('lets only the sender delete a message, which stays in the thread without its text', async () => {
    const [msg] = await ok<PrivateMessage[]>(send(ann, [ben.id], 'Oops, wrong person'), 201);
    expect((await call('DELETE', `/pm/${msg!.id}/`, ben.who)).statusCode).toBe(403);
    expect((await call('DELETE', `/pm/${msg!.id}/`, cal.who)).statusCode).toBe(404);
    await ok(call('DELETE', `/pm/${msg!.id}/`, ann.who), 204);
    const last = (await threadWith(ben, ann.id)).results.at(-1);
    expect(last).toMatchObject({ id: msg!.id, status: 'deleted', message: '' });
  });

  it('deletes a thread for one member only', async () => {
    await ok(call('DELETE', `/pm/?user=${cal.id}`, ann.who), 204);
    expect((await threadWith(ann, cal.id)).count).toBe(0);
    expect((await threadWith(cal, ann.id)).count).toBeGreaterThan(0);
    const anns = await ok<Page<PrivateMessageSnippet>>(call('GET', '/pm/', ann.who), 200);
    expect(anns.results.some((s) => s.sender.id === cal.id || s.receiver.id === cal.id)).toBe(false);
  });

  it("records a staff member's message in the audit log without its text", async () => {
    const id = await createMember(t.db, demoId, 'staffer', 'staffer-password-1', { role: 'admin' });
    const staffer = await memberSignIn(t.app, t.db, 'demo', 'staffer', 'staffer-password-1');
    await ok(send({ id, who: staffer }, [ann.id], 'Secret words'), 201);
    const rows = await t.db
      .selectFrom('audit_log')
      .select(['route', 'details'])
      .where('stack_id', '=', demoId)
      .where('route', '=', '/api/v2/pm/')
      .execute();
    expect(rows).toHaveLength(1);
    expect(JSON.stringify(rows[0]?.details)).toContain('[redacted]');
    expect(JSON.stringify(rows[0]?.details)).not.toContain('Secret words');
  });

  it('refuses a banned member, and everyone while the preference is off', async () => {
    const dan = await newMember('dan');
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', dan.id).execute();
    await t.db
      .insertInto('bans')
      .values({
        stack_id: demoId,
        user_id: dan.id,
        status: 'banned',
        ban_start: t.clock.now(),
        ban_until: new Date(t.clock.now().getTime() + 86_400_000),
      })
      .execute();
    const banned = await send(dan, [ann.id], 'Let me in');
    expect(banned.statusCode).toBe(403);
    expect(errorsOf(banned.body)[0]?.code).toBe('account_blocked');
    // Nobody writes to a banned member either.
    expect((await send(ann, [dan.id], 'Hello?')).statusCode).toBe(400);

    const pref = (value: boolean) =>
      ok(
        call(
          'POST',
          '/dynamic_preference/update/',
          admin,
          { name: 'private_messages_enabled', value },
          CONSOLE,
        ),
        200,
      );
    await pref(false);
    for (const res of [
      await send(ann, [ben.id], 'Off'),
      await call('GET', '/pm/', ann.who),
      await call('GET', `/pm/?user=${ben.id}`, ann.who),
      await call('GET', '/pm/unseen/count/', ann.who),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(errorsOf(res.body)[0]?.code).toBe('feature_disabled');
    }
    await pref(true);
    await ok(send(ann, [ben.id], 'On again'), 201);
  });
});
