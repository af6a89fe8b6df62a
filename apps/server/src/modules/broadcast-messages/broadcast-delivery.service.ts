import type { BroadcastPushPayload } from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import type { JobQueue } from '../../platform/jobs/job-queue.ts';
import type { Db } from '../../platform/db/database.ts';
import { smtpAllowance } from '../../platform/mail/smtp-destination.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import * as repo from './broadcast-messages.repository.ts';
import * as push from './push-subscriptions.repository.ts';
import { deliverPush, vapidKeys } from './web-push-delivery.ts';

export const SEND_SCHEDULED_JOB = 'broadcast.send_scheduled';
export const PUSH_JOB = 'broadcast.push';
/** Subscriptions pushed by one job; the next batch is a job of its own (a crash repeats one batch at most). */
export const PUSH_BATCH = 200;
const PUSH_PARALLEL = 20;

type DeliveryDeps = Pick<PlatformDeps, 'db' | 'clock' | 'config' | 'secretBox' | 'jobs'>;

interface SendPayload {
  broadcastId: number;
}
interface PushPayload {
  broadcastId: number;
  afterId: number;
}

/** The VAPID subject: the address the community's mail comes from. */
function vapidSubject(mailFrom: string): string {
  const address = /<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom;
  return `mailto:${address.trim()}`;
}

/** Starts pushing a message that was just marked sent (one job per batch of subscriptions). */
export function enqueuePush(jobs: JobQueue, stackId: number, broadcastId: number, afterId = 0, within?: Db) {
  return jobs.enqueue(PUSH_JOB, { broadcastId, afterId } satisfies PushPayload, {
    stackId,
    dedupeKey: `broadcast-push:${stackId}:${broadcastId}:${afterId}`,
    ...(within ? { within } : {}),
  });
}

/**
 * Marks a message sent and queues its first push in one transaction: a process that dies between
 * the two can leave neither half done (a sent message whose push never starts). The same transaction
 * records SelfCommunity's `notification.banner.sent` webhook event (sent now or by its schedule).
 */
export function markSentAndPush(
  db: Db,
  jobs: JobQueue,
  stackId: number,
  broadcastId: number,
  now: Date,
  options: Parameters<typeof repo.markSent>[4],
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    if (!(await repo.markSent(trx, stackId, broadcastId, now, options))) return false;
    await enqueuePush(jobs, stackId, broadcastId, 0, trx);
    const row = await repo.broadcastById(trx, stackId, broadcastId);
    if (row) {
      const banner = {
        id: row.id,
        name: row.name,
        title: row.title,
        body_text: row.body_text,
        link: row.link,
        link_text: row.link_text,
        link_type: row.link_type,
        image: row.image,
        audience: row.audience,
        audience_tags: row.audience_tags,
      };
      const sender = row.sender_id === null ? null : { id: row.sender_id, username: row.sender_username };
      const data = { banner, sender, sent_at: now.toISOString() };
      await recordEvent(trx, { stackId, type: 'notification.banner.sent', data, at: now });
    }
    return true;
  });
}

/**
 * The job that sends a scheduled message when due. Rescheduling enqueues another job for the new date
 * (the key names the date): the old one finds the message not due, or already sent, and does nothing.
 */
export function enqueueScheduledSend(jobs: JobQueue, stackId: number, broadcastId: number, at: Date) {
  return jobs.enqueue(SEND_SCHEDULED_JOB, { broadcastId } satisfies SendPayload, {
    stackId,
    runAt: at,
    dedupeKey: `broadcast-send:${stackId}:${broadcastId}:${at.toISOString()}`,
  });
}

/** Registers the broadcast jobs on a queue (the app's; a test's second runner too). */
export function registerBroadcastJobs(jobs: JobQueue, deps: DeliveryDeps): void {
  const { db, clock } = deps;
  const allowance = smtpAllowance(deps.config);

  jobs.register(SEND_SCHEDULED_JOB, async (job) => {
    const { broadcastId } = job.payload as SendPayload;
    if (job.stackId === null) return;
    const now = clock.now();
    // The conditional update decides: only one runner (or "send now") turns it into sent.
    await markSentAndPush(db, jobs, job.stackId, broadcastId, now, { dueBy: now });
  });

  jobs.register(PUSH_JOB, async (job) => {
    const { broadcastId, afterId } = job.payload as PushPayload;
    const stackId = job.stackId;
    if (stackId === null) return;
    const message = await repo.broadcastById(db, stackId, broadcastId);
    if (!message || message.status !== 'sent') return;
    const batch = await push.audienceSubscriptions(db, stackId, broadcastId, afterId, PUSH_BATCH);
    if (batch.length === 0) return;
    const keys = await vapidKeys(db, deps.secretBox, stackId);
    const payload = JSON.stringify({
      type: 'notification_banner',
      id: message.id,
      title: message.title,
      body: message.body_text,
      link: message.link,
      open_in_new_tab: message.open_in_new_tab,
      image: message.image,
    } satisfies BroadcastPushPayload);
    const vapid = { ...keys, subject: vapidSubject(deps.config.mailFrom) };
    const gone: number[] = [];
    for (let i = 0; i < batch.length; i += PUSH_PARALLEL) {
      await Promise.all(
        batch.slice(i, i + PUSH_PARALLEL).map(async (subscription) => {
          try {
            const status = await deliverPush(subscription, payload, vapid, allowance);
            if (status === 404 || status === 410) gone.push(subscription.id);
          } catch {
            // A refused address, a timeout or a broken connection: this subscription misses this
            // message; the others of the batch are not pushed twice by a retry.
          }
        }),
      );
    }
    await push.deleteSubscriptions(db, stackId, gone);
    if (batch.length === PUSH_BATCH)
      await enqueuePush(jobs, stackId, broadcastId, batch[batch.length - 1]!.id);
  });
}
