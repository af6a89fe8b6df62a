import { randomUUID } from 'node:crypto';
import {
  EMAIL_SENDS_MESSAGES as M,
  EmailSendsErrorCode,
  ErrorCode,
  quotaExceededMessage,
  type EmailDeliveryList,
  type EmailDeliveryQuery,
  type EmailQuota,
  type EmailSendBody,
  type EmailSendCustomisedBody,
  type EmailTask,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { isUniqueViolation } from '../../platform/db/unique-violation.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { hasCustomMailServer } from '../mail-server/mail-server.repository.ts';
import { SEND_TEMPLATE_EMAIL } from './email-content.ts';
import { communityLanguage, renderEmail } from '../email-manager/email-manager.service.ts';
import { EMAIL_SEND_JOB } from './email-delivery.ts';
import * as repo from './email-sends.repository.ts';

/**
 * Emails a community may send a day through the platform's default sender (counted from the
 * deliveries queued since midnight UTC that did not fail). A community with its own email server
 * has no such limit (spec mgmt §9: "beyond it a custom email server is needed").
 */
export const DAILY_EMAIL_QUOTA = 500;
/** The job keeps trying a task held up by another worker's fresh claims; SMTP failures never fail it. */
const JOB_MAX_ATTEMPTS = 50;

function startOfDayUtc(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

const iso = (d: Date | string | null) => (d === null ? null : new Date(d).toISOString());

export async function quotaOf(db: Db, stackId: number, now: Date): Promise<EmailQuota> {
  if (await hasCustomMailServer(db, stackId)) return { remaining: null, custom_server: true };
  const used = await repo.usedSince(db, stackId, startOfDayUtc(now));
  return { remaining: Math.max(0, DAILY_EMAIL_QUOTA - used), custom_server: false };
}

function busy(): AppError {
  return AppError.of(409, EmailSendsErrorCode.busy, M.busy);
}

interface Actor {
  userId: number;
  username: string;
}

export function createEmailSendsService(deps: Pick<PlatformDeps, 'db' | 'clock' | 'jobs'>) {
  const { db, clock, jobs } = deps;

  async function kick(stackId: number, taskId: number): Promise<void> {
    await jobs.enqueue(
      EMAIL_SEND_JOB,
      { taskId },
      { stackId, maxAttempts: JOB_MAX_ATTEMPTS, dedupeKey: `email-sends:${taskId}` },
    );
  }

  async function start(
    stackId: number,
    by: Actor,
    userIds: readonly number[],
    message: { subject: string; html: string; templateKey: EmailSendBody['template_key'] | null },
  ): Promise<EmailTask> {
    const ids = [...new Set(userIds)];
    if (ids.length === 0)
      throw AppError.of(400, EmailSendsErrorCode.noRecipients, M.noRecipients, 'user_ids');
    const now = clock.now();
    let taskId: number;
    try {
      taskId = await db.transaction().execute(async (trx) => {
        // First: a second task while one runs is refused by the database itself (any process).
        const id = await repo.insertTask(trx, stackId, {
          requestedBy: by.userId,
          requestedByUsername: by.username,
          subject: message.subject,
          html: message.html,
          templateKey: message.templateKey,
          total: ids.length,
          now,
        });
        const recipients = await repo.recipientsOf(trx, stackId, ids);
        if (recipients.length !== ids.length) {
          throw AppError.of(400, ErrorCode.invalid, M.unknownRecipients, 'user_ids');
        }
        const quota = await quotaOf(trx, stackId, now);
        if (quota.remaining !== null && recipients.length > quota.remaining) {
          throw AppError.of(
            400,
            EmailSendsErrorCode.quotaExceeded,
            quotaExceededMessage(quota.remaining),
            'user_ids',
          );
        }
        await repo.insertDeliveries(
          trx,
          stackId,
          id,
          recipients.map((r) => ({
            user_id: r.id,
            username: r.username,
            email: r.email ?? '',
            message_id: `<${id}.${randomUUID()}@email-sends.agora>`,
            status: r.email ? 'queued' : 'failed',
            answer: r.email ? null : 'This user has no email address.',
          })),
          now,
        );
        return id;
      });
    } catch (error) {
      if (isUniqueViolation(error, repo.ONE_RUNNING_INDEX)) {
        // The running task's job is asked for again (a no-op while it waits): a task can never be
        // left running without a job, even if its process died between its commit and its enqueue.
        const running = await repo.runningTaskId(db, stackId);
        if (running !== undefined) await kick(stackId, running);
        throw busy();
      }
      throw error;
    }
    await kick(stackId, taskId);
    return get(stackId, taskId);
  }

  async function get(stackId: number, taskId: number): Promise<EmailTask> {
    const task = await repo.findTask(db, stackId, taskId);
    if (!task) throw AppError.notFound(M.taskNotFound);
    const counts = await repo.countsOf(db, taskId);
    return {
      id: Number(task.id),
      status: task.status,
      subject: task.subject,
      template_key: task.template_key,
      requested_by: task.requested_by_username,
      created_at: iso(task.created_at)!,
      finished_at: iso(task.finished_at),
      total: task.total,
      sent: counts.sent,
      failed: counts.failed,
      queued: counts.queued + counts.sending,
    };
  }

  return {
    quota: (stackId: number) => quotaOf(db, stackId, clock.now()),

    async send(stackId: number, by: Actor, body: EmailSendBody): Promise<EmailTask> {
      // The console shows the template's subject in the community's language.
      const { subject } = await renderEmail(
        db,
        stackId,
        SEND_TEMPLATE_EMAIL[body.template_key],
        await communityLanguage(db, stackId),
        { username: '', name: '' },
      );
      return start(stackId, by, body.user_ids, {
        subject,
        html: '',
        templateKey: body.template_key,
      });
    },

    async sendCustomised(stackId: number, by: Actor, body: EmailSendCustomisedBody): Promise<EmailTask> {
      const subject = body.subject.trim();
      if (!subject) throw AppError.of(400, ErrorCode.required, M.required, 'subject');
      if (!body.html.trim()) throw AppError.of(400, ErrorCode.required, M.required, 'html');
      return start(stackId, by, body.user_ids, { subject, html: body.html, templateKey: null });
    },

    get,

    async deliveries(stackId: number, taskId: number, query: EmailDeliveryQuery): Promise<EmailDeliveryList> {
      const task = await repo.findTask(db, stackId, taskId);
      if (!task) throw AppError.notFound(M.taskNotFound);
      const { rows, count } = await repo.pageOfDeliveries(db, taskId, {
        status: query.status,
        limit: query.limit ?? 20,
        offset: query.offset ?? 0,
      });
      return {
        count,
        results: rows.map((r) => ({
          id: Number(r.id),
          user_id: r.user_id,
          username: r.username,
          email: r.email,
          status: r.status === 'sending' ? 'queued' : r.status,
          attempts: r.attempts,
          answer: r.answer,
          sent_at: iso(r.sent_at),
        })),
      };
    },
  };
}
