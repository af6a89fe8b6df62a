import { sql } from 'kysely';
import { CONSOLE_ROLES } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
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

export interface MemberRow {
  id: number;
  username: string;
  email: string;
  created_at: Date;
  status: string;
}

/** Members (not staff) with this status, matching the search in username or email, oldest first. */
export async function pageOfMembersWithStatus(
  db: Db,
  stackId: number,
  q: { status: string; search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: MemberRow[] }> {
  let base = db
    .selectFrom('community_users')
    .where('stack_id', '=', stackId)
    .where('status', '=', q.status)
    .where('role', 'is', null);
  if (q.search) {
    const pattern = `%${escapeLike(q.search.toLowerCase())}%`;
    base = base.where((eb) =>
      eb.or([eb(sql`lower(username)`, 'like', pattern), eb(sql`lower(email)`, 'like', pattern)]),
    );
  }
  const total = await base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow();
  const rows = await base
    .select(['id', 'username', 'email', 'created_at', 'status'])
    .orderBy('created_at', 'asc')
    .orderBy('id', 'asc')
    .limit(q.limit)
    .offset(q.offset)
    .execute();
  return { count: Number(total.n), rows };
}

/** A member (not staff) of the community; undefined when there is none. */
export async function findMember(db: Db, stackId: number, userId: number): Promise<MemberRow | undefined> {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'email', 'created_at', 'status'])
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where('role', 'is', null)
    .executeTakeFirst();
}

/** Moves a member from one status to another; false when the status changed meanwhile. */
export async function moveMemberStatus(
  db: Db,
  stackId: number,
  userId: number,
  from: string,
  to: string,
): Promise<boolean> {
  const result = await db
    .updateTable('community_users')
    .set({ status: to })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where('status', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A community's console staff (not deleted), by username, with the account each signs in with. */
export async function consoleStaffOf(db: Db, stackId: number) {
  return db
    .selectFrom('community_users')
    .select(['username', 'account_id'])
    .where('stack_id', '=', stackId)
    .where('role', 'in', [...CONSOLE_ROLES])
    .where('deleted_at', 'is', null)
    .orderBy('username')
    .execute();
}

/** The communities where the account is console staff. */
export async function consoleCommunitiesOf(db: Db, accountId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('community_users')
    .select('stack_id')
    .where('account_id', '=', accountId)
    .where('role', 'in', [...CONSOLE_ROLES])
    .execute();
  return rows.map((r) => r.stack_id);
}

/** These users of the community (those that exist), with what their public profile shows. */
export async function usersByIds(db: Db, stackId: number, ids: number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'real_name', 'ext_id', 'created_at', 'bio', 'status', 'score', 'role'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
}
