import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

// The member-content module owns `contributions` and so the link from a content to its category. The
// categories module asks these questions of it: how many contents a category holds, and moving them
// to another category before a category is deleted (so no content is left pointing at nothing).

/** Contents (any status: a deleted one still points at its category) of each category. */
export async function contributionCountsByCategory(
  db: Db,
  stackId: number,
  categoryIds: readonly number[],
): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('contributions')
    .select(['category_id', sql<number>`count(*)::int`.as('n')])
    .where('stack_id', '=', stackId)
    .where('category_id', 'in', [...categoryIds])
    .groupBy('category_id')
    .execute();
  return new Map(rows.flatMap((r) => (r.category_id === null ? [] : [[r.category_id, r.n] as const])));
}

/** Moves every content of category `from` to category `to`; answers how many moved. */
export async function moveContributionsToCategory(
  db: Db,
  stackId: number,
  from: number,
  to: number,
): Promise<number> {
  const result = await db
    .updateTable('contributions')
    .set({ category_id: to })
    .where('stack_id', '=', stackId)
    .where('category_id', '=', from)
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
