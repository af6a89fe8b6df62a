import type { Db } from './database.ts';

/**
 * Runs `work` in a transaction: the caller's own when `db` already is one (a service called from
 * another's transaction, as publishing an incubator proposal adds a category), else a new one.
 * Kysely refuses to open a transaction inside a transaction.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}
