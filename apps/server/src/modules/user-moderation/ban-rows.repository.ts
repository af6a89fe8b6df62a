import type { Db } from '../../platform/db/database.ts';
import './user-moderation.tables.ts';

// The user-moderation module owns `bans`. A query of another module that reads a member's ban inside
// its own statement (the community guards' one statement, ADR 0013; the staff memberships) composes
// this source, `leftJoin(banRows(db).as('b'), …)`, instead of naming the table. PostgreSQL folds the
// sub-query into the outer statement, so the plan and the single round trip stay as they were.

/** Every member's ban: (stack_id, user_id), when it started and when it ends (null: no end). */
export function banRows(db: Db) {
  return db.selectFrom('bans').select(['stack_id', 'user_id', 'ban_start', 'ban_until']);
}
