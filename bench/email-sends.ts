/**
 * Email sending benchmark (issue 14 §6; ADR 0024; timings live here, never in tests). Queues one
 * customised email to 10,000 members (the service's send: one transaction of delivery rows) and times
 * its delivery by the real worker (`createEmailDelivery().deliverTask`: claims committed before each
 * SMTP call, each hand-over committed before its final dot, then the 'sent' marks) to a local
 * `smtp-server` — beside the baseline measured in the same run: raw nodemailer pooled sends of the
 * same number of messages, composed the same way, to the same peer with the same connections and
 * nothing recorded. Target: ≥ 200 emails per second.
 *
 * Databases: PGlite in a temporary directory, then PostgreSQL — BENCH_DATABASE_URL's server (a fresh
 * database created and dropped) or a throw-away cluster (bench/throwaway-postgres.ts);
 * BENCH_POSTGRES=off skips it, BENCH_PGLITE=off skips PGlite. Settings: BENCH_EMAILS (10000).
 */
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import nodemailer from 'nodemailer';
import { SMTPServer } from 'smtp-server';
import { systemClock } from '../apps/server/src/platform/clock.ts';
import type { JobQueue } from '../apps/server/src/platform/jobs/job-queue.ts';
import { createMailer } from '../apps/server/src/platform/mail/mailer.ts';
import { customisedContent } from '../apps/server/src/modules/email-sends/email-content.ts';
import {
  createEmailDelivery,
  DELIVERY_CONCURRENCY,
} from '../apps/server/src/modules/email-sends/email-delivery.ts';
import { createEmailSendsService } from '../apps/server/src/modules/email-sends/email-sends.service.ts';
import { bootstrapDemo } from './bench-community.ts';
import { integerSetting, onEachDatabase, type BenchDatabase } from './bench-databases.ts';

const EMAILS = integerSetting('BENCH_EMAILS', 10_000);
const TARGET_PER_SECOND = 200;
const SUBJECT = 'News of the week from the bench community';
const HTML = '<p>Hello,</p><p>this is the weekly news of the community, with a few lines of text.</p>';

/** A local SMTP peer that accepts every message and counts them. */
async function startPeer(): Promise<{ port: number; count: () => number; close: () => Promise<void> }> {
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    onData(stream, _session, callback) {
      stream.resume();
      stream.on('end', () => {
        received += 1;
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    count: () => received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const perSecond = (count: number, ms: number) => (count / ms) * 1000;

/** The baseline: the same messages through one pooled nodemailer transport, nothing recorded. */
async function rawNodemailer(port: number): Promise<number> {
  const transport = nodemailer.createTransport({
    host: '127.0.0.1',
    port,
    secure: false,
    ignoreTLS: true,
    pool: true,
    maxConnections: DELIVERY_CONCURRENCY,
    maxMessages: Infinity,
  });
  const content = customisedContent({ subject: SUBJECT, html: HTML });
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
      while (next < EMAILS) {
        const i = next++;
        await transport.sendMail({
          from: 'News <news@bench.test>',
          to: `m${i}@members.test`,
          subject: content.subject,
          text: content.text,
          html: content.html,
          messageId: `<baseline.${i}@bench.test>`,
        });
      }
    }),
  );
  const ms = performance.now() - started;
  transport.close();
  return ms;
}

async function measure(database: BenchDatabase): Promise<void> {
  const peer = await startPeer();
  const handle = await database.open();
  try {
    const stackId = await bootstrapDemo(handle);
    const ids: number[] = [];
    for (let i = 0; i < EMAILS; i += 1000) {
      const rows = await handle.db
        .insertInto('community_users')
        .values(
          Array.from({ length: Math.min(1000, EMAILS - i) }, (_, j) => ({
            stack_id: stackId,
            username: `m${i + j}`,
            email: `m${i + j}@members.test`,
            status: 'active',
          })),
        )
        .returning('id')
        .execute();
      ids.push(...rows.map((r) => r.id));
    }
    // The community's own server: no daily quota (as a community sending 10,000 emails would have).
    await handle.db
      .insertInto('mail_servers')
      .values({
        stack_id: stackId,
        host: '127.0.0.1',
        port: peer.port,
        use_tls: false,
        use_ssl: false,
        username: '',
        sender: 'custom',
        from_email: 'news@bench.test',
        from_name: 'News',
        updated_at: new Date(),
      })
      .execute();
    const mailer = createMailer({
      db: handle.db,
      config: { smtpUrl: undefined, mailFrom: 'x@bench.test', smtpAllowPrivate: true, smtpAllowedHosts: [] },
      customSender: async () => ({
        host: '127.0.0.1',
        port: peer.port,
        use_tls: false,
        use_ssl: false,
        username: '',
        password: '',
        from_email: 'news@bench.test',
        from_name: 'News',
      }),
    });
    const noJobs = { enqueue: async () => 0 } as unknown as JobQueue;
    const service = createEmailSendsService({ db: handle.db, clock: systemClock, jobs: noJobs });

    const baselineMs = await rawNodemailer(peer.port);
    const atBaseline = peer.count();

    const queuedAt = performance.now();
    const task = await service.sendCustomised(
      stackId,
      { userId: 1, username: 'admin' },
      { subject: SUBJECT, html: HTML, user_ids: ids },
    );
    const queueMs = performance.now() - queuedAt;
    const delivery = createEmailDelivery({ db: handle.db, clock: systemClock, mailer });
    const started = performance.now();
    await delivery.deliverTask(stackId, task.id);
    const deliverMs = performance.now() - started;
    const result = await service.get(stackId, task.id);
    const arrived = peer.count() - atBaseline;
    if (result.status !== 'done' || result.sent !== EMAILS || arrived !== EMAILS) {
      throw new Error(`delivery incomplete: ${JSON.stringify(result)}, ${arrived} arrived at the peer`);
    }

    const rate = perSecond(EMAILS, deliverMs);
    const baseline = perSecond(EMAILS, baselineMs);
    const line = (name: string, ms: number, count: number) =>
      `  ${name.padEnd(48)} ${ms.toFixed(0).padStart(7)} ms  ${perSecond(count, ms).toFixed(0).padStart(6)} emails/s`;
    console.log(
      line(`send task, ${EMAILS.toLocaleString('en')} emails (worker, recorded)`, deliverMs, EMAILS),
    );
    console.log(line('baseline: raw nodemailer pooled sends', baselineMs, EMAILS));
    console.log(`  queueing the task (one transaction of delivery rows): ${queueMs.toFixed(0)} ms`);
    console.log(`  ratio to the baseline ${(rate / baseline).toFixed(2)}`);
    console.log(
      `  target ≥ ${TARGET_PER_SECOND} emails/s: ${rate >= TARGET_PER_SECOND ? 'met' : 'NOT met'} (${rate.toFixed(0)}/s)`,
    );
  } finally {
    await handle.close();
    await peer.close();
  }
}

console.log(
  `\nEmail sending: ${EMAILS.toLocaleString('en')} emails to a local SMTP peer, ${DELIVERY_CONCURRENCY} connections; ` +
    `Node ${process.version}, ${os.cpus().length} CPUs`,
);
await onEachDatabase('email-sends', measure);
console.log(
  "\nratio = the worker's emails per second / raw nodemailer's to the same peer in the same run. " +
    'Compare ratios, not absolute numbers.',
);
