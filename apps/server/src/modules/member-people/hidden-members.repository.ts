import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { LISTED_STATUSES } from './member-people.repository.ts';
import './member-people.tables.ts';

// The member-people module owns `hidden_members`: whom each member hid (SelfCommunity's
// `user/{id}/hide/`). The feeds ask it whose contents a member no longer sees.

/** Hides `hiddenId` from `userId`, or shows them again when hidden; true when now hidden. */
export async function toggleHidden(
  db: Db,
  stackId: number,
  userId: number,
  hiddenId: number,
  at: Date,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('hidden_members')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('hidden_id', '=', hiddenId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('hidden_members')
    .values({ stack_id: stackId, user_id: userId, hidden_id: hiddenId, created_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'hidden_id']).doNothing())
    .execute();
  return true;
}

export async function isHidden(db: Db, stackId: number, userId: number, hiddenId: number): Promise<boolean> {
  const row = await db
    .selectFrom('hidden_members')
    .select('hidden_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('hidden_id', '=', hiddenId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Every member `userId` hid (the feeds leave out their contents). */
export async function hiddenIdsOf(db: Db, stackId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('hidden_members')
    .select('hidden_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .orderBy('created_at', 'desc')
    .orderBy('hidden_id', 'desc')
    .execute();
  return rows.map((r) => r.hidden_id);
}

/** The listed members `userId` hid, most recently hidden first. */
export async function pageOfHidden(
  db: Db,
  stackId: number,
  userId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const q = db
    .selectFrom('hidden_members as h')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'h.stack_id').onRef('u.id', '=', 'h.hidden_id'),
    )
    .where('h.stack_id', '=', stackId)
    .where('h.user_id', '=', userId)
    .where('u.status', 'in', [...LISTED_STATUSES]);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q
    .select('h.hidden_id')
    .orderBy('h.created_at', 'desc')
    .orderBy('h.hidden_id', 'desc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.hidden_id) };
}
