import type { Db } from '../../platform/db/database.ts';
import './categories.tables.ts';

// The categories module owns `categories`; these are the questions other modules ask of them, so
// they do not name the table.

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
    .where('deleted', '=', false)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/**
 * Whether a caller may put a content in these categories: `hidden` when one is deleted or (for a
 * member) disabled, `staffOnly` when one takes contents from staff only and the caller is not staff.
 */
export async function postableCategories(
  db: Db,
  stackId: number,
  ids: readonly number[],
  staff: boolean,
): Promise<{ hidden: boolean; staffOnly: boolean }> {
  if (ids.length === 0) return { hidden: false, staffOnly: false };
  const rows = await db
    .selectFrom('categories')
    .select(['active', 'deleted', 'content_only_staff'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return {
    hidden: rows.some((r) => r.deleted || (!r.active && !staff)),
    staffOnly: !staff && rows.some((r) => r.content_only_staff),
  };
}

/** The categories a new member follows at sign-up: forced and preselected auto-follow, enabled ones. */
export async function autoFollowedCategoryIds(db: Db, stackId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false)
    .where('active', '=', true)
    .where('auto_follow', 'in', ['forced', 'preselection'])
    .execute();
  return rows.map((r) => r.id);
}

/** How many categories (not deleted) the community has. */
export async function countCategories(db: Db, stackId: number): Promise<number> {
  const row = await db
    .selectFrom('categories')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
