import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { setEventInterests } from '../../platform/events/event-outbox.ts';
import { bootstrap } from '../../seed/bootstrap.ts';
import { stackBySlug } from '../../test-support/fixtures.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import { newSigningSecret } from './webhook-signature.ts';
import { startReceiver, type Receiver } from './webhook-receiver.test-support.ts';
import * as repo from './webhooks.repository.ts';

/*
 * The outbox's proof (ADR 0027): a server records a burst of 1,000 events, each in its own
 * transaction (every tenth one rolled back), while its worker delivers them to a receiver on
 * 127.0.0.1; it is killed with SIGKILL mid-way, a new worker takes over, and every committed event
 * has reached the receiver at least once, and no rolled-back one ever did.
 */

const EVENTS = 1000;
const KILL_AFTER = 250;
const SECRET_KEY = 'kill-test-secret-key';

let receiver: Receiver;
let dir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  receiver = await startReceiver({ delayMs: 2 });
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `agora_kill_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    databaseUrl = url.toString();
    dropDatabase = async () => {
      const c = new pg.Client({ connectionString: serverUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    };
  } else {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-hook-kill-'));
  }
});

afterAll(async () => {
  await receiver.close();
  await dropDatabase();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const open = (): Promise<DatabaseHandle> =>
  openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dir!, 'db') });

it('delivers every committed event of a burst at least once after the server is killed with SIGKILL', async () => {
  let handle = await open();
  await bootstrap(handle.db, { adminEmail: 'admin@agora.test', adminPassword: 'correct-horse-battery' });
  const stackId = (await stackBySlug(handle.db, 'demo')).id;
  const box = createSecretBox(SECRET_KEY);
  const now = new Date();
  const endpoint = await repo.insertEndpoint(handle.db, {
    stack_id: stackId,
    target: receiver.url,
    description: 'kill test',
    is_active: true,
    ssl_cert_verification: true,
    secret_sealed: box.seal(newSigningSecret()),
    created_at: now,
    updated_at: now,
  });
  await repo.replaceSubscriptions(handle.db, stackId, endpoint.id, ['post.created'], now);
  await setEventInterests(handle.db, stackId, ['post.created']);
  if (!databaseUrl) await handle.close(); // PGlite: one process at a time holds the directory

  const child = fork(path.join(import.meta.dirname, 'webhook-worker.fixture.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...(databaseUrl ? { KILL_DATABASE_URL: databaseUrl } : { KILL_PGLITE_DIR: path.join(dir!, 'db') }),
      KILL_STACK_ID: String(stackId),
      KILL_EVENTS: String(EVENTS),
      KILL_SECRET_KEY: SECRET_KEY,
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (receiver.received.length >= KILL_AFTER) {
        clearInterval(timer);
        child.kill('SIGKILL');
        resolve();
      }
    }, 1);
    child.on('exit', () => {
      clearInterval(timer);
      if (receiver.received.length < KILL_AFTER)
        reject(new Error('the server ended before it could be killed'));
    });
  });
  expect(await exited).toBe('SIGKILL');
  const atKill = receiver.received.length;

  // The restart: a new worker (another id) takes the events and claims the dead one left.
  if (!databaseUrl) handle = await open();
  const committed = await handle.db
    .selectFrom('events')
    .select(['id', 'data'])
    .where('stack_id', '=', stackId)
    .execute();
  // The kill came mid-burst: events were still being recorded, or still waiting to be sent.
  expect(committed.length).toBeGreaterThan(0);
  const restarted = createWebhookDelivery(
    { db: handle.db, clock: systemClock, secretBox: box, config: { webhooksAllowPrivate: true } },
    { workerId: 'restarted-worker', claimStaleMs: 0 },
  );
  await restarted.pump();
  expect(receiver.received.length).toBeGreaterThan(atKill);

  const delivered = new Set(receiver.events().map((e) => e.event_id));
  const missing = committed.filter((e) => !delivered.has(e.id));
  expect(missing).toEqual([]);
  const committedIds = new Set(committed.map((e) => e.id));
  for (const event of receiver.events()) {
    expect(committedIds.has(event.event_id)).toBe(true);
    expect(event.data.rolledBack).toBe(false);
  }
  // Every tenth transaction rolled back: exactly the other nine in ten can have been committed.
  expect(committed.every((e) => (e.data as { n: number }).n % 10 !== 9)).toBe(true);
  const left = await handle.db
    .selectFrom('webhook_deliveries')
    .select('status')
    .where('status', '!=', 'succeeded')
    .execute();
  expect(left).toEqual([]);
  await handle.close();
}, 180_000);
