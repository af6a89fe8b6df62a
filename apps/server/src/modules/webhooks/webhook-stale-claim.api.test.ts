import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { setFlag, signIn, stackBySlug } from '../../test-support/fixtures.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { CLAIM_STALE_MS, createWebhookDelivery } from './webhook-delivery.ts';
import { claimDue } from './webhook-deliveries.repository.ts';
import { startReceiver, type Receiver } from './webhook-receiver.test-support.ts';

/*
 * Found by the cluster test (issue 17 §4): a worker killed with SIGKILL after claiming deliveries
 * left them `sending`. The next pass released them only if they were stale by then; the job that
 * pass ran for (re-run after its own, earlier-started lease) could come before that, and nothing
 * woke a pass later, so the deliveries stayed `sending` — not sent — until some other event came.
 */

let t: TestApp;
let receiver: Receiver;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_WEBHOOKS_ALLOW_PRIVATE: '1' } });
  t.clock.advance(0);
  const admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  demoId = (await stackBySlug(t.db, 'demo')).id;
  await setFlag(t, admin, demoId, 'webhook', true);
  receiver = await startReceiver();
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/webhooks/endpoints/add/',
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ target: receiver.url, events: ['post.created'] }),
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await receiver.close();
  await t.close();
});

it('delivers what a dead worker had claimed once the claim is stale, with no further event to wake a pass', async () => {
  await t.db
    .transaction()
    .execute((trx) =>
      recordEvent(trx, { stackId: demoId, type: 'post.created', data: { n: 1 }, at: t.clock.now() }),
    );
  // A worker hands the event over, claims its delivery and dies (SIGKILL) before sending it.
  const dead = createWebhookDelivery(
    {
      db: t.db,
      clock: t.clock,
      secretBox: createSecretBox('x'.repeat(32)),
      config: { webhooksAllowPrivate: true },
    },
    { workerId: 'dead-worker' },
  );
  await dead.dispatch();
  expect(await claimDue(t.db, t.clock.now(), 'dead-worker', 10)).toHaveLength(1);

  // The live worker runs the event's job now: the claim is fresh, so it is left alone.
  await t.jobs.runDue();
  expect(receiver.received).toHaveLength(0);

  // Once the claim is stale a pass falls due by itself, and sends the delivery.
  t.clock.advance(CLAIM_STALE_MS / 1000 + 2);
  await t.jobs.runDue();
  expect(receiver.events().map((e) => e.data)).toEqual([{ n: 1 }]);
  const rows = await t.db.selectFrom('webhook_deliveries').select(['status', 'claimed_by']).execute();
  expect(rows).toEqual([{ status: 'succeeded', claimed_by: null }]);
});
