import type { Db } from '../../platform/db/database.ts';
import './tagging.tables.ts';

// The tagging module owns `user_tags`. A query of another module that needs a user's tags inside its
// own statement (the member list filtered by a tag) composes `userTagRows(db)` instead of naming the
// table; a new member's tags are given here.

/** Every user-tag assignment: (stack_id, user_id, tag_id). */
export function userTagRows(db: Db) {
  return db.selectFrom('user_tags').select(['stack_id', 'user_id', 'tag_id']);
}

/** Gives a user these tags (one it already has is kept). */
export async function addUserTags(db: Db, stackId: number, userId: number, tagIds: number[]): Promise<void> {
  if (tagIds.length === 0) return;
  await db
    .insertInto('user_tags')
    .values(tagIds.map((tag_id) => ({ stack_id: stackId, user_id: userId, tag_id })))
    .onConflict((oc) => oc.doNothing())
    .execute();
}
