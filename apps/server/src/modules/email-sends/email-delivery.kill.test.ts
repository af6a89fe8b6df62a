import { fork } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { simpleParser } from 'mailparser';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../platform/db/database.ts';
import { systemClock } from '../../platform/clock.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import { createMailer } from '../../platform/mail/mailer.ts';
import { bootstrap } from '../../seed/bootstrap.ts';
import { stackBySlug } from '../../test-support/fixtures.ts';
import { createEmailDelivery } from './email-delivery.ts';
import { createEmailSendsService } from './email-sends.service.ts';

/*
 * ADR 0024's proof: a task is started, its worker (a child process) is killed with SIGKILL while
 * messages are in flight, a new worker resumes it, and every recipient has exactly one email at the
 * SMTP peer. The peer answers each message a little late, so that at the kill some rows are claimed
 * but not handed over (sent again after the restart) and some are handed over (never sent again).
 */

const RECIPIENTS = 120;
const KILL_AFTER = 40;

interface Received {
  to: string;
  raw: string;
}

let server: SMTPServer;
let port: number;
const received: Received[] = [];
// The SIGKILL drops the worker's open SMTP connections: the server sees them reset.
const connectionErrors: NodeJS.ErrnoException[] = [];
let dir: string | undefined;
let databaseUrl: string | undefined;
let dropDatabase = async () => {};

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        // Accepted once the final dot arrived; the 250 follows a little later.
        received.push({
          to: session.envelope.rcptTo[0]!.address,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        setTimeout(() => callback(), 15);
      });
    },
  });
  server.on('error', (error: NodeJS.ErrnoException) => connectionErrors.push(error));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  port = (server.server.address() as AddressInfo).port;
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
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-kill-'));
  }
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await dropDatabase();
  if (dir) await rm(dir, { recursive: true, force: true });
});

const open = (): Promise<DatabaseHandle> =>
  openDatabase(databaseUrl ? { databaseUrl } : { pgliteDir: path.join(dir!, 'db') });

const noJobs = { enqueue: async () => 0 } as unknown as JobQueue;

it('resumes a task after its worker is killed with SIGKILL: every recipient gets exactly one email', async () => {
  // A task of RECIPIENTS members, queued as the console's send customised does.
  let handle = await open();
  await bootstrap(handle.db, { adminEmail: 'admin@agora.test', adminPassword: 'correct-horse-battery' });
  const stackId = (await stackBySlug(handle.db, 'demo')).id;
  const members = await handle.db
    .insertInto('community_users')
    .values(
      Array.from({ length: RECIPIENTS }, (_, i) => ({
        stack_id: stackId,
        username: `m${i}`,
        email: `m${i}@members.test`,
        status: 'active',
      })),
    )
    .returning('id')
    .execute();
  const ids = members.map((m) => m.id);
  const service = createEmailSendsService({ db: handle.db, clock: systemClock, jobs: noJobs });
  await handle.db
    .insertInto('mail_servers')
    .values({
      stack_id: stackId,
      host: '127.0.0.1',
      port,
      use_tls: false,
      use_ssl: false,
      username: '',
      sender: 'custom',
      from_email: 'news@agora.test',
      from_name: 'News',
      updated_at: new Date(),
    })
    .execute();
  const task = await service.sendCustomised(
    stackId,
    { userId: 1, username: 'admin' },
    { subject: 'Kill test', html: '<p>Once only</p>', user_ids: ids },
  );
  if (!databaseUrl) await handle.close(); // PGlite: one process at a time holds the directory

  // The worker, in its own process, killed with SIGKILL once KILL_AFTER messages have arrived.
  const child = fork(path.join(import.meta.dirname, 'email-delivery-worker.fixture.ts'), [], {
    execArgv: ['--import', 'tsx'],
    env: {
      ...process.env,
      ...(databaseUrl ? { KILL_DATABASE_URL: databaseUrl } : { KILL_PGLITE_DIR: path.join(dir!, 'db') }),
      KILL_SMTP_URL: `smtp://127.0.0.1:${port}`,
      KILL_STACK_ID: String(stackId),
      KILL_TASK_ID: String(task.id),
    },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = new Promise<NodeJS.Signals | null>((resolve) =>
    child.on('exit', (_code, signal) => resolve(signal)),
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setInterval(() => {
      if (received.length >= KILL_AFTER) {
        clearInterval(timer);
        child.kill('SIGKILL');
        resolve();
      }
    }, 1);
    child.on('exit', () => {
      clearInterval(timer);
      if (received.length < KILL_AFTER) reject(new Error('the worker ended before it could be killed'));
    });
  });
  expect(await exited).toBe('SIGKILL');
  const atKill = received.length;
  expect(atKill).toBeLessThan(RECIPIENTS);

  // The restart: a new worker (another id) finds the rows the dead one left `sending`.
  if (!databaseUrl) handle = await open();
  const left = await handle.db
    .selectFrom('email_deliveries')
    .select(['status', 'handed_over_at'])
    .where('task_id', '=', task.id)
    .where('status', '=', 'sending')
    .execute();
  // Some rows were in flight at the kill: the ambiguous case this test exists for.
  expect(left.length).toBeGreaterThan(0);
  const mailer = createMailer({
    db: handle.db,
    config: { smtpUrl: undefined, mailFrom: 'x@agora.test', smtpAllowPrivate: true, smtpAllowedHosts: [] },
    customSender: async () => ({
      host: '127.0.0.1',
      port,
      use_tls: false,
      use_ssl: false,
      username: '',
      password: '',
      from_email: 'news@agora.test',
      from_name: 'News',
    }),
  });
  const restarted = createEmailDelivery(
    { db: handle.db, clock: systemClock, mailer },
    { workerId: 'restarted-worker', claimStaleMs: 0 },
  );
  await restarted.deliverTask(stackId, task.id);

  // Every recipient exactly once, each with its delivery's own Message-ID.
  const perRecipient = new Map<string, number>();
  for (const mail of received) perRecipient.set(mail.to, (perRecipient.get(mail.to) ?? 0) + 1);
  expect(perRecipient.size).toBe(RECIPIENTS);
  expect([...perRecipient.values()].every((n) => n === 1)).toBe(true);
  const rows = await handle.db
    .selectFrom('email_deliveries')
    .select(['email', 'message_id', 'status', 'attempts'])
    .where('task_id', '=', task.id)
    .execute();
  const idOf = new Map(rows.map((r) => [r.email, r.message_id]));
  for (const mail of received) {
    const parsed = await simpleParser(mail.raw);
    expect(parsed.messageId).toBe(idOf.get(mail.to));
    expect(parsed.subject).toBe('Kill test');
  }
  expect(rows.every((r) => r.status === 'sent')).toBe(true);
  const finished = await handle.db
    .selectFrom('email_send_tasks')
    .select('status')
    .where('id', '=', task.id)
    .executeTakeFirstOrThrow();
  expect(finished.status).toBe('done');
  // The only trouble the SMTP peer saw was the dead worker's connections being reset.
  expect(connectionErrors.filter((e) => e.code !== 'ECONNRESET' && e.code !== 'EPIPE')).toEqual([]);
  await handle.close();
}, 120_000);
