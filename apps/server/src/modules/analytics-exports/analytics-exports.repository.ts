import type { Insertable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { categoryRows } from '../categories/category-rows.repository.ts';
import { contributionRows } from '../member-content/contribution-rows.repository.ts';
import { commentRows } from '../member-content/reaction-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import type { AnalyticsExportsTable } from './analytics-exports.tables.ts';

// This module owns `analytics_exports`; the exported rows come from their owners' sources
// (`*-rows.repository.ts`), composed here into one statement per page.

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
    .selectFrom(contributionRows(db).as('c'))
    .select('c.id')
    .where('c.stack_id', '=', stackId)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return !!row;
}

// ---- Keyset pages of the exported rows (never the whole table at once) ----

export function membersAfter(db: Db, stackId: number, after: number, limit: number) {
  return db
    .selectFrom(communityUserRows(db).as('u'))
    .select([
      'u.id',
      'u.username',
      'u.real_name',
      'u.email',
      'u.created_at',
      'u.last_login',
      'u.status',
      'u.score',
    ])
    .where('u.stack_id', '=', stackId)
    .where('u.role', 'is', null)
    .where('u.id', '>', after)
    .orderBy('u.id')
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
    .selectFrom(contributionRows(db).as('c'))
    .leftJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'c.stack_id').onRef('u.id', '=', 'c.author_id'),
    )
    .leftJoin(categoryRows(db).as('k'), (j) =>
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
    .selectFrom(commentRows(db).as('m'))
    .leftJoin(communityUserRows(db).as('u'), (j) =>
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
