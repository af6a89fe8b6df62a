import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import './promo-codes.tables.ts';

export interface PromoCodeRow {
  id: number;
  name: string;
  code: string;
  tag_ids: number[];
  valid_from: Date;
  valid_to: Date;
  created_at: Date;
  created_by: number | null;
  created_by_username: string | null;
}

export interface PromoCodeValues {
  name: string;
  code: string;
  tag_ids: number[];
  valid_from: Date;
  valid_to: Date;
}

const columns = [
  'id',
  'name',
  'code',
  'tag_ids',
  'valid_from',
  'valid_to',
  'created_at',
  'created_by',
  'created_by_username',
] as const;

function filtered(db: Db, stackId: number, search: string | undefined) {
  let q = db.selectFrom('promo_codes').where('stack_id', '=', stackId);
  if (search) {
    const like = `%${escapeLike(search.toLowerCase())}%`;
    q = q.where((eb) => eb.or([eb(sql`lower(name)`, 'like', like), eb(sql`lower(code)`, 'like', like)]));
  }
  return q;
}

export async function page(
  db: Db,
  stackId: number,
  search: string | undefined,
  limit: number,
  offset: number,
) {
  const [count, rows] = await Promise.all([
    filtered(db, stackId, search)
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow(),
    filtered(db, stackId, search)
      .select(columns)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
  ]);
  return { count: Number(count.n), rows: rows as PromoCodeRow[] };
}

export async function findById(db: Db, stackId: number, id: number): Promise<PromoCodeRow | undefined> {
  return (await db
    .selectFrom('promo_codes')
    .select(columns)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst()) as PromoCodeRow | undefined;
}

/** A code whatever its case. */
export async function findByCode(db: Db, stackId: number, code: string): Promise<PromoCodeRow | undefined> {
  return (await db
    .selectFrom('promo_codes')
    .select(columns)
    .where('stack_id', '=', stackId)
    .where(sql`lower(code)`, '=', code.toLowerCase())
    .executeTakeFirst()) as PromoCodeRow | undefined;
}

export async function codeTaken(db: Db, stackId: number, code: string, exceptId?: number): Promise<boolean> {
  let q = db
    .selectFrom('promo_codes')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql`lower(code)`, '=', code.toLowerCase());
  if (exceptId !== undefined) q = q.where('id', '<>', exceptId);
  return (await q.executeTakeFirst()) !== undefined;
}

export async function insert(
  db: Db,
  stackId: number,
  values: PromoCodeValues,
  by: { userId: number; username: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('promo_codes')
    .values({
      stack_id: stackId,
      ...values,
      created_at: at,
      created_by: by.userId,
      created_by_username: by.username,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function update(db: Db, stackId: number, id: number, values: PromoCodeValues): Promise<void> {
  await db
    .updateTable('promo_codes')
    .set(values)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

export async function remove(db: Db, stackId: number, id: number): Promise<boolean> {
  const result = await db
    .deleteFrom('promo_codes')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}
