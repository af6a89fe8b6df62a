import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// What moderating a member changes on its user row (status, email validation, the GDPR erasure), and
// the lookups that moderation needs before it does. The users module owns `community_users`; the
// user-moderation module decides when these happen. Every function takes the caller's `db`, which may
// be a transaction, so a moderation's writes stay in one.

function standingQuery(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom('community_users')
    .select(['id', 'username', 'role', 'status'])
    .where('stack_id', '=', stackId)
    .where('id', '=', userId);
}

/** The user's stored id, username, role and status. */
export async function storedStanding(db: Db, stackId: number, userId: number) {
  return standingQuery(db, stackId, userId).executeTakeFirst();
}

/** The same, with the user's row locked for the rest of the caller's transaction. */
export async function lockStanding(db: Db, stackId: number, userId: number) {
  return standingQuery(db, stackId, userId).forUpdate().executeTakeFirst();
}

/** The id of the community user with this username (any case). */
export async function userIdByUsername(db: Db, stackId: number, username: string) {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row?.id;
}

/** Whether another user of the community already has this username (any case). */
export async function usernameTakenByOther(db: Db, stackId: number, username: string, exceptId: number) {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql`lower(username)`, '=', username.toLowerCase())
    .where('id', '<>', exceptId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Sets the user's status, and when it was deleted (null: not deleted). */
export async function setUserStatus(
  db: Db,
  stackId: number,
  userId: number,
  status: string,
  deletedAt: Date | null,
): Promise<void> {
  await db
    .updateTable('community_users')
    .set({ status, deleted_at: deletedAt })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}

export async function setEmailValidated(db: Db, stackId: number, userId: number, value: boolean) {
  await db
    .updateTable('community_users')
    .set({ email_validated: value })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}

/**
 * The GDPR erase of the user row: personal data goes, the row stays (under `username`) so that the
 * member's contents keep an anonymous author.
 */
export async function eraseUserRow(db: Db, stackId: number, userId: number, username: string, now: Date) {
  await db
    .updateTable('community_users')
    .set({
      status: 'fully_deleted',
      deleted_at: now,
      username,
      real_name: '',
      email: '',
      bio: '',
      ext_id: null,
      password_hash: null,
      account_id: null,
      role: null,
      email_validated: false,
    })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}
