import type { Db } from '../../platform/db/database.ts';
import './auth.tables.ts';

// The auth module owns `accounts`. A query of another module that falls back to a console account's
// email inside its own statement composes this source, `leftJoin(accountEmails(db).as('a'), …)`,
// instead of naming the table.

/** Every console account's id and email. */
export function accountEmails(db: Db) {
  return db.selectFrom('accounts').select(['id', 'email']);
}
