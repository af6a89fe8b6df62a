import os from 'node:os';
import { randomBytes } from 'node:crypto';
import type { JobContext } from '../../platform/jobs/job-queue.ts';
import { openMailSession, type MailSession } from '../../platform/mail/mailer.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { contentFor } from './email-content.ts';
import * as repo from './email-sends.repository.ts';

/** The job kind that delivers one sending task. */
export const EMAIL_SEND_JOB = 'email-sends.deliver';

/** Rows claimed (and committed as `sending`) at once, and how many of them are in flight together. */
export const DELIVERY_BATCH = 40;
export const DELIVERY_CONCURRENCY = 20;
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

async function inPool<T>(
  items: readonly T[],
  width: number,
  work: (item: T) => Promise<void>,
): Promise<void> {
  let next = 0;
  const lanes = Array.from({ length: Math.min(width, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next]!;
      next += 1;
      await work(item);
    }
  });
  await Promise.all(lanes);
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

  async function deliverOne(
    session: MailSession,
    task: repo.TaskRow,
    communityName: string,
    row: repo.ClaimedDelivery,
  ): Promise<void> {
    const { db, clock } = deps;
    const content = contentFor(task, communityName, { username: row.username, name: row.username });
    let handedOver = false;
    try {
      const result = await session.send({
        to: [row.email],
        subject: content.subject,
        text: content.text,
        html: content.html,
        messageId: row.message_id,
        handOver: async () => {
          if (!(await repo.markHandedOver(db, row.id, worker, clock.now()))) {
            throw new Error('This delivery is no longer held by this worker.');
          }
          handedOver = true;
        },
      });
      await repo.markDone(db, row.id, worker, { status: 'sent', answer: result.response, at: clock.now() });
    } catch (error) {
      const answer = errorText(error);
      // Once handed over the server may hold the message: never send it again.
      const retry = !handedOver && !isPermanent(answer) && row.attempts < DELIVERY_MAX_ATTEMPTS;
      await repo.markDone(db, row.id, worker, {
        status: retry ? 'queued' : 'failed',
        answer,
        at: clock.now(),
      });
    }
  }

  async function deliverTask(stackId: number, taskId: number): Promise<void> {
    const { db, clock } = deps;
    const task = await repo.findTask(db, stackId, taskId);
    if (!task || task.status !== 'running') return;
    const communityName = (await findStack(db, stackId))?.name ?? '';
    await repo.recoverInterrupted(db, taskId, new Date(clock.now().getTime() - claimStaleMs));
    // One SMTP session for the run: its connections are reused by every message (no greeting each).
    const session = await openMailSession(deps.mailer, stackId, { connections: DELIVERY_CONCURRENCY });
    try {
      for (;;) {
        const batch = await repo.claimBatch(db, taskId, worker, DELIVERY_BATCH, clock.now());
        if (batch.length === 0) break;
        await inPool(batch, DELIVERY_CONCURRENCY, (row) => deliverOne(session, task, communityName, row));
      }
    } finally {
      session.close();
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
