import { sql } from 'kysely';
import type { EmailDeliveryStatus, EmailSendTemplateKey } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { accountEmails } from '../auth/account-emails.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import type { DeliveryState } from './email-sends.tables.ts';
import './email-sends.tables.ts';

/** The partial unique index that lets one task of a community run at a time (migration 0031). */
export const ONE_RUNNING_INDEX = 'email_send_tasks_one_running_idx';

export interface RecipientRow {
  id: number;
  username: string;
  name: string;
  email: string | null;
}

/** The chosen users of the community that exist and are not deleted, with the address they are written to. */
export async function recipientsOf(db: Db, stackId: number, ids: readonly number[]): Promise<RecipientRow[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom(communityUserRows(db).as('u'))
    .leftJoin(accountEmails(db).as('a'), 'a.id', 'u.account_id')
    .select(['u.id', 'u.username', 'u.real_name', 'u.email as own', 'a.email as account'])
    .where('u.stack_id', '=', stackId)
    .where('u.id', 'in', [...ids])
    .where('u.deleted_at', 'is', null)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    username: r.username,
    name: r.real_name ?? '',
    email: r.own || r.account || null,
  }));
}

/** Deliveries of the community created since `since` that did not fail: what the day's quota has used. */
export async function usedSince(db: Db, stackId: number, since: Date): Promise<number> {
  const row = await db
    .selectFrom('email_deliveries')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('stack_id', '=', stackId)
    .where('created_at', '>=', since)
    .where('status', '<>', 'failed')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export interface NewTask {
  requestedBy: number;
  requestedByUsername: string;
  subject: string;
  html: string;
  templateKey: EmailSendTemplateKey | null;
  total: number;
  now: Date;
}

/** Inserts a running task; throws the unique violation of `ONE_RUNNING_INDEX` when one already runs. */
export async function insertTask(db: Db, stackId: number, task: NewTask): Promise<number> {
  const row = await db
    .insertInto('email_send_tasks')
    .values({
      stack_id: stackId,
      requested_by: task.requestedBy,
      requested_by_username: task.requestedByUsername,
      subject: task.subject,
      html: task.html,
      template_key: task.templateKey,
      status: 'running',
      total: task.total,
      created_at: task.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface NewDelivery {
  user_id: number;
  username: string;
  email: string;
  message_id: string;
  status: 'queued' | 'failed';
  answer: string | null;
}

export async function insertDeliveries(
  db: Db,
  stackId: number,
  taskId: number,
  rows: readonly NewDelivery[],
  now: Date,
): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('email_deliveries')
      .values(
        rows.slice(i, i + 1000).map((r) => ({ ...r, stack_id: stackId, task_id: taskId, created_at: now })),
      )
      .execute();
  }
}

export async function runningTaskId(db: Db, stackId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('email_send_tasks')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('status', '=', 'running')
    .executeTakeFirst();
  return row ? Number(row.id) : undefined;
}

export async function findTask(db: Db, stackId: number, taskId: number) {
  return db
    .selectFrom('email_send_tasks')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', taskId)
    .executeTakeFirst();
}
export type TaskRow = NonNullable<Awaited<ReturnType<typeof findTask>>>;

/** How many deliveries of the task are in each state. */
export async function countsOf(db: Db, taskId: number): Promise<Record<DeliveryState, number>> {
  const rows = await db
    .selectFrom('email_deliveries')
    .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
    .where('task_id', '=', taskId)
    .groupBy('status')
    .execute();
  const counts: Record<DeliveryState, number> = { queued: 0, sending: 0, sent: 0, failed: 0 };
  for (const r of rows) counts[r.status] = Number(r.n);
  return counts;
}

/** A page of the task's delivery log, in the order they were queued; `queued` includes those being sent. */
export async function pageOfDeliveries(
  db: Db,
  taskId: number,
  filter: { status?: EmailDeliveryStatus; limit: number; offset: number },
) {
  let query = db.selectFrom('email_deliveries').where('task_id', '=', taskId);
  if (filter.status === 'queued') query = query.where('status', 'in', ['queued', 'sending']);
  else if (filter.status) query = query.where('status', '=', filter.status);
  const [rows, count] = await Promise.all([
    query
      .select(['id', 'user_id', 'username', 'email', 'status', 'attempts', 'answer', 'sent_at'])
      .orderBy('id')
      .limit(filter.limit)
      .offset(filter.offset)
      .execute(),
    query.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(count.n) };
}

// ---- the delivery worker's steps (ADR 0024) ----

/**
 * After a worker died: a row claimed but never handed over goes back to the queue (the server
 * discarded its unfinished DATA, so sending it again cannot make a second copy); a row handed over
 * is taken as delivered and never sent again.
 */
export async function recoverInterrupted(db: Db, taskId: number, staleBefore: Date) {
  const requeued = await db
    .updateTable('email_deliveries')
    .set({ status: 'queued', claimed_by: null, claimed_at: null })
    .where('task_id', '=', taskId)
    .where('status', '=', 'sending')
    .where('handed_over_at', 'is', null)
    .where('claimed_at', '<', staleBefore)
    .executeTakeFirst();
  const presumed = await db
    .updateTable('email_deliveries')
    .set({
      status: 'sent',
      sent_at: sql<Date>`handed_over_at`,
      answer:
        'Presumed delivered: the sending worker stopped after handing the message to the server; not sent again.',
      claimed_by: null,
    })
    .where('task_id', '=', taskId)
    .where('status', '=', 'sending')
    .where('handed_over_at', 'is not', null)
    .where('claimed_at', '<', staleBefore)
    .executeTakeFirst();
  return { requeued: Number(requeued.numUpdatedRows), presumed: Number(presumed.numUpdatedRows) };
}

/** Claims up to `limit` queued rows of the task for this worker, committed before any SMTP call. */
export async function claimBatch(
  db: Db,
  stackId: number,
  taskId: number,
  worker: string,
  limit: number,
  now: Date,
  afterId = 0,
) {
  // Past the rows this worker claimed already (`afterId`): their old index entries, dead until a
  // vacuum (PGlite runs none), are not walked again by every claim.
  // The rows are picked once, in a materialised CTE: as a subquery of `id IN (…)` the planner may
  // evaluate the LIMIT … SKIP LOCKED pick again per row, claiming far more than `limit` rows.
  return db
    .with(
      (cte) => cte('picked').materialized(),
      (qb) =>
        qb
          .selectFrom('email_deliveries')
          .select('id')
          .where('task_id', '=', taskId)
          .where('status', '=', 'queued')
          .where('id', '>', afterId)
          .orderBy('id') // the (task_id, status, id) index's order: the first rows, no sort
          .limit(limit)
          .forUpdate()
          .skipLocked(),
    )
    .updateTable('email_deliveries')
    .set({ status: 'sending', claimed_by: worker, claimed_at: now, attempts: sql<number>`attempts + 1` })
    .where('stack_id', '=', stackId)
    .where('task_id', '=', taskId)
    .where('id', 'in', (eb) => eb.selectFrom('picked').select('picked.id'))
    .returning(['id', 'user_id', 'username', 'email', 'message_id', 'attempts'])
    .execute();
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimBatch>>[number];

/**
 * Records that these messages are about to be completed (one statement for the rows whose final dot
 * waits at this moment); returns the ids this worker still holds — only those may be completed.
 */
export async function markHandedOver(
  db: Db,
  stackId: number,
  ids: readonly number[],
  worker: string,
  now: Date,
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .updateTable('email_deliveries')
    .set({ handed_over_at: now })
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .where('status', '=', 'sending')
    .where('claimed_by', '=', worker)
    .returning('id')
    .execute();
  return new Set(rows.map((r) => Number(r.id)));
}

export interface DeliveryOutcome {
  id: number;
  status: 'sent' | 'failed' | 'queued';
  answer: string;
  at: Date;
}

/** Writes the outcomes of several deliveries this worker holds in one statement (each row its own). */
export async function markDone(
  db: Db,
  stackId: number,
  worker: string,
  outcomes: readonly DeliveryOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const values = sql.join(
    outcomes.map(
      (o) =>
        sql`(${o.id}::integer, ${o.status}::text, ${o.answer.slice(0, 2000)}::text, ${o.at}::timestamptz)`,
    ),
  );
  await sql`
    UPDATE email_deliveries AS d
    SET status = v.status,
        answer = v.answer,
        sent_at = CASE WHEN v.status = 'sent' THEN v.at ELSE d.sent_at END,
        claimed_by = CASE WHEN v.status = 'queued' THEN NULL ELSE d.claimed_by END,
        claimed_at = CASE WHEN v.status = 'queued' THEN NULL ELSE d.claimed_at END
    FROM (VALUES ${values}) AS v (id, status, answer, at)
    WHERE d.stack_id = ${stackId}
      AND d.id IN (${sql.join(outcomes.map((o) => o.id))})
      AND d.id = v.id
      AND d.claimed_by = ${worker}
      AND d.status = 'sending'
  `.execute(db);
}

/** Ends the task once none of its deliveries waits or is being sent. */
export async function finishIfComplete(db: Db, stackId: number, taskId: number, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('email_send_tasks')
    .set({ status: 'done', finished_at: now })
    .where('stack_id', '=', stackId)
    .where('id', '=', taskId)
    .where('status', '=', 'running')
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('email_deliveries')
            .select('id')
            .where('task_id', '=', taskId)
            .where('status', 'in', ['queued', 'sending']),
        ),
      ),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
