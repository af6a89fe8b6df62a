import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import { openMailSession, type MailSession } from '../../platform/mail/mailer.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { communityLanguage, recipientLocales, renderEmail } from '../email-manager/email-manager.service.ts';
import { customisedContent, SEND_TEMPLATE_EMAIL, type EmailContent } from './email-content.ts';
import * as repo from './email-sends.repository.ts';

/** The job kind that delivers one sending task. */
export const EMAIL_SEND_JOB = 'email-sends.deliver';

/**
 * Rows claimed (and committed as `sending`) by one statement, and how many messages are in flight
 * together (the SMTP session's connections). Lanes take claimed rows as they free up; the next claim
 * is made when the claimed rows run out.
 */
export const DELIVERY_BATCH = 200;
export const DELIVERY_CONCURRENCY = 20;
/**
 * Hand-overs wait up to a few milliseconds to share one statement (each one's final dot waits for
 * it); outcomes gather longer, since nothing waits for them but the end of the round.
 */
const HAND_OVER_GROUP = { max: DELIVERY_CONCURRENCY, waitMs: 4 };
const OUTCOME_GROUP = { max: DELIVERY_BATCH, waitMs: 100 };
/** A transient failure (network, 4xx) is tried again up to this many attempts in all. */
export const DELIVERY_MAX_ATTEMPTS = 3;
/** A `sending` row claimed longer ago than this belongs to a worker that stopped (SMTP steps time out in 10 s). */
export const CLAIM_STALE_MS = 60_000;

export interface DeliveryOptions {
  /** Names this worker in `claimed_by` (tests name it). */
  workerId?: string;
  claimStaleMs?: number;
}

type Deps = Pick<PlatformDeps, 'db' | 'clock' | 'mailer'>;

function errorText(error: unknown): string {
  return error instanceof Error ? error.message || error.name : String(error);
}

/** A refusal the server gave for good (a 5xx reply), rather than a network problem or a 4xx "try later". */
function isPermanent(message: string): boolean {
  return /(^|\D)5\d\d(\D|$)/.test(message);
}

/**
 * Group commit: every call waits for a statement that includes its item. Items are gathered until
 * `max` are waiting or `waitMs` passed since the first; while a statement runs, the next group
 * gathers. The statement answers each item separately (`answer`). On PGlite a statement holds the
 * process's only thread, so without the short wait nothing would ever arrive during one.
 */
function groupCommit<T, R>(
  write: (items: T[]) => Promise<(item: T) => R>,
  { max, waitMs }: { max: number; waitMs: number },
): (item: T) => Promise<R> {
  let pending: { item: T; resolve: (result: R) => void; reject: (error: unknown) => void }[] = [];
  let writing = false;
  let timer: NodeJS.Timeout | null = null;
  async function drain(): Promise<void> {
    if (timer) clearTimeout(timer);
    timer = null;
    writing = true;
    while (pending.length > 0) {
      const group = pending;
      pending = [];
      try {
        const answer = await write(group.map((one) => one.item));
        for (const one of group) one.resolve(answer(one.item));
      } catch (error) {
        for (const one of group) one.reject(error);
      }
    }
    writing = false;
  }
  return (item) =>
    new Promise<R>((resolve, reject) => {
      pending.push({ item, resolve, reject });
      if (writing) return;
      if (pending.length >= max) void drain();
      else timer ??= setTimeout(() => void drain(), waitMs);
    });
}

/**
 * Delivers a task recipient by recipient (ADR 0024): each row is claimed (`sending`, committed)
 * before its SMTP call, marked handed over just before the message's final dot, then sent or failed
 * with the server's answer. A restart after `kill -9` sends again only rows that were never handed
 * over, so no recipient gets the email twice, and every other row is sent.
 */
export function createEmailDelivery(deps: Deps, options: DeliveryOptions = {}) {
  const worker = options.workerId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  const claimStaleMs = options.claimStaleMs ?? CLAIM_STALE_MS;

  async function deliverTask(stackId: number, taskId: number): Promise<void> {
    const { db, clock } = deps;
    const task = await repo.findTask(db, stackId, taskId);
    if (!task || task.status !== 'running') return;
    await repo.recoverInterrupted(db, taskId, new Date(clock.now().getTime() - claimStaleMs));

    // The two writes of each message, shared with the messages at the same step (ADR 0024): a row's
    // hand-over is committed before its own final dot, and its outcome after the server's answer.
    const handOver = groupCommit(async (ids: number[]) => {
      const held = await repo.markHandedOver(db, stackId, ids, worker, clock.now());
      return (id: number) => held.has(id);
    }, HAND_OVER_GROUP);
    const record = groupCommit(async (outcomes: repo.DeliveryOutcome[]) => {
      await repo.markDone(db, stackId, worker, outcomes);
      return () => undefined;
    }, OUTCOME_GROUP);
    const recorded: Promise<void>[] = [];
    // A customised body is the same for every recipient: composed once. A template type is the email
    // manager's template, rendered for each recipient in their language (ADR 0030).
    const templateKey = task.template_key;
    const sameForAll = templateKey ? null : customisedContent(task);
    const fallbackLocale = await communityLanguage(db, stackId);
    const locales = new Map<string, Awaited<ReturnType<typeof communityLanguage>>>();
    async function contentOf(row: repo.ClaimedDelivery): Promise<EmailContent> {
      if (sameForAll || !templateKey) return sameForAll!;
      return renderEmail(
        db,
        stackId,
        SEND_TEMPLATE_EMAIL[templateKey],
        locales.get(row.email) ?? fallbackLocale,
        {
          username: row.username,
          name: row.username,
        },
      );
    }

    async function deliverOne(session: MailSession, row: repo.ClaimedDelivery): Promise<void> {
      let handedOver = false;
      let outcome: repo.DeliveryOutcome;
      try {
        const content = await contentOf(row);
        const result = await session.send({
          to: [row.email],
          subject: content.subject,
          text: content.text,
          html: content.html,
          messageId: row.message_id,
          handOver: async () => {
            if (!(await handOver(row.id))) {
              throw new Error('This delivery is no longer held by this worker.');
            }
            handedOver = true;
          },
        });
        outcome = { id: row.id, status: 'sent', answer: result.response, at: clock.now() };
      } catch (error) {
        const answer = errorText(error);
        // Once handed over the server may hold the message: never send it again.
        const retry = !handedOver && !isPermanent(answer) && row.attempts < DELIVERY_MAX_ATTEMPTS;
        outcome = { id: row.id, status: retry ? 'queued' : 'failed', answer, at: clock.now() };
      }
      // The outcome is written with the others that end meanwhile; the lane moves on (a row left
      // `sending` with its hand-over recorded counts as delivered after a crash, ADR 0024).
      const written = record(outcome);
      written.catch(() => undefined); // awaited with the round; never an unhandled rejection meanwhile
      recorded.push(written);
    }

    // One SMTP session for the run: its connections are reused by every message (no greeting each).
    const session = await openMailSession(deps.mailer, stackId, { connections: DELIVERY_CONCURRENCY });
    try {
      // Rounds until a claim finds nothing: a row put back in the queue (a transient failure) is
      // claimed by the next round.
      for (;;) {
        let delivered = 0;
        let claimed: repo.ClaimedDelivery[] = [];
        let exhausted = false;
        // A round claims in id order; a row put back in the queue waits for the next round.
        let after = 0;
        let claiming: Promise<void> | null = null;
        const next = async (): Promise<repo.ClaimedDelivery | undefined> => {
          while (claimed.length === 0 && !exhausted) {
            claiming ??= repo
              .claimBatch(db, stackId, taskId, worker, DELIVERY_BATCH, clock.now(), after)
              .then(async (rows) => {
                if (templateKey && rows.length > 0) {
                  const found = await recipientLocales(
                    db,
                    stackId,
                    rows.map((r) => r.email),
                  );
                  for (const [email, locale] of found) locales.set(email, locale);
                }
                claimed = rows;
                for (const row of rows) after = Math.max(after, row.id);
                exhausted = rows.length === 0;
              })
              .finally(() => {
                claiming = null;
              });
            await claiming;
          }
          return claimed.shift();
        };
        await Promise.all(
          Array.from({ length: DELIVERY_CONCURRENCY }, async () => {
            for (let row = await next(); row; row = await next()) {
              await deliverOne(session, row);
              delivered += 1;
            }
          }),
        );
        // Rows put back in the queue are written before the next round claims.
        await Promise.all(recorded.splice(0));
        if (delivered === 0) break;
      }
    } finally {
      session.close();
      await Promise.all(recorded);
    }
    if (!(await repo.finishIfComplete(db, stackId, taskId, clock.now()))) {
      // Rows another worker claimed moments ago: the queue runs this job again after a delay.
      throw new Error('Some deliveries of this task are still held by another worker.');
    }
  }

  return {
    worker,
    deliverTask,
    async run(job: JobContext): Promise<void> {
      const { taskId } = job.payload as { taskId: number };
      if (job.stackId === null) return;
      await deliverTask(job.stackId, taskId);
    },
  };
}
