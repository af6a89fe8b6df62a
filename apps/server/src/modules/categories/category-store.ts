import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import type { CategoriesTable } from './categories.tables.ts';

// The categories module's own SQL over its table (console and member API).

export type CategoryRow = Selectable<CategoriesTable>;
export type CategoryChanges = Updateable<CategoriesTable>;

export interface CategoryFilter {
  search?: string | undefined;
  /** Only enabled (true) or only disabled (false) categories. */
  active?: boolean | undefined;
  /** false: not deleted (the default); true: only deleted. */
  deleted?: boolean | undefined;
  /** false: leave out the categories where only staff may create contents. */
  staffOnly?: false | undefined;
  order: 'manual' | 'name';
}

function filtered(db: Db, stackId: number, f: Omit<CategoryFilter, 'order'>) {
  let q = db
    .selectFrom('categories')
    .where('stack_id', '=', stackId)
    .where('deleted', '=', f.deleted ?? false);
  if (f.active !== undefined) q = q.where('active', '=', f.active);
  if (f.staffOnly === false) q = q.where('content_only_staff', '=', false);
  if (f.search) {
    const like = `%${escapeLike(f.search.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([eb(sql`lower(name)`, 'like', like), eb(sql`lower(name_synonyms)`, 'like', like)]),
    );
  }
  return q;
}

export async function pageOfCategoryRows(
  db: Db,
  stackId: number,
  f: CategoryFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: CategoryRow[] }> {
  const base = filtered(db, stackId, f);
  const total = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = base.selectAll();
  page =
    f.order === 'manual'
      ? page.orderBy('position').orderBy('id')
      : page.orderBy(sql`lower(name)`).orderBy('id');
  page = page.offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, rows: await page.execute() };
}

/** The ids of the community's categories that match `f`, without order (one read). */
export async function categoryIdsWhere(
  db: Db,
  stackId: number,
  f: Omit<CategoryFilter, 'order'>,
): Promise<number[]> {
  const rows = await filtered(db, stackId, f).select('id').execute();
  return rows.map((r) => r.id);
}

export async function findCategory(db: Db, stackId: number, id: number): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('deleted', '=', false)
    .executeTakeFirst();
}

/** Another category (not deleted) of the community with this title (case-insensitive), or this permalink. */
export async function findClash(
  db: Db,
  stackId: number,
  by: { name?: string; slug?: string },
  exceptId: number | null,
): Promise<{ name: boolean; slug: boolean }> {
  let q = db
    .selectFrom('categories')
    .select(['name', 'slug'])
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false);
  if (exceptId !== null) q = q.where('id', '<>', exceptId);
  if (by.name === undefined && by.slug === undefined) return { name: false, slug: false };
  q = q.where((eb) =>
    eb.or([
      ...(by.name !== undefined ? [eb(sql`lower(name)`, '=', by.name.toLowerCase())] : []),
      ...(by.slug !== undefined ? [eb('slug', '=', by.slug)] : []),
    ]),
  );
  const rows = await q.execute();
  return {
    name: by.name !== undefined && rows.some((r) => r.name.toLowerCase() === by.name?.toLowerCase()),
    slug: by.slug !== undefined && rows.some((r) => r.slug === by.slug),
  };
}

export async function findByName(db: Db, stackId: number, name: string): Promise<CategoryRow | undefined> {
  return db
    .selectFrom('categories')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false)
    .where(sql`lower(name)`, '=', name.toLowerCase())
    .executeTakeFirst();
}

/** The permalinks (not deleted) starting with `base`, to pick a free one. */
export async function slugsLike(db: Db, stackId: number, base: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('categories')
    .select('slug')
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false)
    .where('slug', 'like', `${escapeLike(base)}%`)
    .execute();
  return new Set(rows.map((r) => r.slug));
}

export async function insertCategory(
  db: Db,
  stackId: number,
  values: Omit<CategoryChanges, 'stack_id' | 'id' | 'position'> & { name: string; slug: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({
      ...values,
      stack_id: stackId,
      position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM categories WHERE stack_id = ${stackId} AND NOT deleted)`,
      created_at: at,
      updated_at: at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateCategory(
  db: Db,
  stackId: number,
  id: number,
  changes: CategoryChanges,
  at: Date,
): Promise<void> {
  await db
    .updateTable('categories')
    .set({ ...changes, updated_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** The ids of the community's categories (not deleted). */
export async function categoryIdsOf(db: Db, stackId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('categories')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('deleted', '=', false)
    .execute();
  return rows.map((r) => r.id);
}

/** Sets the manual order: `ids[0]` is order 1. */
export async function setOrder(db: Db, stackId: number, ids: readonly number[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(ids.map((id, i) => sql`(${id}::int, ${i + 1}::int)`));
  await sql`
    UPDATE categories c SET position = v.position, updated_at = ${at}
      FROM (VALUES ${values}) AS v (id, position)
     WHERE c.stack_id = ${stackId} AND c.id = v.id`.execute(db);
}

/** Soft-deletes a category: it keeps its row (analytics history) but leaves every list. */
export async function markDeleted(db: Db, stackId: number, id: number, at: Date): Promise<void> {
  await db
    .updateTable('categories')
    .set({ deleted: true, active: false, updated_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}
