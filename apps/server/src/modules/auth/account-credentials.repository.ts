import type { Db } from '../../platform/db/database.ts';
import './auth.tables.ts';

// The auth module owns `accounts`. Member sign-in checks a staff member's console password inside the
// statement that finds the member: it composes this source, `leftJoin(accountCredentials(db).as('a'), …)`,
// instead of naming the table (PostgreSQL folds the sub-query back in, one round trip as before).

/** Every console account's id, password hash and whether it may sign in. */
export function accountCredentials(db: Db) {
  return db.selectFrom('accounts').select(['id', 'password_hash', 'is_active']);
}
