import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

/** The usernames of these users of the community, by id (those that exist), in one query. */
export async function usernamesOf(db: Db, stackId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('community_users')
    .select(['id', 'username'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}
