import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import './loyalty.tables.ts';

/** Ledger actions besides the earning ones: a request spends, a refused one refunds. */
export const SPEND_ACTION = 'prize_request';
export const REFUND_ACTION = 'prize_refund';

export async function readConfigPoints(db: Db, stackId: number): Promise<Record<string, number>> {
  const row = await db
    .selectFrom('loyalty_config')
    .select('points')
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
  return row?.points ?? {};
}

export async function writeConfigPoints(db: Db, stackId: number, points: Record<string, number>, at: Date) {
  await db
    .insertInto('loyalty_config')
    .values({ stack_id: stackId, points: JSON.stringify(points), updated_at: at })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet({ points: JSON.stringify(points), updated_at: at }))
    .execute();
}

export async function balance(db: Db, stackId: number, userId: number): Promise<number> {
  const row = await db
    .selectFrom('loyalty_balances')
    .select('points')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return row?.points ?? 0;
}

/**
 * SelfCommunity's `user.loyalty_points_updated`, recorded in the transaction that moved the balance
 * (every change goes through `credit`, `creditOnce` or `debitIfCovered`).
 */
async function pointsUpdated(
  trx: Db,
  entry: { stackId: number; userId: number; points: number; action: string; at: Date },
  balance: number,
): Promise<void> {
  const data = {
    user: { id: entry.userId, loyalty_points: balance },
    loyalty_points: balance,
    points: entry.points,
    action: entry.action,
  };
  await recordEvent(trx, { stackId: entry.stackId, type: 'user.loyalty_points_updated', data, at: entry.at });
}

/** Adds points to a balance (created on first use) and writes the ledger row; run in a transaction. */
export async function credit(
  trx: Db,
  entry: { stackId: number; userId: number; points: number; action: string; at: Date; requestId?: number },
): Promise<void> {
  await trx
    .insertInto('loyalty_ledger')
    .values({
      stack_id: entry.stackId,
      user_id: entry.userId,
      at: entry.at,
      points: entry.points,
      action: entry.action,
      request_id: entry.requestId ?? null,
    })
    .execute();
  const balance = await trx
    .insertInto('loyalty_balances')
    .values({ stack_id: entry.stackId, user_id: entry.userId, points: entry.points })
    .onConflict((oc) =>
      oc
        .columns(['stack_id', 'user_id'])
        .doUpdateSet({ points: sql`loyalty_balances.points + ${entry.points}` }),
    )
    .returning('points')
    .executeTakeFirstOrThrow();
  await pointsUpdated(trx, entry, balance.points);
}

/**
 * Credits points that are earned once per member, action and subject (a shared content): the ledger's
 * unique index on them decides, so two racing calls credit once. Answers whether it credited.
 */
export async function creditOnce(
  trx: Db,
  entry: { stackId: number; userId: number; points: number; action: string; at: Date; subject: string },
): Promise<boolean> {
  const inserted = await sql<{ id: string }>`
    INSERT INTO loyalty_ledger (stack_id, user_id, at, points, action, subject)
    VALUES (${entry.stackId}, ${entry.userId}, ${entry.at}, ${entry.points}, ${entry.action}, ${entry.subject})
    ON CONFLICT (stack_id, user_id, action, subject) WHERE subject IS NOT NULL DO NOTHING
    RETURNING id
  `.execute(trx);
  if (inserted.rows.length === 0) return false;
  const balance = await trx
    .insertInto('loyalty_balances')
    .values({ stack_id: entry.stackId, user_id: entry.userId, points: entry.points })
    .onConflict((oc) =>
      oc
        .columns(['stack_id', 'user_id'])
        .doUpdateSet({ points: sql`loyalty_balances.points + ${entry.points}` }),
    )
    .returning('points')
    .executeTakeFirstOrThrow();
  await pointsUpdated(trx, entry, balance.points);
  return true;
}

/**
 * Takes `cost` points from a balance only when it covers them, in one conditional statement: two
 * requests racing for the last points are ordered by the row lock, and the second finds too few.
 * Answers whether the points were taken.
 */
export async function debitIfCovered(
  trx: Db,
  stackId: number,
  userId: number,
  cost: number,
  at: Date,
): Promise<boolean> {
  const row = await trx
    .updateTable('loyalty_balances')
    .set({ points: sql`points - ${cost}` })
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('points', '>=', cost)
    .returning('points')
    .executeTakeFirst();
  if (row === undefined) return false;
  await pointsUpdated(trx, { stackId, userId, points: -cost, action: SPEND_ACTION, at }, row.points);
  return true;
}

export interface PrizeRow {
  id: number;
  title: string;
  points: number;
  link: string;
  description: string;
  image: string;
  active: boolean;
  created_at: Date;
  created_by: number | null;
  created_by_username: string | null;
  updated_at: Date;
}
const prizeColumns = [
  'id',
  'title',
  'points',
  'link',
  'description',
  'image',
  'active',
  'created_at',
  'created_by',
  'created_by_username',
  'updated_at',
] as const;

export async function prizePage(
  db: Db,
  stackId: number,
  filter: { active?: boolean; search?: string },
  limit: number | undefined,
  offset: number,
) {
  let q = db.selectFrom('loyalty_prizes').where('stack_id', '=', stackId);
  if (filter.active !== undefined) q = q.where('active', '=', filter.active);
  if (filter.search)
    q = q.where(sql`lower(title)`, 'like', `%${filter.search.toLowerCase().replace(/[\\%_]/g, '\\$&')}%`);
  let rows = q.select(prizeColumns).orderBy('points').orderBy('id').offset(offset);
  if (limit !== undefined) rows = rows.limit(limit);
  const [count, results] = await Promise.all([
    q.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    rows.execute(),
  ]);
  return { count: Number(count.n), rows: results as PrizeRow[] };
}

export async function findPrize(db: Db, stackId: number, id: number): Promise<PrizeRow | undefined> {
  return (await db
    .selectFrom('loyalty_prizes')
    .select(prizeColumns)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst()) as PrizeRow | undefined;
}

export interface PrizeValues {
  title: string;
  points: number;
  link: string;
  description: string;
  image: string;
  active: boolean;
}

export async function insertPrize(
  db: Db,
  stackId: number,
  values: PrizeValues,
  by: { userId: number; username: string },
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('loyalty_prizes')
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

export async function updatePrize(db: Db, stackId: number, id: number, values: PrizeValues, at: Date) {
  await db
    .updateTable('loyalty_prizes')
    .set({ ...values, updated_at: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

function requestRows(db: Db, stackId: number) {
  return db
    .selectFrom('loyalty_requests as r')
    .where('r.stack_id', '=', stackId)
    .select([
      'r.id',
      'r.user_id',
      'r.prize_id',
      'r.prize_points',
      'r.status',
      'r.created_at',
      'r.decided_at',
      'r.decided_by',
      'r.decided_by_username',
    ]);
}

export async function requestPage(
  db: Db,
  stackId: number,
  filter: { status?: string; userId?: number; ids?: number[] },
  limit: number | undefined,
  offset: number,
) {
  let base = db.selectFrom('loyalty_requests as r').where('r.stack_id', '=', stackId);
  let rows = requestRows(db, stackId);
  if (filter.status) {
    base = base.where('r.status', '=', filter.status);
    rows = rows.where('r.status', '=', filter.status);
  }
  if (filter.userId !== undefined) {
    base = base.where('r.user_id', '=', filter.userId);
    rows = rows.where('r.user_id', '=', filter.userId);
  }
  if (filter.ids) {
    base = base.where('r.id', 'in', filter.ids);
    rows = rows.where('r.id', 'in', filter.ids);
  }
  let page = rows.orderBy('r.created_at', 'desc').orderBy('r.id', 'desc').offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  const [count, results] = await Promise.all([
    base.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirstOrThrow(),
    page.execute(),
  ]);
  return { count: Number(count.n), rows: results };
}

export async function findRequest(db: Db, stackId: number, id: number) {
  return requestRows(db, stackId).where('r.id', '=', id).executeTakeFirst();
}

export async function insertRequest(
  trx: Db,
  stackId: number,
  values: { userId: number; prizeId: number; points: number; at: Date },
): Promise<number> {
  const row = await trx
    .insertInto('loyalty_requests')
    .values({
      stack_id: stackId,
      user_id: values.userId,
      prize_id: values.prizeId,
      prize_points: values.points,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Moves a pending request to its decision; undefined when it was not pending (decided already). */
export async function decide(
  trx: Db,
  stackId: number,
  id: number,
  status: 'accepted' | 'refused',
  by: { userId: number; username: string },
  at: Date,
) {
  return trx
    .updateTable('loyalty_requests')
    .set({ status, decided_at: at, decided_by: by.userId, decided_by_username: by.username })
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .returning(['id', 'user_id', 'prize_points'])
    .executeTakeFirst();
}
