import type { Db } from '../../platform/db/database.ts';
import './tagging.tables.ts';

// The tagging module owns `tags` and `user_tags`; these are the questions other modules ask about a
// user's tags, so no other module names the tables. Every function takes the caller's `db`, which may
// be a transaction.

export interface UserTagRow {
  user_id: number;
  id: number;
  name: string;
  color: string;
}

/** The tags of these users, by tag name; `onlyShown` keeps the active, visible ones (what members see). */
export async function tagsOfUsers(
  db: Db,
  stackId: number,
  userIds: number[],
  options: { onlyShown?: boolean } = {},
): Promise<UserTagRow[]> {
  if (userIds.length === 0) return [];
  let query = db
    .selectFrom('user_tags as ut')
    .innerJoin('tags as t', (join) =>
      join.onRef('t.stack_id', '=', 'ut.stack_id').onRef('t.id', '=', 'ut.tag_id'),
    )
    .select(['ut.user_id', 't.id', 't.name', 't.color'])
    .where('ut.stack_id', '=', stackId)
    .where('ut.user_id', 'in', userIds);
  if (options.onlyShown) query = query.where('t.active', '=', true).where('t.visible', '=', true);
  return query.orderBy('t.name').execute();
}

/** The ids of a user's tags, ascending. */
export async function tagIdsOfUser(db: Db, stackId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('user_tags')
    .select('tag_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .orderBy('tag_id')
    .execute();
  return rows.map((r) => r.tag_id);
}

/** Takes every tag off a user (the user is being deleted). */
export async function untagUser(db: Db, stackId: number, userId: number): Promise<void> {
  await db.deleteFrom('user_tags').where('stack_id', '=', stackId).where('user_id', '=', userId).execute();
}
