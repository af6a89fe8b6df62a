import type { Db } from '../../platform/db/database.ts';
import './member-auth.tables.ts';

// The member-auth module owns `logins`. A report of another module that counts sign-ins inside its
// own statement (the analytics tables, the analytics overview) composes this source,
// `selectFrom(loginRows(db).as('l'))` or `FROM ${loginRows(db)} l` in raw SQL, instead of naming the
// table; PostgreSQL folds the sub-query into the outer statement, so it stays one round trip.

/** Every member sign-in: (stack_id, user_id, at). */
export function loginRows(db: Db) {
  return db.selectFrom('logins').select(['stack_id', 'user_id', 'at']);
}
