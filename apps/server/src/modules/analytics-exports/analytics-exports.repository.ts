import type { Db } from '../../platform/db/database.ts';
import type {} from '../activity/activity.tables.ts';
import type {} from './analytics-exports.tables.ts';
import type { AnalyticsExportsTable } from './analytics-exports.tables.ts';
import type { Insertable } from 'kysely';

export async function insertExport(db: Db, values: Insertable<AnalyticsExportsTable>): Promise<number> {
  const row = await db
    .insertInto('analytics_exports')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function findExport(db: Db, stackId: number, id: number) {
  return db
    .selectFrom('analytics_exports')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
}
export type ExportRow = NonNullable<Awaited<ReturnType<typeof findExport>>>;

export async function listExports(
  db: Db,
  stackId: number,
  requestedBy: number,
  limit: number,
  offset: number,
) {
  const [rows, total] = await Promise.all([
    db
      .selectFrom('analytics_exports')
      .selectAll()
      .where('stack_id', '=', stackId)
      .where('requested_by', '=', requestedBy)
      .orderBy('id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    db
      .selectFrom('analytics_exports')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('stack_id', '=', stackId)
      .where('requested_by', '=', requestedBy)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, count: Number(total.n) };
}

export async function updateExport(
  db: Db,
  stackId: number,
  id: number,
  values: Partial<{
    status: 'pending' | 'running' | 'done' | 'failed';
    error: string | null;
    rows: number | null;
    bytes: number | null;
    completed_at: Date | null;
    expires_at: Date | null;
  }>,
) {
  await db
    .updateTable('analytics_exports')
    .set(values)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

export async function contributionExists(db: Db, stackId: number, id: number): Promise<boolean> {
  const row = await db
    .selectFrom('contributions')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .executeTakeFirst();
  return !!row;
}

// ---- Keyset pages of the exported rows (never the whole table at once) ----

export function membersAfter(db: Db, stackId: number, after: number, limit: number) {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'real_name', 'email', 'created_at', 'last_login', 'status', 'score'])
    .where('stack_id', '=', stackId)
    .where('role', 'is', null)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

export function contributionsAfter(
  db: Db,
  stackId: number,
  after: number,
  limit: number,
  from: Date | null,
  to: Date | null,
) {
  let query = db
    .selectFrom('contributions as c')
    .leftJoin('community_users as u', (j) =>
      j.onRef('u.stack_id', '=', 'c.stack_id').onRef('u.id', '=', 'c.author_id'),
    )
    .leftJoin('categories as k', (j) =>
      j.onRef('k.stack_id', '=', 'c.stack_id').onRef('k.id', '=', 'c.category_id'),
    )
    .select(['c.id', 'c.type', 'c.title', 'c.created_at', 'u.username as author', 'k.name as category'])
    .where('c.stack_id', '=', stackId)
    .where('c.id', '>', after);
  if (from) query = query.where('c.created_at', '>=', from);
  if (to) query = query.where('c.created_at', '<', to);
  return query.orderBy('c.id').limit(limit).execute();
}

export function threadCommentsAfter(
  db: Db,
  stackId: number,
  contributionId: number,
  after: number,
  limit: number,
) {
  return db
    .selectFrom('comments as m')
    .leftJoin('community_users as u', (j) =>
      j.onRef('u.stack_id', '=', 'm.stack_id').onRef('u.id', '=', 'm.author_id'),
    )
    .select(['m.id', 'm.body', 'm.created_at', 'u.username as author'])
    .where('m.stack_id', '=', stackId)
    .where('m.contribution_id', '=', contributionId)
    .where('m.id', '>', after)
    .orderBy('m.id')
    .limit(limit)
    .execute();
}
