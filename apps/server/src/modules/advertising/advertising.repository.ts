import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { CustomAdsTable } from './advertising.tables.ts';
import './advertising.tables.ts';

export type CustomAdRow = Selectable<CustomAdsTable>;
export interface CustomAdValues {
  title: string;
  link: string;
  image: string;
  embed_code: string;
  category_id: number | null;
  position: string;
  active: boolean;
}

/** Which ads a page holds: a position, categories (an ad for all categories matches any), activity. */
export interface CustomAdFilter {
  position?: string;
  /** Ads of these categories or of all categories; absent: every ad. */
  categories?: readonly number[];
  /** Only active (true) or inactive (false) ads; absent: both. */
  active?: boolean;
  search?: string;
}

function filtered(db: Db, stackId: number, filter: CustomAdFilter) {
  let query = db.selectFrom('custom_ads').where('stack_id', '=', stackId);
  if (filter.position) query = query.where('position', '=', filter.position);
  if (filter.active !== undefined) query = query.where('active', '=', filter.active);
  if (filter.categories) {
    const ids = [...filter.categories];
    query = query.where((eb) =>
      ids.length > 0
        ? eb.or([eb('category_id', 'is', null), eb('category_id', 'in', ids)])
        : eb('category_id', 'is', null),
    );
  }
  if (filter.search) {
    const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    query = query.where('title', 'ilike', pattern);
  }
  return query;
}

/** One page of ads, newest first, and how many match in all. */
export async function adPage(
  db: Db,
  stackId: number,
  filter: CustomAdFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: CustomAdRow[] }> {
  const { count } = await filtered(db, stackId, filter)
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  let rows = filtered(db, stackId, filter).selectAll().orderBy('id', 'desc').offset(offset);
  if (limit !== undefined) rows = rows.limit(limit);
  return { count: Number(count), rows: await rows.execute() };
}

export async function findAd(db: Db, stackId: number, id: number): Promise<CustomAdRow | undefined> {
  return db
    .selectFrom('custom_ads')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function insertAd(
  db: Db,
  stackId: number,
  values: CustomAdValues,
  by: { userId: number; username: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('custom_ads')
    .values({
      stack_id: stackId,
      ...values,
      created_at: at,
      updated_at: at,
      created_by: by.userId,
      created_by_username: by.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateAd(db: Db, stackId: number, id: number, values: CustomAdValues, at: Date) {
  await db
    .updateTable('custom_ads')
    .set({ ...values, updated_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** Deletes an ad; whether it was there. */
export async function deleteAd(db: Db, stackId: number, id: number): Promise<boolean> {
  const row = await db
    .deleteFrom('custom_ads')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .returning('id')
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another ad of the community still shows the stored image at `address`. */
export async function imageInUse(db: Db, stackId: number, address: string): Promise<boolean> {
  const row = await db
    .selectFrom('custom_ads')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('image', '=', address)
    .executeTakeFirst();
  return row !== undefined;
}
