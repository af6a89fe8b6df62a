import type { Db } from '../../platform/db/database.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
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

/**
 * Gives every user every tag (a tag a user already has is kept); answers how many were added. Records
 * `tag.assigned` for each tag that reached someone, in the same transaction (ADR 0034).
 */
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
  return db.transaction().execute(async (trx) => {
    const rows = await trx
      .insertInto('user_tags')
      .values(values)
      .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'tag_id']).doNothing())
      .returning(['user_id', 'tag_id'])
      .execute();
    const usersOf = new Map<number, number[]>();
    for (const r of rows) usersOf.set(r.tag_id, [...(usersOf.get(r.tag_id) ?? []), r.user_id]);
    if (usersOf.size === 0) return 0;
    const names = await trx
      .selectFrom('tags')
      .select(['id', 'name'])
      .where('stack_id', '=', stackId)
      .where('id', 'in', [...usersOf.keys()])
      .execute();
    for (const [tagId, users] of usersOf) {
      const tag = { id: tagId, name: names.find((n) => n.id === tagId)?.name ?? '', type: 'user' };
      const data = { tag, object_type: 'user', object_ids: users };
      await recordEvent(trx, { stackId, type: 'tag.assigned', data, at });
    }
    return rows.length;
  });
}
