import { createHmac, timingSafeEqual } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import {
  WEBHOOK_RETRY_DELAYS,
  type WebhookAttemptList,
  type WebhookBulkResult,
  type WebhookEndpoint,
  type WebhookEndpointList,
} from '@agora/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityWithRoles, errorsOf, setFlag, signIn, type SignedIn } from '../../test-support/fixtures.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { csvUpload, startReceiver, type Receiver } from './webhook-receiver.test-support.ts';

const BASE = '/c/demo/platform/api/v1/webhooks';
const MEMBER = '/c/demo/api/v2';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let receiver: Receiver;

const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });

async function addEndpoint(body: Record<string, unknown>): Promise<WebhookEndpoint> {
  const res = await post('endpoints/add/', { target: receiver.url, events: ['post.created'], ...body });
  expect(res.statusCode, res.body).toBe(200);
  return data<WebhookEndpoint>(res.body);
}

async function secretOf(id: number): Promise<string> {
  const res = await post(`endpoints/${id}/secret/reveal/`, {});
  expect(res.statusCode, res.body).toBe(200);
  return data<{ signing_secret: string }>(res.body).signing_secret;
}

async function attemptsOf(id: number): Promise<WebhookAttemptList> {
  const res = await get(`endpoints/${id}/attempts/?limit=100`);
  expect(res.statusCode, res.body).toBe(200);
  return data<WebhookAttemptList>(res.body);
}

/** A member's post through the member API (the real action that records `post.created`). */
async function publish(text: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: `${MEMBER}/post/`,
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ text }),
  });
  expect(res.statusCode, res.body).toBe(201);
  return (JSON.parse(res.body) as { id: number }).id;
}

/** SelfCommunity's documented check: `t` and each `v1` of the header, HMAC-SHA256 hex of "t.body". */
function selfCommunityValid(header: string, body: string, secret: string): boolean {
  const parts = header.split(',').map((p) => p.split('=') as [string, string]);
  const ts = parts.find(([k]) => k === 't')?.[1];
  const expected = createHmac('sha256', secret).update(`${ts}.${body}`).digest();
  return parts
    .filter(([k]) => k === 'v1')
    .some(([, v]) => {
      const given = Buffer.from(v, 'hex');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
}

function verifyStandard(secret: string, r: { headers: Record<string, unknown>; body: string }) {
  const headers = Object.fromEntries(Object.entries(r.headers).map(([k, v]) => [k, String(v)]));
  // The library checks the timestamp against its own clock: the test clock's now.
  const now = vi.spyOn(Date, 'now').mockReturnValue(t.clock.now().getTime());
  try {
    return new Webhook(secret).verify(r.body, headers);
  } finally {
    now.mockRestore();
  }
}

/** After the test clock moved past the tokens' lifetime. */
async function signInAgain() {
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'ed', 'editor-password-1');
}

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_WEBHOOKS_ALLOW_PRIVATE: '1' } });
  t.clock.advance(0);
  ({ admin, editor, owner, demoId, otherId } = await communityWithRoles(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'webhook', true);
  await setFlag(t, admin, otherId, 'webhook', true);
  receiver = await startReceiver();
});
afterEach(async () => {
  // Each test starts with no endpoint (a failed one leaves none to answer the next one's events).
  receiver.answer([]);
  await signInAgain();
  for (const endpoint of data<WebhookEndpointList>((await get('endpoints/?limit=100')).body).results)
    await post(`endpoints/${endpoint.id}/delete/`, {});
  await t.jobs.runDue();
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

describe('webhooks: endpoints in the console', () => {
  it('adds, lists, changes and deletes an endpoint; only admins; other communities see 404', async () => {
    const endpoint = await addEndpoint({ description: 'CRM', events: ['post.created', 'comment.created'] });
    expect(endpoint).toMatchObject({
      target: receiver.url,
      description: 'CRM',
      is_active: true,
      ssl_cert_verification: true,
      error_rate: 0,
    });
    expect(endpoint.events.map((e) => e.type)).toEqual(['comment.created', 'post.created']);
    const list = data<WebhookEndpointList>((await get('endpoints/')).body);
    expect(list.results.map((e) => e.id)).toContain(endpoint.id);

    const changed = await post(`endpoints/${endpoint.id}/update/`, {
      is_active: false,
      events: ['user.created'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(data<WebhookEndpoint>(changed.body)).toMatchObject({ is_active: false, description: 'CRM' });

    expect((await get('endpoints/', editor)).statusCode).toBe(403);
    expect(
      (await get(`endpoints/${endpoint.id}/`, owner, '/c/other/platform/api/v1/webhooks')).statusCode,
    ).toBe(404);
    const bad = await post('endpoints/add/', {
      target: 'ftp://x',
      events: ['nope'],
      description: 'x'.repeat(501),
    });
    expect(bad.statusCode).toBe(400);
    expect(
      errorsOf(bad.body)
        .map((e) => e.field)
        .sort(),
    ).toEqual(['description', 'events', 'target']);

    expect((await post(`endpoints/${endpoint.id}/delete/`, {})).statusCode).toBe(200);
    expect((await get(`endpoints/${endpoint.id}/`)).statusCode).toBe(404);
  });

  it('answers the event catalogue', async () => {
    const events = data<string[]>((await get('events/')).body);
    expect(events).toEqual(
      expect.arrayContaining(['comment.created', 'user.deleted', 'loyalty.prize_request.updated']),
    );
  });
});

describe('webhooks: delivery', () => {
  it('signs a real action’s event: the standardwebhooks library and SelfCommunity’s check both verify it', async () => {
    const endpoint = await addEndpoint({});
    const secret = await secretOf(endpoint.id);
    expect(secret).toMatch(/^whsec_/);
    const before = receiver.received.length;
    const postId = await publish('Hello hooks');
    await t.jobs.runDue();
    const got = receiver.received.slice(before);
    expect(got).toHaveLength(1);
    const request = got[0]!;
    const payload = verifyStandard(secret, request) as {
      event_id: number;
      type: string;
      data: { id: number };
    };
    expect(payload).toMatchObject({ type: 'post.created', data: { id: postId } });
    expect(request.headers['webhook-id']).toBe(`msg_${payload.event_id}`);
    expect(selfCommunityValid(String(request.headers['selfcommunity-signature']), request.body, secret)).toBe(
      true,
    );
    expect(
      selfCommunityValid(String(request.headers['selfcommunity-signature']), `${request.body} `, secret),
    ).toBe(false);
    const attempts = await attemptsOf(endpoint.id);
    expect(attempts.results[0]).toMatchObject({
      status: 'succeeded',
      event_type: 'post.created',
      event_id: payload.event_id,
      http_response_code: 200,
      http_request_body: request.body,
      http_response_body: 'ok',
      next_retry: null,
    });
    expect(attempts.results[0]?.http_request_signature_header).toBe(request.headers['webhook-signature']);
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });

  it('retries after 5, 25, 125 and 625 s: a receiver failing four times gets the event on the fifth try', async () => {
    const endpoint = await addEndpoint({});
    const before = receiver.received.length;
    receiver.answer([500, 500, 500, 500]);
    await publish('Retry me');
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(1);
    for (const delay of WEBHOOK_RETRY_DELAYS.slice(0, 4)) {
      t.clock.advance(delay - 1);
      await t.jobs.runDue();
      const sent = receiver.received.length - before;
      t.clock.advance(1);
      await t.jobs.runDue();
      expect(receiver.received.length - before).toBe(sent + 1);
    }
    const attempts = (await attemptsOf(endpoint.id)).results.reverse();
    expect(attempts.map((a) => a.http_response_code)).toEqual([500, 500, 500, 500, 200]);
    expect(attempts.map((a) => a.status)).toEqual(['failed', 'failed', 'failed', 'failed', 'succeeded']);
    const sentAt = attempts.map((a) => Date.parse(a.sent_at!));
    expect(sentAt.slice(1).map((at, i) => (at - sentAt[i]!) / 1000)).toEqual([5, 25, 125, 625]);
    expect(attempts[0]!.next_retry).toBe(new Date(sentAt[0]! + 5000).toISOString());
    const ids = new Set(receiver.received.slice(before).map((r) => r.headers['webhook-id']));
    expect(ids.size).toBe(1);
    const detail = data<WebhookEndpoint>((await get(`endpoints/${endpoint.id}/`)).body);
    expect(detail.error_rate).toBeCloseTo(0.8);
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });

  it("waits as long as a receiver's Retry-After asks (429, 503), never less than the schedule", async () => {
    const endpoint = await addEndpoint({});
    const before = receiver.received.length;
    receiver.answer([
      { status: 429, headers: { 'retry-after': '300' } },
      { status: 503, headers: { 'retry-after': '1' } },
    ]);
    await publish('Slow down');
    await t.jobs.runDue();
    // 300 s asked instead of the first retry's 5 s.
    t.clock.advance(299);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(1);
    t.clock.advance(1);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(2);
    // 1 s asked: the second retry still waits its 25 s.
    t.clock.advance(24);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(2);
    t.clock.advance(1);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(3);
    const codes = (await attemptsOf(endpoint.id)).results.reverse().map((a) => a.http_response_code);
    expect(codes).toEqual([429, 503, 200]);
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });

  it('sends nothing for an action that rolled back, and stops after the fifth retry', async () => {
    const endpoint = await addEndpoint({});
    const before = receiver.received.length;
    await expect(
      t.db.transaction().execute(async (trx) => {
        await recordEvent(trx, {
          stackId: demoId,
          type: 'post.created',
          data: { id: -1 },
          at: t.clock.now(),
        });
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    await t.jobs.runDue();
    expect(receiver.received.length).toBe(before);

    receiver.answer([503, 503, 503, 503, 503, 503, 503]);
    await publish('Never acknowledged');
    await t.jobs.runDue();
    for (const delay of WEBHOOK_RETRY_DELAYS) {
      t.clock.advance(delay);
      await t.jobs.runDue();
    }
    t.clock.advance(10_000);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(6);
    receiver.answer([]);
    const last = (await attemptsOf(endpoint.id)).results[0]!;
    expect(last).toMatchObject({ status: 'failed', next_retry: null, http_response_code: 503 });
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });

  it('rotates the secret: the old one signs beside the new for 24 hours', async () => {
    const endpoint = await addEndpoint({});
    const old = await secretOf(endpoint.id);
    const expired = await post(`endpoints/${endpoint.id}/secret/expire/`, {});
    expect(expired.statusCode, expired.body).toBe(200);
    const fresh = await secretOf(endpoint.id);
    expect(fresh).not.toBe(old);
    let before = receiver.received.length;
    await publish('Both sign');
    await t.jobs.runDue();
    const both = receiver.received[before]!;
    expect(String(both.headers['webhook-signature']).split(' ')).toHaveLength(2);
    expect(() => verifyStandard(old, both)).not.toThrow();
    expect(() => verifyStandard(fresh, both)).not.toThrow();
    expect(selfCommunityValid(String(both.headers['selfcommunity-signature']), both.body, old)).toBe(true);

    t.clock.advance(24 * 3600 + 1);
    await signInAgain();
    before = receiver.received.length;
    await publish('Only the new one');
    await t.jobs.runDue();
    const after = receiver.received[before]!;
    expect(() => verifyStandard(fresh, after)).not.toThrow();
    expect(() => verifyStandard(old, after)).toThrow();
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });

  it('410 Gone switches the endpoint off and tells the admins', async () => {
    const endpoint = await addEndpoint({});
    receiver.answer([410]);
    await publish('Gone');
    await t.jobs.runDue();
    const detail = data<WebhookEndpoint>((await get(`endpoints/${endpoint.id}/`)).body);
    expect(detail.is_active).toBe(false);
    // The email manager's webhook_disabled template, to the admins, with the endpoint's console page.
    const mail = await t.db
      .selectFrom('mail_outbox')
      .select(['subject', 'text'])
      .where('subject', 'like', '%webhook%')
      .execute();
    const told = mail.find((m) => m.text.includes(receiver.url));
    expect(told?.subject).toMatch(/^\[.+\] A webhook endpoint was switched off$/);
    expect(told?.text).toContain(`http://agora.test/webhooks/${endpoint.id}`);
    const before = receiver.received.length;
    await publish('Not sent');
    await t.jobs.runDue();
    expect(receiver.received.length).toBe(before);
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });
});

describe('webhooks: attempts, resend, bulk retry, purge', () => {
  it('resends one attempt, and a CSV bulk retry sends only the subscribed events it names', async () => {
    const endpoint = await addEndpoint({ events: ['post.created'] });
    const before = receiver.received.length;
    await publish('One');
    await publish('Two');
    await t.jobs.runDue();
    const [second, first] = (await attemptsOf(endpoint.id)).results;
    const resend = await post(`attempts/${first!.id}/resend/`, {});
    expect(resend.statusCode, resend.body).toBe(200);
    await t.jobs.runDue();
    expect(
      receiver
        .events()
        .slice(before)
        .map((e) => e.event_id),
    ).toEqual([first!.event_id, second!.event_id, first!.event_id]);

    // An event of another type (not subscribed) named in the CSV does not go.
    const other = await addEndpoint({ events: ['comment.created', 'post.created'] });
    const comment = await t.app.inject({
      method: 'POST',
      url: `${MEMBER}/comment/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({
        post: (receiver.events().at(-1)!.data as { id: number }).id,
        text: 'A comment',
      }),
    });
    expect(comment.statusCode, comment.body).toBe(201);
    await t.jobs.runDue();
    const commentEvent = receiver.events().find((e) => e.type === 'comment.created')!;
    const csv = `event_id\n${first!.event_id}\n${second!.event_id};${commentEvent.event_id}\n`;
    const upload = csvUpload(csv);
    const preview = await t.app.inject({
      method: 'POST',
      url: `${BASE}/endpoints/${endpoint.id}/resend_bulk/preview/`,
      headers: { ...admin.bearer, ...upload.headers },
      payload: upload.payload,
    });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(data<WebhookBulkResult>(preview.body)).toMatchObject({ read: 3, count: 2 });
    const sentBefore = receiver.received.length;
    const bulk = await t.app.inject({
      method: 'POST',
      url: `${BASE}/endpoints/${endpoint.id}/resend_bulk/`,
      headers: { ...admin.bearer, ...upload.headers },
      payload: upload.payload,
    });
    expect(bulk.statusCode, bulk.body).toBe(200);
    await t.jobs.runDue();
    expect(
      receiver
        .events()
        .slice(sentBefore)
        .map((e) => e.event_id)
        .sort(),
    ).toEqual([first!.event_id, second!.event_id].sort());
    const broken = csvUpload('1\nnot-an-id\n');
    const refused = await t.app.inject({
      method: 'POST',
      url: `${BASE}/endpoints/${endpoint.id}/resend_bulk/`,
      headers: { ...admin.bearer, ...broken.headers },
      payload: broken.payload,
    });
    expect(refused.statusCode).toBe(400);
    expect(errorsOf(refused.body)[0]).toMatchObject({ field: 'file', code: 'webhook_csv_invalid' });

    // Kept 10 days, then purged by the job.
    t.clock.advance(10 * 86_400 + 3_600);
    await t.jobs.runDue();
    await signInAgain();
    expect((await attemptsOf(endpoint.id)).count).toBe(0);
    const left = await t.db
      .selectFrom('webhook_attempts')
      .select('id')
      .where('endpoint_id', 'in', [endpoint.id, other.id])
      .execute();
    expect(left).toHaveLength(0);
    await post(`endpoints/${endpoint.id}/delete/`, {});
    await post(`endpoints/${other.id}/delete/`, {});
  });
});

describe('webhooks: events from real actions', () => {
  it('records each action with its SelfCommunity name, only for subscribed types', async () => {
    const types = [
      'user.created',
      'post.created',
      'comment.created',
      'vote.created',
      'vote.deleted',
      'dynamic_preference.updated',
      'feature.updated',
      'category.created',
      'custom_menu.created',
    ];
    const endpoint = await addEndpoint({ events: types });
    const before = receiver.received.length;
    const signUp = await t.app.inject({
      method: 'POST',
      url: `${MEMBER}/account/create/`,
      payload: { username: 'hooked', email: 'hooked@example.test', password: 'a-long-pass-phrase-42' },
    });
    expect(signUp.statusCode, signUp.body).toBeLessThan(300);
    const postId = await publish('Events everywhere');
    const member = (path: string, body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `${MEMBER}${path}`,
        headers: { ...admin.bearer, 'content-type': 'application/json' },
        payload: JSON.stringify(body),
      });
    expect((await member('/comment/', { post: postId, text: 'First!' })).statusCode).toBe(201);
    expect((await member(`/post/${postId}/vote/`, {})).statusCode).toBeLessThan(300);
    expect((await member(`/post/${postId}/vote/`, {})).statusCode).toBeLessThan(300);
    const pref = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/dynamic_preference/update/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'application_slogan1', value: 'Hooked' }),
    });
    expect(pref.statusCode, pref.body).toBe(200);
    await setFlag(t, admin, demoId, 'loyalty', true);
    const category = await post('add/', { name: 'Hooks' }, admin, '/c/demo/platform/api/v1/categories');
    expect(category.statusCode, category.body).toBe(200);
    const menu = await post('add/', { name: 'Hooked menu' }, admin, '/c/demo/platform/api/v1/menus');
    expect(menu.statusCode, menu.body).toBe(200);
    // Not subscribed: recorded for nobody, sent to nobody.
    await setFlag(t, admin, otherId, 'loyalty', true);
    await t.jobs.runDue();
    const got = receiver.events().slice(before);
    expect([...new Set(got.map((e) => e.type))].sort()).toEqual([...types].sort());
    expect(got.find((e) => e.type === 'user.created')?.data).toMatchObject({ username: 'hooked' });
    expect(got.find((e) => e.type === 'feature.updated')?.data).toMatchObject({
      name: 'loyalty',
      enabled: true,
    });
    expect(got.filter((e) => e.type === 'feature.updated')).toHaveLength(1);
    const other = await t.db.selectFrom('events').select('id').where('stack_id', '=', otherId).execute();
    expect(other).toEqual([]);
    await post(`endpoints/${endpoint.id}/delete/`, {});
  });
});

describe('webhooks: SelfCommunity member API', () => {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) =>
    t.app.inject({
      method,
      url: `${MEMBER}${path}`,
      headers: { ...admin.bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });

  it('creates, reads, patches, lists attempts, reveals and expires, resends and deletes', async () => {
    const events = await call('GET', '/webhook/endpoint/event/');
    expect(events.json()).toContain('user.created');
    const created = await call('POST', '/webhook/endpoint/', {
      target: receiver.url,
      events: [{ type: 'post.created' }],
    });
    expect(created.statusCode, created.body).toBe(201);
    const endpoint = created.json() as WebhookEndpoint;
    expect(endpoint.events[0]).toMatchObject({ type: 'post.created' });
    const patched = await call('PATCH', `/webhook/endpoint/${endpoint.id}/`, {
      is_active: true,
      description: 'x',
    });
    expect(patched.json()).toMatchObject({ is_active: true, description: 'x' });
    const list = await call('GET', '/webhook/endpoint/?limit=1');
    expect(list.json()).toMatchObject({ results: [expect.objectContaining({ id: endpoint.id })] });
    const reveal = await call('POST', `/webhook/endpoint/${endpoint.id}/secret/reveal/`, {});
    expect(reveal.statusCode).toBe(201);
    expect(reveal.json().signing_secret).toMatch(/^whsec_/);
    expect((await call('POST', `/webhook/endpoint/${endpoint.id}/secret/expire/`, {})).statusCode).toBe(200);
    // SelfCommunity's optional {password}: when given, it is the caller's, or nothing is shown or rotated.
    for (const action of ['reveal', 'expire']) {
      const wrong = await call('POST', `/webhook/endpoint/${endpoint.id}/secret/${action}/`, {
        password: 'nope',
      });
      expect(wrong.statusCode, action).toBe(400);
      expect(wrong.body).not.toContain('whsec_');
    }
    const confirmed = await call('POST', `/webhook/endpoint/${endpoint.id}/secret/reveal/`, {
      password: ADMIN_PASSWORD,
    });
    expect(confirmed.statusCode, confirmed.body).toBe(201);
    expect(confirmed.json().signing_secret).not.toBe(reveal.json().signing_secret);

    await publish('Member API');
    await t.jobs.runDue();
    const attempts = await call('GET', `/webhook/endpoint/${endpoint.id}/attempt/`);
    const first = attempts.json().results[0];
    expect(first).toMatchObject({ event: { type: 'post.created' }, http_response_code: 200 });
    const before = receiver.received.length;
    expect(
      (await call('POST', `/webhook/endpoint/${endpoint.id}/event/resend/`, { event: first.event_id }))
        .statusCode,
    ).toBe(204);
    expect(
      (await call('POST', `/webhook/endpoint/${endpoint.id}/event/resend/bulk/`, { event: [first.event_id] }))
        .statusCode,
    ).toBe(204);
    expect((await call('POST', `/webhook/endpoint/attempt/${first.id}/resend/`)).statusCode).toBe(204);
    await t.jobs.runDue();
    expect(receiver.received.length - before).toBe(3);
    expect((await call('DELETE', `/webhook/endpoint/${endpoint.id}/`)).statusCode).toBe(204);
    const editorCall = await t.app.inject({
      method: 'GET',
      url: `${MEMBER}/webhook/endpoint/`,
      headers: editor.bearer,
    });
    expect(editorCall.statusCode).toBe(403);
  });
});
