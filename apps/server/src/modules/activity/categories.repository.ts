import type { Db } from '../../platform/db/database.ts';
import './activity.tables.ts';

// The activity module owns `categories` (no area writes them yet: the seed does); these are the
// questions other modules ask of them, so they do not name the table.

/** These categories of the community (those that exist), with their creation date. */
export async function categoriesByIds(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'created_at'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
}

/** A keyset page of the community's categories: the first `limit` with an id above `after`. */
export function categoriesAfter(db: Db, stackId: number, after: number, limit: number) {
  return db
    .selectFrom('categories')
    .select(['id', 'name'])
    .where('stack_id', '=', stackId)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}
