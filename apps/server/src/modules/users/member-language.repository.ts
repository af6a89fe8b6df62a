import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// A member's own language (migration 0039): the language the product writes their emails in.

/** The known language of each member of the community with one of these addresses, by lower-cased address. */
export async function memberLanguages(
  db: Db,
  stackId: number,
  emails: readonly string[],
): Promise<Map<string, 'en' | 'it'>> {
  const wanted = [...new Set(emails.map((e) => e.trim().toLowerCase()).filter((e) => e !== ''))];
  const found = new Map<string, 'en' | 'it'>();
  if (wanted.length === 0) return found;
  const rows = await db
    .selectFrom('community_users')
    .select([sql<string>`lower(email)`.as('email'), 'language'])
    .where('stack_id', '=', stackId)
    .where('language', 'is not', null)
    .where(sql<string>`lower(email)`, 'in', wanted)
    .execute();
  for (const row of rows) if (row.language) found.set(row.email, row.language);
  return found;
}

/** Sets a member's language (null: not known). */
export async function setMemberLanguage(
  db: Db,
  stackId: number,
  userId: number,
  language: 'en' | 'it' | null,
): Promise<void> {
  await db
    .updateTable('community_users')
    .set({ language })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}

/** A member's own language, or null when not known. */
export async function memberLanguage(db: Db, stackId: number, userId: number): Promise<'en' | 'it' | null> {
  const row = await db
    .selectFrom('community_users')
    .select('language')
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .executeTakeFirst();
  return row?.language ?? null;
}
