import type { Db } from '../../platform/db/database.ts';
import './categories.tables.ts';

// The categories module owns `categories`. A query of another module that needs categories inside its
// own statement (a page counting positions, a search with an "assigned" flag, a join with interests)
// composes this source, `selectFrom(categoryRows(db).as('c'))`, instead of naming the table.

/** Every category's row (a deleted category is gone: its contents moved to another one). */
export function categoryRows(db: Db) {
  return db
    .selectFrom('categories')
    .select(['stack_id', 'id', 'name', 'slug', 'created_at'])
    .where('deleted', '=', false);
}

/** Which of `ids` are categories of the community. */
export async function existingCategoryIds(
  db: Db,
  stackId: number,
  ids: readonly number[],
): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .where('deleted', '=', false)
    .execute();
  return rows.map((r) => r.id);
}
