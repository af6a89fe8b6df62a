import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import type {} from './events.tables.ts';
import type {} from '../jobs/jobs.tables.ts';

/**
 * The platform's transactional outbox. A module records what happened with `recordEvent`, passing
 * the transaction of its action: the event exists exactly when the action committed. The same
 * statement queues one `EVENTS_PUBLISHED_JOB`, so a subscriber (the webhooks module registers the
 * handler) runs after the commit and takes the waiting events with `takeEvents`. Only event types a
 * subscriber declared for the community (`setEventInterests`) are kept: other actions write nothing.
 * The platform knows no subscriber and no event name; types are the caller's (SelfCommunity's names).
 */

/** The job kind queued with every recorded event; its handler takes the waiting events. */
export const EVENTS_PUBLISHED_JOB = 'events.published';

export interface NewEvent {
  stackId: number;
  /** SelfCommunity's event name, e.g. `comment.created`. */
  type: string;
  /** The event's object (JSON). */
  data: unknown;
  /** When it happened: the caller's clock. */
  at: Date;
}

export interface StoredEvent {
  id: number;
  stackId: number;
  type: string;
  data: unknown;
  createdAt: Date;
}

/**
 * What else an event writes in its own transaction, whoever subscribes to it: a module that keeps its
 * own rows for some events (members' notifications for `notification.*`, ADR 0037) answers them here,
 * so the event's derivation (who is told, why) is written once, where the action records it.
 */
export type EventWriter = (db: Db, event: NewEvent) => Promise<void>;

const writers = new Map<string, EventWriter>();

/**
 * Sets the writer named `name` (the composition root does, once per app). Named, so that apps built
 * side by side in one process (tests, a worker beside the web) keep one writer, the last set: a
 * writer may only use the transaction it is given and what is the same in every app.
 */
export function setEventWriter(name: string, writer: EventWriter): void {
  writers.set(name, writer);
}

/**
 * Records an event in the caller's transaction (`db` is the transaction), and queues the job that
 * hands it to the subscribers, in one statement. Nothing is written when no subscriber of the
 * community wants this type. The event writers (`setEventWriter`) write theirs in the same transaction.
 */
export async function recordEvent(db: Db, event: NewEvent): Promise<void> {
  for (const writer of writers.values()) await writer(db, event);
  const data = JSON.stringify(event.data ?? {});
  await sql`
    WITH recorded AS (
      INSERT INTO events (stack_id, type, data, created_at)
      SELECT ${event.stackId}, ${event.type}, ${data}::jsonb, ${event.at}
      WHERE EXISTS (
        SELECT 1 FROM event_interests WHERE stack_id = ${event.stackId} AND type = ${event.type}
      )
      RETURNING stack_id
    )
    INSERT INTO jobs (kind, payload, stack_id, run_at, max_attempts)
    SELECT ${EVENTS_PUBLISHED_JOB}, '{}'::jsonb, stack_id, ${event.at}, 5 FROM recorded
  `.execute(db);
}

/** Records several events of one action (same transaction), each as `recordEvent` does. */
export async function recordEvents(db: Db, events: readonly NewEvent[]): Promise<void> {
  for (const event of events) await recordEvent(db, event);
}

/** Replaces the event types a community's subscribers want (call in the subscriber's transaction). */
export async function setEventInterests(db: Db, stackId: number, types: readonly string[]): Promise<void> {
  await db.deleteFrom('event_interests').where('stack_id', '=', stackId).execute();
  const unique = [...new Set(types)];
  if (unique.length > 0)
    await db
      .insertInto('event_interests')
      .values(unique.map((type) => ({ stack_id: stackId, type })))
      .execute();
}

function stored(row: {
  id: number;
  stack_id: number;
  type: string;
  data: unknown;
  created_at: Date;
}): StoredEvent {
  return {
    id: Number(row.id),
    stackId: row.stack_id,
    type: row.type,
    data: typeof row.data === 'string' ? (JSON.parse(row.data) as unknown) : row.data,
    createdAt: row.created_at,
  };
}

/**
 * Takes up to `limit` events not yet handed over, oldest first, and hands them to `handle` inside
 * one transaction (rows locked, skipped by other workers); they are marked handed over when `handle`
 * succeeds, and stay waiting when it throws. Answers how many were taken.
 */
export async function takeEvents(
  db: Db,
  limit: number,
  at: Date,
  handle: (trx: Db, events: StoredEvent[]) => Promise<void>,
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('events')
      .select(['id', 'stack_id', 'type', 'data', 'created_at'])
      .where('dispatched_at', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length === 0) return 0;
    const events = rows.map(stored);
    await handle(trx, events);
    await trx
      .updateTable('events')
      .set({ dispatched_at: at })
      .where(
        'id',
        'in',
        events.map((e) => e.id),
      )
      .execute();
    return events.length;
  });
}

/** Events of a community by id (those still kept), for a subscriber that sends them again. */
export async function eventsByIds(db: Db, stackId: number, ids: readonly number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['id', 'stack_id', 'type', 'data', 'created_at'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(stored);
}

/** Events by id across communities (a worker sending many at once). */
export async function eventsWithIds(db: Db, ids: readonly number[]): Promise<StoredEvent[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('events')
    .select(['id', 'stack_id', 'type', 'data', 'created_at'])
    .where('id', 'in', [...ids])
    .execute();
  return rows.map(stored);
}

/** Forgets events recorded before `before` (a subscriber's retention); answers how many. */
export async function purgeEventsBefore(db: Db, before: Date): Promise<number> {
  const result = await db
    .deleteFrom('events')
    .where('created_at', '<', before)
    .where('dispatched_at', 'is not', null)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
