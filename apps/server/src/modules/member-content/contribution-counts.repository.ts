import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './member-content.tables.ts';

/**
 * Published contents of each of these authors by type, in one query (absent: none of that type): a
 * scheduled one counts from its time (`composer-schedule.ts`), as members see it then.
 */
export function publishedContributionCountsOf(
  db: Db,
  stackId: number,
  authorIds: readonly number[],
  now: Date,
) {
  return db
    .selectFrom('contributions')
    .select(['author_id as id', 'type', sql<number>`count(*)::int`.as('n')])
    .where('stack_id', '=', stackId)
    .where('author_id', 'in', [...authorIds])
    .where('status', '=', 'published')
    .where('created_at', '<=', now)
    .groupBy(['author_id', 'type'])
    .execute();
}
