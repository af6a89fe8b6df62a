import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// The users module owns `community_users`; these are the questions other modules ask of it (scoring,
// staff, registrations, readiness…), so no other module names the table. Every function takes the
// caller's `db`, which may be a transaction.

/** Staff users of a community (any role). */
export async function countStaff(db: Db, stackId: number): Promise<number> {
  const row = await db
    .selectFrom('community_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stack_id', '=', stackId)
    .where('role', 'is not', null)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Members (not staff) who joined in [from, to); an open bound is no limit. */
export async function countMembersJoined(
  db: Db,
  stackId: number,
  from: Date | null,
  to: Date | null,
): Promise<number> {
  let query = db
    .selectFrom('community_users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('stack_id', '=', stackId)
    .where('role', 'is', null);
  if (from) query = query.where('created_at', '>=', from);
  if (to) query = query.where('created_at', '<', to);
  const row = await query.executeTakeFirstOrThrow();
  return Number(row.count);
}

/** A user's id, username and score; undefined when the community has no such user. */
export async function findScoredUser(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'score'])
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .executeTakeFirst();
}

/** Locks the user's row for the rest of the caller's transaction and answers its score. */
export async function lockScore(db: Db, stackId: number, userId: number): Promise<number | undefined> {
  const row = await db
    .selectFrom('community_users')
    .select('score')
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .forUpdate()
    .executeTakeFirst();
  return row?.score;
}

/** Adds `points` (may be negative) to the user's score and answers the new score. */
export async function addToScore(db: Db, stackId: number, userId: number, points: number): Promise<number> {
  const row = await db
    .updateTable('community_users')
    .set({ score: sql`score + ${points}` })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .returning('score')
    .executeTakeFirstOrThrow();
  return row.score;
}
