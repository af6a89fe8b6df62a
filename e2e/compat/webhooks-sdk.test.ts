import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { CompatServer } from './compat-server.ts';
import { startSdkSession, type SdkSession } from './sdk-session.ts';
import { sdk, statusOf } from './sdk.ts';

/**
 * Webhooks through SelfCommunity's published SDK (issue 15 §1, §5): the community's admin manages an
 * endpoint with `WebhookService` (events, create, read, put, patch, secret reveal and expire,
 * attempts, resend one and bulk, delete); a member's post reaches a receiver on 127.0.0.1 signed so
 * that the published `standardwebhooks` library verifies it; a member may not manage endpoints.
 */
interface Endpoint {
  id: number;
  target: string;
  description: string;
  is_active: boolean;
  events: { type: string }[];
}
interface Attempt {
  id: number;
  event: { type: string };
  event_id: number;
  http_response_code: number | null;
}
interface WebhookSdk {
  getAllWebhookEvents(): Promise<string[]>;
  getAllWebhookEndpoints(): Promise<{ count: number; results: Endpoint[] }>;
  createWebhookEndpoint(data: Record<string, unknown>): Promise<Endpoint>;
  getASpecificWebhookEndpoint(id: number): Promise<Endpoint>;
  updateASpecificWebhookEndpoint(id: number, data: Record<string, unknown>): Promise<Endpoint>;
  updateASingleWebhookEndpointField(id: number, data: Record<string, unknown>): Promise<Endpoint>;
  deleteWebhookEndpoint(id: number): Promise<unknown>;
  getAllWebhookEndpointAttempts(id: number): Promise<{ count: number; results: Attempt[] }>;
  expireWebhookSigningSecret(id: number): Promise<Endpoint>;
  revealWebhookSigningSecret(id: number): Promise<{ signing_secret: string }>;
  resendWebhookEndpointEvent(id: number, event: number): Promise<unknown>;
  resendMultipleWebhookEndpointEvent(id: number, event: number[]): Promise<unknown>;
}
interface FeedSdk {
  createFeedObject(type: string, data: Record<string, unknown>): Promise<{ id: number }>;
}
const webhooks = (sdk as unknown as { WebhookService: WebhookSdk }).WebhookService;
const feed = (sdk as unknown as { FeedObjectService: FeedSdk }).FeedObjectService;

let session: SdkSession;
let server: CompatServer;
let receiver: http.Server;
let target = '';
const received: { headers: Record<string, string>; body: string }[] = [];

beforeAll(async () => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const headers = Object.fromEntries(Object.entries(req.headers).map(([k, v]) => [k, String(v)]));
      received.push({ headers, body: Buffer.concat(chunks).toString('utf8') });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  session = await startSdkSession();
  server = session.server;
  const flag = await fetch(`${server.url}/platform/api/v1/stacks/1/features/`, {
    method: 'POST',
    headers: { authorization: `Bearer ${server.adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'webhook', enabled: true }),
  });
  expect(flag.status).toBe(200);
});
afterAll(async () => {
  await session?.close();
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

/** Standard Webhooks verification at the server's (test) clock. */
function verify(secret: string, message: { headers: Record<string, string>; body: string }) {
  const now = vi.spyOn(Date, 'now').mockReturnValue(server.t.clock.now().getTime());
  try {
    return new Webhook(secret).verify(message.body, message.headers) as { event_id: number; type: string };
  } finally {
    now.mockRestore();
  }
}

describe('webhooks through the SDK', () => {
  it('an admin manages an endpoint; a member post reaches it signed; attempts and resends', async () => {
    session.asAdmin();
    expect(await webhooks.getAllWebhookEvents()).toEqual(
      expect.arrayContaining(['post.created', 'user.created']),
    );
    const created = await webhooks.createWebhookEndpoint({ target, events: [{ type: 'post.created' }] });
    expect(created).toMatchObject({ target, is_active: true, events: [{ type: 'post.created' }] });
    expect(await webhooks.getASpecificWebhookEndpoint(created.id)).toMatchObject({ id: created.id });
    expect(
      await webhooks.updateASpecificWebhookEndpoint(created.id, {
        target,
        description: 'CRM',
        events: [{ type: 'post.created' }, { type: 'comment.created' }],
      }),
    ).toMatchObject({ description: 'CRM' });
    expect(await webhooks.updateASingleWebhookEndpointField(created.id, { is_active: true })).toMatchObject({
      is_active: true,
      description: 'CRM',
    });
    expect((await webhooks.getAllWebhookEndpoints()).results.map((e) => e.id)).toContain(created.id);
    const { signing_secret: secret } = await webhooks.revealWebhookSigningSecret(created.id);
    expect(secret).toMatch(/^whsec_/);

    const alice = (await sdk.SSOService.SignUp({ username: 'alice', email: 'alice@members.test' })).id;
    await session.as(alice);
    const post = await feed.createFeedObject('post', { html: '<p>Hello hooks</p>' });
    expect(await statusOf(webhooks.getAllWebhookEndpoints())).toBe(403);
    await server.t.jobs.runDue();
    expect(received).toHaveLength(1);
    const payload = verify(secret, received[0]!) as { event_id: number; type: string; data: { id: number } };
    expect(payload).toMatchObject({ type: 'post.created', data: { id: post.id } });

    session.asAdmin();
    const attempts = await webhooks.getAllWebhookEndpointAttempts(created.id);
    expect(attempts.results[0]).toMatchObject({
      event: { type: 'post.created' },
      event_id: payload.event_id,
      http_response_code: 200,
    });
    await webhooks.resendWebhookEndpointEvent(created.id, payload.event_id);
    await webhooks.resendMultipleWebhookEndpointEvent(created.id, [payload.event_id]);
    await server.t.jobs.runDue();
    expect(received.map((r) => r.headers['webhook-id'])).toEqual(Array(3).fill(`msg_${payload.event_id}`));

    await webhooks.expireWebhookSigningSecret(created.id);
    const { signing_secret: fresh } = await webhooks.revealWebhookSigningSecret(created.id);
    expect(fresh).not.toBe(secret);
    await webhooks.deleteWebhookEndpoint(created.id);
    expect(await statusOf(webhooks.getASpecificWebhookEndpoint(created.id))).toBe(404);
  });
});
