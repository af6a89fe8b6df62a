import type { Selectable } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import type { AccountsTable } from './auth.tables.ts';

export type AccountRow = Selectable<AccountsTable>;

export function findAccountByLogin(db: Db, login: string): Promise<AccountRow | undefined> {
  const value = login.trim().toLowerCase();
  return db
    .selectFrom('accounts')
    .selectAll()
    .where((eb) =>
      eb.or([eb(eb.fn('lower', ['username']), '=', value), eb(eb.fn('lower', ['email']), '=', value)]),
    )
    .executeTakeFirst();
}

export function findAccountById(db: Db, id: number): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function touchLastLogin(db: Db, id: number, at: Date): Promise<void> {
  await db.updateTable('accounts').set({ last_login: at }).where('id', '=', id).execute();
}

/** The console language the account chose. */
export async function setAccountLanguage(db: Db, accountId: number, language: string): Promise<void> {
  await db.updateTable('accounts').set({ language }).where('id', '=', accountId).execute();
}
