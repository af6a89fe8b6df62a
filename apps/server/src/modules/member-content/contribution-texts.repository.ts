import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

// The member-content module owns `contributions`. A query of another module that searches contents by
// their text inside its own statement (tag assignment's search with its "assigned" flag) composes
// `contributionTexts(db)` instead of naming the table.

/** Every content's type, title and body. */
export function contributionTexts(db: Db) {
  return db.selectFrom('contributions').select(['stack_id', 'id', 'type', 'title', 'body']);
}

/** Which of `ids` are contents of the community. */
export async function existingContributionIds(
  db: Db,
  stackId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('contributions')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}
