import { sql, type Kysely } from 'kysely';
import type { ErrorPageKind } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Database } from '../../platform/db/schema.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import './custom-pages.tables.ts';

type Executor = Db | Kysely<Database>;

export interface PageRow {
  id: number;
  title: string;
  slug: string;
  label: string;
  alternative_url: string | null;
  html_body: string;
  active: boolean;
  created_by: number | null;
  created_at: Date;
  updated_by: number | null;
  updated_by_username: string | null;
  updated_at: Date;
}

const COLUMNS = [
  'id',
  'title',
  'slug',
  'label',
  'alternative_url',
  'html_body',
  'active',
  'created_by',
  'created_at',
  'updated_by',
  'updated_by_username',
  'updated_at',
] as const;

export interface PageFilter {
  /** Words found in the title, slug or label. */
  search?: string | undefined;
  active?: boolean | undefined;
  limit?: number | undefined;
  offset: number;
}

/** One page of the community's pages, newest edit first, with how many match. */
export async function listPages(
  db: Executor,
  stackId: number,
  filter: PageFilter,
): Promise<{ count: number; rows: PageRow[] }> {
  let q = db.selectFrom('custom_pages').where('stack_id', '=', stackId);
  if (filter.active !== undefined) q = q.where('active', '=', filter.active);
  if (filter.search) {
    const like = `%${escapeLike(filter.search)}%`;
    q = q.where((eb) =>
      eb.or([eb('title', 'ilike', like), eb('slug', 'ilike', like), eb('label', 'ilike', like)]),
    );
  }
  const counted = await q.select(sql<number>`count(*)::int`.as('count')).executeTakeFirstOrThrow();
  let rows = q.select(COLUMNS).orderBy('updated_at', 'desc').orderBy('id', 'desc').offset(filter.offset);
  if (filter.limit !== undefined) rows = rows.limit(filter.limit);
  return { count: counted.count, rows: await rows.execute() };
}

export function pageById(db: Executor, stackId: number, id: number): Promise<PageRow | undefined> {
  return db
    .selectFrom('custom_pages')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export function pageBySlug(db: Executor, stackId: number, slug: string): Promise<PageRow | undefined> {
  return db
    .selectFrom('custom_pages')
    .select(COLUMNS)
    .where('stack_id', '=', stackId)
    .where('slug', '=', slug)
    .executeTakeFirst();
}

/** The slugs of the community starting with `prefix` (to derive a free one). */
export async function slugsLike(db: Executor, stackId: number, prefix: string): Promise<string[]> {
  const rows = await db
    .selectFrom('custom_pages')
    .select('slug')
    .where('stack_id', '=', stackId)
    .where('slug', 'like', `${escapeLike(prefix)}%`)
    .execute();
  return rows.map((r) => r.slug);
}

export interface PageValues {
  title: string;
  slug: string;
  label: string;
  alternative_url: string | null;
  html_body: string;
  active: boolean;
}

export async function insertPage(
  db: Executor,
  stackId: number,
  values: PageValues,
  by: { userId: number; username: string },
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('custom_pages')
    .values({
      stack_id: stackId,
      ...values,
      created_by: by.userId,
      created_at: now,
      updated_by: by.userId,
      updated_by_username: by.username,
      updated_at: now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updatePage(
  db: Executor,
  stackId: number,
  id: number,
  values: PageValues,
  by: { userId: number; username: string },
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('custom_pages')
    .set({ ...values, updated_by: by.userId, updated_by_username: by.username, updated_at: now })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deletePage(db: Executor, stackId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('custom_pages')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface ErrorPageRow {
  kind: ErrorPageKind;
  html_body: string;
  updated_at: Date;
  updated_by_username: string | null;
}

export function errorPages(db: Executor, stackId: number): Promise<ErrorPageRow[]> {
  return db
    .selectFrom('error_pages')
    .select(['kind', 'html_body', 'updated_at', 'updated_by_username'])
    .where('stack_id', '=', stackId)
    .execute();
}

export async function saveErrorPage(
  db: Executor,
  stackId: number,
  kind: ErrorPageKind,
  html: string,
  by: { userId: number; username: string },
  now: Date,
): Promise<void> {
  const values = {
    html_body: html,
    updated_by: by.userId,
    updated_by_username: by.username,
    updated_at: now,
  };
  await db
    .insertInto('error_pages')
    .values({ stack_id: stackId, kind, ...values })
    .onConflict((oc) => oc.columns(['stack_id', 'kind']).doUpdateSet(values))
    .execute();
}

export async function deleteErrorPage(db: Executor, stackId: number, kind: ErrorPageKind): Promise<void> {
  await db.deleteFrom('error_pages').where('stack_id', '=', stackId).where('kind', '=', kind).execute();
}
