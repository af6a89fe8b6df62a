import { sql } from 'kysely';
import type { ApprovalFilter } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import '../activity/activity.tables.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';

export interface ApprovalRow {
  id: number;
  username: string;
  email: string;
  created_at: Date;
  status: string;
}

export interface ApprovalTagRow {
  user_id: number;
  id: number;
  name: string;
  color: string;
}

/** Members awaiting approval (community_users with status 'pending' or 'ignored'), oldest first. */
export async function pageOfRequests(
  db: Db,
  stackId: number,
  q: { status: ApprovalFilter; search?: string; limit: number; offset: number },
): Promise<{ count: number; rows: ApprovalRow[] }> {
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

/** The user tags of the given members. */
export async function tagsOf(db: Db, stackId: number, userIds: number[]): Promise<ApprovalTagRow[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('user_tags as ut')
    .innerJoin('tags as t', (join) =>
      join.onRef('t.stack_id', '=', 'ut.stack_id').onRef('t.id', '=', 'ut.tag_id'),
    )
    .select(['ut.user_id', 't.id', 't.name', 't.color'])
    .where('ut.stack_id', '=', stackId)
    .where('ut.user_id', 'in', userIds)
    .orderBy('t.name')
    .execute();
}

export async function findMember(db: Db, stackId: number, userId: number): Promise<ApprovalRow | undefined> {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'email', 'created_at', 'status'])
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where('role', 'is', null)
    .executeTakeFirst();
}

/** Moves a member from one status to another; false when the status changed meanwhile. */
export async function setStatus(
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

export async function stackName(db: Db, stackId: number): Promise<string> {
  const row = await db.selectFrom('stacks').select('name').where('id', '=', stackId).executeTakeFirst();
  return row?.name ?? '';
}
