import { sql } from 'kysely';
import type { UserPreference, UserPreferenceKey } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import './preferences.tables.ts';

const columns = ['id', 'key', 'value'] as const;

export async function listPreferences(
  db: Db,
  accountId: number,
  key?: UserPreferenceKey,
): Promise<UserPreference[]> {
  let query = db.selectFrom('user_preferences').select(columns).where('account_id', '=', accountId);
  if (key) query = query.where('key', '=', key);
  const rows = await query.orderBy('id').execute();
  return rows as UserPreference[];
}

/** Adds a preference, or updates it when the account already has that key. */
export async function upsertPreference(
  db: Db,
  accountId: number,
  key: UserPreferenceKey,
  value: string,
  at: Date,
): Promise<{ preference: UserPreference; created: boolean }> {
  const row = await db
    .insertInto('user_preferences')
    .values({ account_id: accountId, key, value, updated_at: at })
    .onConflict((oc) => oc.columns(['account_id', 'key']).doUpdateSet({ value, updated_at: at }))
    .returning([...columns, sql<string>`xmax::text`.as('xmax')])
    .executeTakeFirstOrThrow();
  const { xmax, ...preference } = row as typeof row & { xmax: string };
  // xmax is 0 for a freshly inserted row and set when the conflict branch updated it.
  return { preference: preference as UserPreference, created: String(xmax) === '0' };
}

export async function updatePreference(
  db: Db,
  accountId: number,
  id: number,
  value: string,
  at: Date,
): Promise<UserPreference | undefined> {
  const row = await db
    .updateTable('user_preferences')
    .set({ value, updated_at: at })
    .where('id', '=', id)
    .where('account_id', '=', accountId)
    .returning(columns)
    .executeTakeFirst();
  return row as UserPreference | undefined;
}
