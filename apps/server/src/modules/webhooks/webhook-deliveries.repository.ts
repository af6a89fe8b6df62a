import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type {} from './webhooks.tables.ts';

export interface NewDelivery {
  stack_id: number;
  endpoint_id: number;
  event_id: number;
  event_type: string;
}

export async function insertDeliveries(db: Db, rows: readonly NewDelivery[], at: Date): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    await db
      .insertInto('webhook_deliveries')
      .values(
        rows
          .slice(i, i + 1000)
          .map((r) => ({ ...r, status: 'pending' as const, next_attempt_at: at, created_at: at })),
      )
      .execute();
  }
}

/** Active endpoints subscribed to any of these (community, type) pairs. */
export async function subscribersOf(
  db: Db,
  stackIds: readonly number[],
  types: readonly string[],
): Promise<Array<{ stack_id: number; endpoint_id: number; type: string }>> {
  if (stackIds.length === 0 || types.length === 0) return [];
  return db
    .selectFrom('webhook_endpoint_events as s')
    .innerJoin('webhook_endpoints as e', (j) =>
      j.onRef('e.stack_id', '=', 's.stack_id').onRef('e.id', '=', 's.endpoint_id'),
    )
    .select(['s.stack_id', 's.endpoint_id', 's.type'])
    .where('s.stack_id', 'in', [...new Set(stackIds)])
    .where('s.type', 'in', [...new Set(types)])
    .where('e.is_active', '=', true)
    .execute();
}

export interface ClaimedDelivery {
  stack_id: number;
  id: number;
  endpoint_id: number;
  event_id: number;
  event_type: string;
  tries: number;
}

/** Rows left `sending` by a worker that stopped go back to waiting (their interrupted try uncounted). */
export async function releaseStale(db: Db, staleBefore: Date, at: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({
      status: 'pending',
      next_attempt_at: at,
      claimed_at: null,
      claimed_by: null,
      tries: sql<number>`greatest(tries - 1, 0)`,
    })
    .where('status', '=', 'sending')
    .where('claimed_at', '<', staleBefore)
    .execute();
}

/** When the oldest delivery another worker holds was claimed (none: undefined). */
export async function oldestClaimOfOthers(db: Db, workerId: string): Promise<Date | undefined> {
  const row = await db
    .selectFrom('webhook_deliveries')
    .select((eb) => eb.fn.min('claimed_at').as('oldest'))
    .where('status', '=', 'sending')
    .where('claimed_by', '!=', workerId)
    .executeTakeFirst();
  return row?.oldest ? new Date(row.oldest as Date | string) : undefined;
}

/** Claims up to `limit` due deliveries for `workerId` (one statement; others skip the locked rows). */
export async function claimDue(
  db: Db,
  at: Date,
  workerId: string,
  limit: number,
): Promise<ClaimedDelivery[]> {
  const result = await sql<ClaimedDelivery>`
    WITH picked AS MATERIALIZED (
      SELECT stack_id, id FROM webhook_deliveries
      WHERE status = 'pending' AND next_attempt_at <= ${at}
      ORDER BY next_attempt_at, id
      LIMIT ${limit}
      FOR UPDATE SKIP LOCKED
    )
    UPDATE webhook_deliveries d
    SET status = 'sending', claimed_at = ${at}, claimed_by = ${workerId}, tries = d.tries + 1
    FROM picked
    WHERE d.stack_id = picked.stack_id AND d.id = picked.id
    RETURNING d.stack_id, d.id, d.endpoint_id, d.event_id, d.event_type, d.tries
  `.execute(db);
  return result.rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface Outcome {
  stack_id: number;
  delivery_id: number;
  endpoint_id: number;
  event_id: number;
  event_type: string;
  event_created_at: Date;
  status: 'pending' | 'succeeded' | 'failed';
  next_retry: Date | null;
  /** Undefined when nothing was sent (the endpoint was switched off meanwhile). */
  attempt?: {
    succeeded: boolean;
    sent_at: Date;
    http_response_code: number | null;
    signature_header: string;
    request_body: string;
    response_body: string;
  };
}

/** Writes a batch's attempts and the deliveries' new states (two statements). */
export async function recordOutcomes(db: Db, workerId: string, outcomes: readonly Outcome[]): Promise<void> {
  if (outcomes.length === 0) return;
  const attempts = outcomes.flatMap((o) =>
    o.attempt
      ? [
          {
            stack_id: o.stack_id,
            endpoint_id: o.endpoint_id,
            delivery_id: o.delivery_id,
            event_id: o.event_id,
            event_type: o.event_type,
            event_created_at: o.event_created_at,
            next_retry: o.next_retry,
            ...o.attempt,
          },
        ]
      : [],
  );
  await db.transaction().execute(async (trx) => {
    if (attempts.length > 0) await trx.insertInto('webhook_attempts').values(attempts).execute();
    const values = sql.join(
      outcomes.map(
        (o) =>
          sql`(${o.stack_id}::integer, ${o.delivery_id}::integer, ${o.status}::text, ${o.next_retry}::timestamptz)`,
      ),
    );
    await sql`
      UPDATE webhook_deliveries d
      SET status = v.status, next_attempt_at = v.next_retry, claimed_at = NULL, claimed_by = NULL
      FROM (VALUES ${values}) AS v (stack_id, id, status, next_retry)
      WHERE d.stack_id = v.stack_id AND d.id = v.id AND d.claimed_by = ${workerId}
    `.execute(trx);
  });
}

/** An endpoint answered 410 Gone: what still waits for it fails for good. */
export async function failWaiting(db: Db, stackId: number, endpointId: number): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ status: 'failed', next_attempt_at: null })
    .where('stack_id', '=', stackId)
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** Forgets attempts sent, and deliveries finished, before `before`; answers the attempts removed. */
export async function purgeBefore(db: Db, before: Date): Promise<number> {
  const removed = await db.deleteFrom('webhook_attempts').where('sent_at', '<', before).executeTakeFirst();
  await db
    .deleteFrom('webhook_deliveries')
    .where('status', 'in', ['succeeded', 'failed'])
    .where('created_at', '<', before)
    .execute();
  return Number(removed.numDeletedRows);
}
