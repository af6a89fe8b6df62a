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

/**
 * Whether a category of the community shows the stored image `hash` (its image or its thumbnail): the
 * theme shares content-addressed files with categories and keeps them while a category uses them.
 */
export async function categoriesUseMedia(db: Db, stackId: number, hash: string): Promise<boolean> {
  const pattern = `%/media/${hash}/%`;
  const row = await db
    .selectFrom('categories')
    .select('id')
    .where('stack_id', '=', stackId)
    .where((eb) => eb.or([eb('image_url', 'like', pattern), eb('thumbnail_url', 'like', pattern)]))
    .executeTakeFirst();
  return row !== undefined;
}
