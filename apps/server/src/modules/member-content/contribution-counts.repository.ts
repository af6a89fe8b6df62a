import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

/** Published contents of each of these authors by type, in one query (absent: none of that type). */
export function publishedContributionCountsOf(db: Db, stackId: number, authorIds: readonly number[]) {
  return db
    .selectFrom('contributions')
    .select(['author_id as id', 'type', sql<number>`count(*)::int`.as('n')])
    .where('stack_id', '=', stackId)
    .where('author_id', 'in', [...authorIds])
    .where('status', '=', 'published')
    .groupBy(['author_id', 'type'])
    .execute();
}
