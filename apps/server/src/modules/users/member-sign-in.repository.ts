import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// What a member's sign-in (member-auth decides when) reads and writes on the user row; the users
// module owns `community_users`. Every function takes the caller's `db`.

/**
 * Every community user with what signing in checks (its own password hash and the console account it
 * may sign in with), as a source member-auth joins in its one statement:
 * `selectFrom(memberCredentialRows(db).as('u'))`.
 */
export function memberCredentialRows(db: Db) {
  return db
    .selectFrom('community_users')
    .select(['stack_id', 'id', 'username', 'email', 'role', 'password_hash', 'account_id']);
}

/** The member's last login. */
export async function recordLastLogin(db: Db, stackId: number, userId: number, at: Date): Promise<void> {
  await db
    .updateTable('community_users')
    .set({ last_login: at })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}

/**
 * Links the user to a console account unless it is linked already, and answers the account it is
 * linked to afterwards (the one linked first when two hand-offs raced).
 */
export async function linkConsoleAccount(
  db: Db,
  stackId: number,
  userId: number,
  accountId: number,
): Promise<number> {
  await db
    .updateTable('community_users')
    .set({ account_id: accountId })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where('account_id', 'is', null)
    .execute();
  const linked = await db
    .selectFrom('community_users')
    .select('account_id')
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return linked.account_id as number;
}
