import type { FlagReason, ModeratedContributionType, ModerationContentType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './moderation.tables.ts';

// The moderation module owns `flags`. These are what the member API asks of them: a member's own flag
// on a content and its changes, the flags of a content and their counts per content or per reason.
// A query of another module that needs flags inside its own statement (the flagged contents' page)
// composes `flagRows(db)` instead of naming the table. Every function takes the caller's `db`, which
// may be a transaction.

/** Every flag's row. */
export function flagRows(db: Db) {
  return db
    .selectFrom('flags')
    .select([
      'stack_id',
      'id',
      'content_type',
      'content_id',
      'author_id',
      'flagged_by',
      'by_bot',
      'reason',
      'created_at',
    ]);
}

/**
 * Flags of each of these contents (absent: none), in one query. The contents may be of several types
 * when their ids cannot collide: discussions, posts and statuses share one sequence.
 */
export function flagCountsOf(
  db: Db,
  stackId: number,
  types: readonly ModerationContentType[],
  ids: readonly number[],
) {
  return db
    .selectFrom('flags')
    .select((eb) => ['content_id as id', eb.fn.countAll<number>().as('n')])
    .where('stack_id', '=', stackId)
    .where('content_type', 'in', [...types])
    .where('content_id', 'in', [...ids])
    .groupBy('content_id')
    .execute();
}

/** Flags per reason of several contents of one type. */
export async function flagDetail(
  db: Db,
  stackId: number,
  type: ModeratedContributionType,
  ids: readonly number[],
): Promise<Map<number, Map<FlagReason, number>>> {
  const result = new Map<number, Map<FlagReason, number>>();
  if (ids.length === 0) return result;
  const rows = await db
    .selectFrom('flags')
    .select((eb) => ['content_id', 'reason', eb.fn.countAll<number>().as('n')])
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', 'in', [...ids])
    .groupBy(['content_id', 'reason'])
    .execute();
  for (const row of rows) {
    const id = Number(row.content_id);
    const detail = result.get(id) ?? new Map<FlagReason, number>();
    detail.set(row.reason, Number(row.n));
    result.set(id, detail);
  }
  return result;
}

export async function contentFlags(
  db: Db,
  stackId: number,
  type: ModeratedContributionType,
  id: number,
  reason: FlagReason | undefined,
  limit: number | undefined,
  offset: number,
) {
  let base = db
    .selectFrom('flags')
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', '=', id);
  if (reason) base = base.where('reason', '=', reason);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let page = base
    .select(['flagged_by', 'by_bot', 'reason', 'created_at'])
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: Number(total.n), rows: await page.execute() };
}

export async function hasFlagged(
  db: Db,
  stackId: number,
  type: ModeratedContributionType,
  id: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('flags')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .where('flagged_by', '=', userId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function ownFlag(
  db: Db,
  stackId: number,
  type: ModerationContentType,
  id: number,
  userId: number,
): Promise<{ id: number; reason: FlagReason; created_at: Date } | undefined> {
  const row = await db
    .selectFrom('flags')
    .select(['id', 'reason', 'created_at'])
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .where('flagged_by', '=', userId)
    .where('by_bot', '=', false)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return row && { id: Number(row.id), reason: row.reason, created_at: row.created_at };
}

export async function updateFlagReason(db: Db, stackId: number, flagId: number, reason: FlagReason) {
  await db
    .updateTable('flags')
    .set({ reason })
    .where('stack_id', '=', stackId)
    .where('id', '=', flagId)
    .execute();
}

export async function deleteFlag(db: Db, stackId: number, flagId: number) {
  await db.deleteFrom('flags').where('stack_id', '=', stackId).where('id', '=', flagId).execute();
}
