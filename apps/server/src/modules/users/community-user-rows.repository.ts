import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// The users module owns `community_users`. When another module's query needs community users inside
// its own statement (a page joined with its relations, a search with an "assigned" flag, a list with
// counters), it composes this source instead of naming the table: `selectFrom(communityUserRows(db).as('u'))`
// or `innerJoin(communityUserRows(db).as('u'), …)`. PostgreSQL folds the sub-query into the outer
// statement, so the plan and the single round trip stay as they were.

/** Every community user's row as other modules may read it (no password hash). */
export function communityUserRows(db: Db) {
  return db
    .selectFrom('community_users')
    .select([
      'stack_id',
      'id',
      'account_id',
      'username',
      'email',
      'role',
      'created_at',
      'real_name',
      'registered_from',
      'device',
      'bio',
      'status',
      'last_login',
      'score',
      'email_validated',
      'ext_id',
      'deleted_at',
    ]);
}

/** Which of `ids` are users of the community. */
export async function existingUserIds(db: Db, stackId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}
