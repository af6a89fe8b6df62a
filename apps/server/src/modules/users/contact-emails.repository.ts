import type { Db } from '../../platform/db/database.ts';
import { accountEmails } from '../auth/account-emails.repository.ts';
import { communityUserRows } from './community-user-rows.repository.ts';

/**
 * The address a community user is written to: its own email, else the one of the console account it
 * signs in with; null when it has neither (or there is no such user). One statement.
 */
export async function contactEmailOf(db: Db, stackId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom(communityUserRows(db).as('u'))
    .leftJoin(accountEmails(db).as('a'), 'a.id', 'u.account_id')
    .select(['u.email as own', 'a.email as account'])
    .where('u.stack_id', '=', stackId)
    .where('u.id', '=', userId)
    .executeTakeFirst();
  return row ? row.own || row.account || null : null;
}
