import type { Db } from '../../platform/db/database.ts';
import './tagging.tables.ts';

// Giving user tags to many users at once (the analytics users table's "assign tags"): the tags that
// can be given and the assignment itself, asked of tagging, which owns `tags` and `user_tags`.

/** The community's active user tags, by name: what staff may give to selected users. */
export function activeUserTags(db: Db, stackId: number) {
  return db
    .selectFrom('tags')
    .select(['id', 'name', 'color'])
    .where('stack_id', '=', stackId)
    .where('type', '=', 'user')
    .where('active', '=', true)
    .orderBy('name')
    .execute();
}

/** Gives every user every tag (a tag a user already has is kept); answers how many were added. */
export async function assignUserTags(
  db: Db,
  stackId: number,
  userIds: readonly number[],
  tagIds: readonly number[],
  at: Date,
): Promise<number> {
  const values = userIds.flatMap((user_id) =>
    tagIds.map((tag_id) => ({ stack_id: stackId, user_id, tag_id, created_at: at })),
  );
  if (values.length === 0) return 0;
  const rows = await db
    .insertInto('user_tags')
    .values(values)
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'tag_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length;
}
