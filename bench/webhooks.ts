/**
 * Webhook delivery benchmark (issue 15 §5; ADR 0027; timings live here, never in tests). Records
 * BENCH_WEBHOOKS events through the platform outbox (`recordEvent`, in transactions of 100) for one
 * endpoint on a local HTTP receiver, then times the real worker (`createWebhookDelivery().pump()`:
 * events handed over to delivery rows, claims committed before each batch, every request signed
 * with Standard Webhooks and SelfCommunity's headers, outcomes and attempts recorded) — beside the
 * receiver's bare capacity measured in the same run: the same number of POSTs of the same signed
 * body, with the same concurrency and keep-alive connections, nothing recorded. Target: ≥ 1,000
 * signed deliveries per second.
 *
 * Databases: PGlite in a temporary directory, then PostgreSQL — BENCH_DATABASE_URL's server or a
 * throw-away cluster; BENCH_POSTGRES=off skips it, BENCH_PGLITE=off skips PGlite.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import { createSecretBox } from '../apps/server/src/platform/crypto/secret-box.ts';
import { recordEvent, setEventInterests } from '../apps/server/src/platform/events/event-outbox.ts';
import { createWebhookDelivery } from '../apps/server/src/modules/webhooks/webhook-delivery.ts';
import { newSigningSecret, signedHeaders } from '../apps/server/src/modules/webhooks/webhook-signature.ts';
import * as repo from '../apps/server/src/modules/webhooks/webhooks.repository.ts';
import { bootstrapDemo } from './bench-community.ts';
import { integerSetting, onEachDatabase, type BenchDatabase } from './bench-databases.ts';

const EVENTS = integerSetting('BENCH_WEBHOOKS', 5_000);
const CONCURRENCY = 50;
const TARGET_PER_SECOND = 1_000;
const DATA = { id: 1, type: 'post', title: 'A post of the bench', html: '<p>Hello from the bench.</p>' };

/** A local receiver that answers 200 to every POST and counts them. */
async function startReceiver() {
  let received = 0;
  const server = http.createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.end('ok');
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    count: () => received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const perSecond = (count: number, ms: number) => (count / ms) * 1000;

/** The receiver's bare capacity: the same signed POSTs, same concurrency, keep-alive, nothing recorded. */
async function bareCapacity(port: number, secret: string): Promise<number> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  const body = JSON.stringify({ event_id: 1, type: 'post.created', created: Date.now() / 1000, data: DATA });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < EVENTS) {
        next += 1;
        const headers = signedHeaders([secret], `msg_${next}`, Math.floor(Date.now() / 1000), body);
        await new Promise<void>((resolve, reject) => {
          const req = http.request(
            {
              host: '127.0.0.1',
              port,
              path: '/hook',
              method: 'POST',
              agent,
              headers: {
                ...headers,
                'content-type': 'application/json',
                'content-length': Buffer.byteLength(body),
              },
            },
            (res) => {
              res.resume();
              res.on('end', () => resolve());
            },
          );
          req.on('error', reject);
          req.end(body);
        });
      }
    }),
  );
  const ms = performance.now() - started;
  agent.destroy();
  return ms;
}

async function measure(database: BenchDatabase): Promise<void> {
  const receiver = await startReceiver();
  const handle = await database.open();
  try {
    const stackId = await bootstrapDemo(handle);
    const box = createSecretBox('bench-secret-key');
    const secret = newSigningSecret();
    const now = new Date();
    const endpoint = await repo.insertEndpoint(handle.db, {
      stack_id: stackId,
      target: receiver.url,
      description: 'bench',
      is_active: true,
      ssl_cert_verification: true,
      secret_sealed: box.seal(secret),
      created_at: now,
      updated_at: now,
    });
    await repo.replaceSubscriptions(handle.db, stackId, endpoint.id, ['post.created'], now);
    await setEventInterests(handle.db, stackId, ['post.created']);

    const baselineMs = await bareCapacity(receiver.port, secret);
    const atBaseline = receiver.count();

    const recordedAt = performance.now();
    for (let i = 0; i < EVENTS; i += 100) {
      await handle.db.transaction().execute(async (trx) => {
        for (let j = i; j < Math.min(EVENTS, i + 100); j += 1)
          await recordEvent(trx, { stackId, type: 'post.created', data: { ...DATA, id: j }, at: new Date() });
      });
    }
    const recordMs = performance.now() - recordedAt;

    const delivery = createWebhookDelivery(
      { db: handle.db, clock: systemClock, secretBox: box, config: { webhooksAllowPrivate: true } },
      { concurrency: CONCURRENCY },
    );
    const started = performance.now();
    await delivery.pump();
    const deliverMs = performance.now() - started;
    const arrived = receiver.count() - atBaseline;
    if (arrived !== EVENTS) throw new Error(`delivery incomplete: ${arrived} of ${EVENTS} arrived`);

    const rate = perSecond(EVENTS, deliverMs);
    const baseline = perSecond(EVENTS, baselineMs);
    const line = (name: string, ms: number) =>
      `  ${name.padEnd(52)} ${ms.toFixed(0).padStart(7)} ms  ${perSecond(EVENTS, ms).toFixed(0).padStart(6)} deliveries/s`;
    console.log(line(`worker, ${EVENTS.toLocaleString('en')} signed deliveries (recorded)`, deliverMs));
    console.log(line("baseline: the receiver's bare capacity", baselineMs));
    console.log(`  recording the events (outbox, transactions of 100): ${recordMs.toFixed(0)} ms`);
    console.log(`  ratio to the baseline ${(rate / baseline).toFixed(2)}`);
    console.log(
      `  target ≥ ${TARGET_PER_SECOND.toLocaleString('en')} deliveries/s: ${rate >= TARGET_PER_SECOND ? 'met' : 'NOT met'} (${rate.toFixed(0)}/s)`,
    );
  } finally {
    await handle.close();
    await receiver.close();
  }
}

console.log(
  `\nWebhooks: ${EVENTS.toLocaleString('en')} events to a local receiver, ${CONCURRENCY} connections; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs`,
);
await onEachDatabase('webhooks', measure);
console.log(
  "\nratio = the worker's deliveries per second / the receiver's bare capacity in the same run. " +
    'Compare ratios, not absolute numbers.',
);
