import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../apps/server/src/platform/db/database.ts';
import { startS3Server, type TestS3Server } from '../apps/server/src/test-support/s3-server.ts';
import { addStaff, createAccount, stackBySlug } from '../apps/server/src/test-support/fixtures.ts';
import '../apps/server/src/platform/jobs/jobs.tables.ts';
import '../apps/server/src/platform/events/events.tables.ts';
import '../apps/server/src/modules/webhooks/webhooks.tables.ts';
import { pollUntil, startAgora, waitReady, type AgoraProcess } from './agora-process.ts';
import { BACKEND_HEADER, startRoundRobinProxy, type RoundRobinProxy } from './round-robin-proxy.ts';
import { startWebhookCounter, type WebhookCounter } from './webhook-counter.ts';

/*
 * Issue 17 §4: Agora as an operator deploys it beyond one process. PostgreSQL with PgBouncer in
 * transaction mode in front (scripts/test-cluster.sh starts both and passes DATABASE_URL, through
 * PgBouncer, and AGORA_DATABASE_DIRECT_URL), an S3 protocol server (s3rver), two web processes and
 * one worker started at the same moment on the fresh database, and a round-robin proxy in front of
 * the two web processes. Everything listens on 127.0.0.1.
 *
 * The jobs counted are the product's own: every `dynamic_preference.updated` event a console write
 * records queues one `events.published` job in the same transaction (the outbox, ADR 0027), and the
 * webhooks module's handler delivers the waiting events to a subscribed endpoint — here a counting
 * receiver in this test.
 */

const DATABASE_URL = process.env.DATABASE_URL;
const DIRECT_URL = process.env.AGORA_DATABASE_DIRECT_URL;
if (!DATABASE_URL || !DIRECT_URL)
  throw new Error('Run with `npm run test:cluster`: it starts PostgreSQL and PgBouncer and sets both URLs.');

const ADMIN_PASSWORD = 'cluster-admin-password-1';
const EVENTS = 1000;
/** Preferences written by one console call: one event (and one job) each. */
const PER_CALL = 10;
/** Console calls in flight at once while the events are caused. */
const CALLS_AT_ONCE = 4;
/** Within this much of a write's answer, every web process acts on it (issue 17 §2). */
const SEEN_WITHIN_MS = 1000;
/** The job queue's lease (ADR 0032: 60 s) plus time for the next poll and the delivery. */
const AFTER_LEASE_MS = 100_000;

const names = [
  'application_name',
  'application_slogan1',
  'application_slogan2',
  'application_copyright',
  'errorpages_title',
  'errorpages_subtitle',
  'staff_badge_label',
  'custom_navbar_item_text',
  'colorprimary',
  'colorsecondary',
];

let db: DatabaseHandle;
let s3: TestS3Server;
let counter: WebhookCounter;
let proxy: RoundRobinProxy;
let webs: AgoraProcess[] = [];
let worker: AgoraProcess;
let env: Record<string, string>;
const dataDirs: string[] = [];
const started: AgoraProcess[] = [];

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function newDataDir(name: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `agora-cluster-${name}-`));
  dataDirs.push(dir);
  return dir;
}

async function launch(name: string, role: 'web' | 'worker'): Promise<AgoraProcess> {
  const p = startAgora(name, role, await freePort(), { ...env, DATA_DIR: newDataDir(name) });
  started.push(p);
  return p;
}

/** The prefix of `locked_by` / `claimed_by` written by a process (`host:pid:random`). */
const holderPrefix = (p: AgoraProcess) => `${os.hostname()}:${p.pid}:`;

interface Answer {
  status: number;
  backend: string | null;
  json: Record<string, unknown>;
  body: Buffer;
}

async function call(
  base: string,
  method: string,
  url: string,
  options: {
    token?: string;
    json?: unknown;
    form?: Record<string, string>;
    raw?: Buffer;
    type?: string;
  } = {},
): Promise<Answer> {
  const headers: Record<string, string> = {};
  let body: BodyInit | undefined;
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    body = new URLSearchParams(options.form).toString();
  } else if (options.raw) {
    headers['content-type'] = options.type ?? 'application/octet-stream';
    body = new Uint8Array(options.raw);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body, signal: AbortSignal.timeout(30_000) });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json: Record<string, unknown> = {};
  if ((res.headers.get('content-type') ?? '').includes('json')) json = JSON.parse(bytes.toString('utf8'));
  return { status: res.status, backend: res.headers.get(BACKEND_HEADER), json, body: bytes };
}

async function signIn(base: string, username: string, password: string) {
  const res = await call(base, 'POST', '/platform/api/v1/auth/signin/', { form: { username, password } });
  expect(res.status, res.body.toString()).toBe(200);
  const token = (res.json.data as { token: { access_token: string; client_id: string } }).token;
  return { access: token.access_token, clientId: token.client_id, backend: res.backend };
}

/** Causes `EVENTS` events through the proxy: console writes of `PER_CALL` preferences each. */
async function causeEvents(round: string, token: string): Promise<void> {
  let next = 0;
  const calls = EVENTS / PER_CALL;
  const lane = async () => {
    while (next < calls) {
      const n = next;
      next += 1;
      const hex = (n % 256).toString(16).padStart(2, '0');
      const body = Object.fromEntries(
        names.map((name) => [name, name.startsWith('color') ? `#3d${hex}99` : `${round} ${n}`]),
      );
      const res = await call(proxy.url, 'POST', '/c/demo/platform/api/v1/dynamic_preference/update_multi/', {
        token,
        json: body,
      });
      if (res.status !== 200) throw new Error(`update_multi ${n}: ${res.status} ${res.body.toString()}`);
    }
  };
  await Promise.all(Array.from({ length: CALLS_AT_ONCE }, lane));
}

/** The `events.published` jobs queued after `afterId`. */
function jobsAfter(afterId: number) {
  return db.db
    .selectFrom('jobs')
    .select(['id', 'attempts', 'finished_at', 'failed_at', 'locked_by'])
    .where('kind', '=', 'events.published')
    .where('id', '>', afterId)
    .execute();
}

async function maxId(table: 'jobs' | 'events'): Promise<number> {
  const row = await db.db
    .selectFrom(table)
    .select(sql<number>`coalesce(max(id), 0)`.as('id'))
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

/** Who holds jobs and deliveries right now (`host:pid:random` of the holding process). */
async function holders(): Promise<string[]> {
  const result = await sql<{ holder: string }>`
    SELECT locked_by AS holder FROM jobs WHERE locked_by IS NOT NULL
    UNION SELECT claimed_by FROM webhook_deliveries WHERE claimed_by IS NOT NULL
  `.execute(db.db);
  return result.rows.map((r) => r.holder);
}

/** Samples the holders until `stop` is called; answers every holder seen. */
function watchHolders() {
  const seen = new Set<string>();
  let running = true;
  const loop = (async () => {
    while (running) {
      for (const holder of await holders()) seen.add(holder);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  })();
  const watch = {
    async stop() {
      running = false;
      await loop;
      return [...seen];
    },
  };
  watching.push(watch);
  return watch;
}
/** Watches still running when a step failed: stopped before the database is closed. */
const watching: { stop(): Promise<string[]> }[] = [];

let endpointId = 0;
let adminToken = '';

beforeAll(async () => {
  s3 = await startS3Server();
  counter = await startWebhookCounter();
  const proxyPort = await freePort();
  env = {
    DATABASE_URL: DATABASE_URL!,
    AGORA_DATABASE_DIRECT_URL: DIRECT_URL!,
    ...s3.env,
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    AGORA_ADMIN_EMAIL: 'admin@cluster.test',
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    AGORA_SECRET_KEY: 'cluster-test-secret-key-0123456789abcdef',
    AGORA_WEBHOOKS_ALLOW_PRIVATE: '1',
    LOG_LEVEL: 'warn',
  };
  // The same moment: all three are spawned before any is waited for.
  const [web0, web1, w] = await Promise.all([
    launch('web0', 'web'),
    launch('web1', 'web'),
    launch('worker', 'worker'),
  ]);
  webs = [web0!, web1!];
  worker = w!;
  await Promise.all([...webs, worker].map((p) => waitReady(p, 90_000)));
  proxy = await startRoundRobinProxy(
    webs.map((p) => p.url),
    proxyPort,
  );
  db = await openDatabase({ databaseUrl: DIRECT_URL! });
}, 120_000);

afterAll(async () => {
  for (const watch of watching) await watch.stop().catch(() => []);
  await proxy?.close();
  await Promise.all(started.map((p) => p.stop()));
  await db?.close();
  await counter?.close();
  await s3?.close();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
}, 60_000);

describe('two web processes and a worker on one PostgreSQL behind PgBouncer', () => {
  it('all started at the same moment on a fresh database come up, and exactly one seeded it', async () => {
    for (const p of [...webs, worker]) {
      expect((await fetch(`${p.url}/readyz`)).status).toBe(200);
      expect((await fetch(`${p.url}/healthz`)).status).toBe(200);
    }
    const accounts = await db.db.selectFrom('accounts').select('username').execute();
    expect(accounts.map((a) => a.username)).toEqual(['admin']);
    const stacks = await db.db.selectFrom('stacks').select('slug').execute();
    expect(stacks.map((s) => s.slug)).toEqual(['demo']);
    // A worker serves no API, only its health.
    expect((await fetch(`${worker.url}/platform/api/v1/stacks/`)).status).toBe(404);
  });

  it('signs in on one web process and is served by the other', async () => {
    const admin = await signIn(proxy.url, 'admin', ADMIN_PASSWORD);
    adminToken = admin.access;
    const next = await call(proxy.url, 'GET', '/platform/api/v1/stacks/', { token: admin.access });
    expect(next.status).toBe(200);
    expect(next.backend).not.toBe(admin.backend);
    for (const p of webs)
      expect((await call(p.url, 'GET', '/platform/api/v1/stacks/', { token: admin.access })).status).toBe(
        200,
      );
  });

  it('a sign-out is seen by both web processes within one second', async () => {
    const session = await signIn(webs[1]!.url, 'admin', ADMIN_PASSWORD);
    for (const p of webs)
      expect((await call(p.url, 'GET', '/platform/api/v1/stacks/', { token: session.access })).status).toBe(
        200,
      );
    const revoked = await call(webs[0]!.url, 'POST', '/oauth/revoke_token/', {
      form: { token: session.access, client_id: session.clientId },
    });
    expect(revoked.status).toBe(200);
    for (const p of webs) {
      const took = await pollUntil(
        `${p.name} refuses the revoked token`,
        async () =>
          (await call(p.url, 'GET', '/platform/api/v1/stacks/', { token: session.access })).status === 401,
        SEEN_WITHIN_MS,
      );
      expect(took).toBeLessThanOrEqual(SEEN_WITHIN_MS);
    }
  });

  it('a staff role removed through one web process is refused by both within one second', async () => {
    const demoId = (await stackBySlug(db.db, 'demo')).id;
    await addStaff(db.db, demoId, await createAccount(db.db, 'ed', 'editor-password-1'), 'ed', 'editor');
    const ed = await signIn(webs[0]!.url, 'ed', 'editor-password-1');
    const search = (p: AgoraProcess) =>
      call(p.url, 'GET', '/c/demo/platform/api/v1/users/search/?username=a', { token: ed.access });
    for (const p of webs) expect((await search(p)).status).toBe(200);

    const removed = await call(webs[1]!.url, 'POST', '/c/demo/platform/api/v1/users/remove_staff/', {
      token: adminToken,
      form: { username: 'ed' },
    });
    expect(removed.status, removed.body.toString()).toBe(200);
    for (const p of webs) {
      const took = await pollUntil(
        `${p.name} refuses the former editor`,
        async () => [403, 404].includes((await search(p)).status),
        SEEN_WITHIN_MS,
      );
      expect(took).toBeLessThanOrEqual(SEEN_WITHIN_MS);
    }
  });

  it('an image uploaded through one web process is served by both, and nothing is on local disk', async () => {
    const png = await sharp({
      create: { width: 320, height: 80, channels: 3, background: { r: 61, g: 153, b: 153 } },
    })
      .png()
      .toBuffer();
    const B = 'agora-cluster-boundary';
    const upload = await call(
      webs[0]!.url,
      'POST',
      '/c/demo/platform/api/v1/dynamic_preference/upload_image/',
      {
        token: adminToken,
        type: `multipart/form-data; boundary=${B}`,
        raw: Buffer.concat([
          Buffer.from(
            `--${B}\r\nContent-Disposition: form-data; name="name"\r\n\r\nnavbar_logo\r\n` +
              `--${B}\r\nContent-Disposition: form-data; name="file"; filename="logo.png"\r\n` +
              'Content-Type: image/png\r\n\r\n',
          ),
          png,
          Buffer.from(`\r\n--${B}--\r\n`),
        ]),
      },
    );
    expect(upload.status, upload.body.toString()).toBe(200);
    const address = new URL((upload.json.data as { image: { url: string } }).image.url).pathname;
    expect(address).toMatch(/^\/c\/demo\/media\/[0-9a-f]{32}\/original\.png$/);

    const served = await Promise.all(webs.map((p) => call(p.url, 'GET', address)));
    for (const res of served) expect(res.status).toBe(200);
    expect(served[0]!.body.length).toBeGreaterThan(0);
    expect(served[1]!.body.equals(served[0]!.body)).toBe(true);
    // A variant made on demand by one process is served by the other.
    const variant = address.replace('original.png', 'h60.webp');
    const first = await call(webs[1]!.url, 'GET', variant);
    const second = await call(webs[0]!.url, 'GET', variant);
    expect([first.status, second.status]).toEqual([200, 200]);
    expect(second.body.equals(first.body)).toBe(true);

    const files = dataDirs.flatMap((dir) =>
      fs.readdirSync(dir, { recursive: true }).map((f) => path.join(dir, String(f))),
    );
    expect(files.filter((f) => /uploads|media|\.(png|webp|jpe?g)$/.test(f))).toEqual([]);
  });

  it('1,000 jobs each run exactly once, by the worker only', async () => {
    const demoId = (await stackBySlug(db.db, 'demo')).id;
    const flag = await call(proxy.url, 'POST', `/platform/api/v1/stacks/${demoId}/features/`, {
      token: adminToken,
      json: { name: 'webhook', enabled: true },
    });
    expect(flag.status, flag.body.toString()).toBe(200);
    const added = await call(proxy.url, 'POST', '/c/demo/platform/api/v1/webhooks/endpoints/add/', {
      token: adminToken,
      json: { target: counter.url, events: [{ type: 'dynamic_preference.updated' }] },
    });
    expect(added.status, added.body.toString()).toBe(200);
    endpointId = (added.json.data as { id: number }).id;

    const jobsBefore = await maxId('jobs');
    const eventsBefore = await maxId('events');
    const watch = watchHolders();
    await causeEvents('first', adminToken);
    await pollUntil('1,000 events received', () => counter.distinct() >= EVENTS, 60_000, 50);
    await pollUntil(
      '1,000 jobs finished',
      async () => (await jobsAfter(jobsBefore)).filter((j) => j.finished_at).length >= EVENTS,
      60_000,
      100,
    );
    const seen = await watch.stop();

    // Once: each job was claimed once (`attempts` counts the claims) and finished; each event was
    // delivered in one request, and each has one delivery row, succeeded.
    const jobs = await jobsAfter(jobsBefore);
    expect(jobs).toHaveLength(EVENTS);
    expect(jobs.filter((j) => j.attempts !== 1 || !j.finished_at || j.failed_at)).toEqual([]);
    const events = await db.db.selectFrom('events').select('id').where('id', '>', eventsBefore).execute();
    expect(events).toHaveLength(EVENTS);
    expect(events.filter((e) => counter.times.get(Number(e.id)) !== 1)).toEqual([]);
    expect(counter.requests()).toBe(EVENTS);
    expect(counter.duplicates()).toEqual([]);
    const rows = await db.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status'])
      .where('endpoint_id', '=', endpointId)
      .execute();
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(EVENTS);
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
    // Only the worker held a job or a delivery (web processes run none).
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.filter((holder) => !holder.startsWith(holderPrefix(worker)))).toEqual([]);
  }, 150_000);

  it('with the worker killed by SIGKILL mid-way and started again: every event delivered, each kept once', async () => {
    counter.reset();
    const jobsBefore = await maxId('jobs');
    const eventsBefore = await maxId('events');
    const caused = causeEvents('second', adminToken);
    await pollUntil('a third of the events received', () => counter.distinct() >= EVENTS / 3, 60_000, 5);
    const doomed = worker;
    expect(await doomed.kill9()).toBe('SIGKILL');
    // A request the dead worker had fully written may still be read by the receiver just after.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const receivedAtKill = counter.requests();
    // What the dead worker held: jobs and deliveries claimed, maybe sent, never recorded.
    const heldJobs = await db.db
      .selectFrom('jobs')
      .select('id')
      .where('locked_by', 'like', `${holderPrefix(doomed)}%`)
      .execute();
    const heldDeliveries = await db.db
      .selectFrom('webhook_deliveries')
      .select('event_id')
      .where('claimed_by', 'like', `${holderPrefix(doomed)}%`)
      .execute();

    // With no worker, the web processes run nothing: no job finishes, nothing is sent.
    const finishedAtKill = (await jobsAfter(jobsBefore)).filter((j) => j.finished_at).length;
    await caused;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(counter.requests()).toBe(receivedAtKill);
    expect((await jobsAfter(jobsBefore)).filter((j) => j.finished_at).length).toBe(finishedAtKill);

    const killedAt = Date.now();
    worker = await launch('worker-restarted', 'worker');
    await waitReady(worker, 60_000);
    const watch = watchHolders();
    await pollUntil('every event received', () => counter.distinct() >= EVENTS, AFTER_LEASE_MS, 100);
    await pollUntil(
      'every job finished',
      async () => (await jobsAfter(jobsBefore)).filter((j) => j.finished_at).length >= EVENTS,
      AFTER_LEASE_MS,
      100,
    );
    // The deliveries the dead worker held are taken again when their claim is stale (60 s).
    await pollUntil(
      "the dead worker's deliveries recorded",
      async () =>
        (await db.db
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('status', '!=', 'succeeded')
          .executeTakeFirst()) === undefined,
      AFTER_LEASE_MS,
      100,
    );
    const seen = await watch.stop();
    console.log(
      `kill -9 after ${receivedAtKill} requests: the dead worker held jobs ${JSON.stringify(heldJobs.map((j) => Number(j.id)))} ` +
        `and ${heldDeliveries.length} deliveries; all delivered ${Date.now() - killedAt} ms after the kill, ` +
        `${counter.requests()} requests for ${counter.distinct()} events, ${counter.duplicates().length} sent twice`,
    );

    // At least once: every committed event reached the receiver.
    const events = await db.db.selectFrom('events').select('id').where('id', '>', eventsBefore).execute();
    expect(events).toHaveLength(EVENTS);
    expect(events.filter((e) => !counter.times.has(Number(e.id)))).toEqual([]);
    // Once, as the product keeps it: one delivery row per event, succeeded; an event sent twice is
    // one the dead worker had claimed (sent, but its outcome never written) and it came again with
    // the same `webhook-id`, the Standard Webhooks key a receiver dedupes on: one effect.
    const rows = await db.db
      .selectFrom('webhook_deliveries')
      .select(['event_id', 'status'])
      .where('endpoint_id', '=', endpointId)
      .where('event_id', '>', eventsBefore)
      .execute();
    expect(rows).toHaveLength(EVENTS);
    expect(new Set(rows.map((r) => r.event_id)).size).toBe(EVENTS);
    expect(rows.filter((r) => r.status !== 'succeeded')).toEqual([]);
    const inFlight = new Set(heldDeliveries.map((d) => Number(d.event_id)));
    expect(counter.duplicates().filter((id) => !inFlight.has(id))).toEqual([]);
    expect([...counter.messageIds.values()].filter((ids) => ids.size !== 1)).toEqual([]);
    // Jobs: each finished once; only the one the dead worker held ran a second time, after its lease.
    const jobs = await jobsAfter(jobsBefore);
    expect(jobs).toHaveLength(EVENTS);
    expect(jobs.filter((j) => !j.finished_at || j.failed_at)).toEqual([]);
    const held = new Set(heldJobs.map((j) => Number(j.id)));
    expect(jobs.filter((j) => j.attempts !== 1 && !held.has(Number(j.id)))).toEqual([]);
    // Holders seen: the new worker, and the dead one's marks until they went stale.
    expect(
      seen.filter((h) => !h.startsWith(holderPrefix(worker)) && !h.startsWith(holderPrefix(doomed))),
    ).toEqual([]);
  }, 200_000);

  it('no process logged an error (a statement PgBouncer refused would show here)', () => {
    const errors = started.flatMap((p) =>
      p
        .output()
        .split('\n')
        .filter((line) => /"level":(50|60)/.test(line) || /^Agora could not start/.test(line))
        .map((line) => `${p.name}: ${line.slice(0, 500)}`),
    );
    expect(errors).toEqual([]);
  });
});
