import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { hashPassword } from '../../platform/auth/password-hasher.ts';
import './auth.tables.ts';

// The console accounts made for staff who joined a community as members (their first hand-off to the
// console, ADR 0010): member-auth picks the username and email, auth checks them and creates the
// account. The auth module owns `accounts`.

async function taken(db: Db, column: 'username' | 'email', value: string): Promise<boolean> {
  return !!(await db
    .selectFrom('accounts')
    .select('id')
    .where(sql<string>`lower(${sql.ref(column)})`, '=', value.toLowerCase())
    .executeTakeFirst());
}

/** Whether a console account already has this username (any case). */
export function accountUsernameTaken(db: Db, username: string): Promise<boolean> {
  return taken(db, 'username', username);
}

/** Whether a console account already has this email (any case). */
export function accountEmailTaken(db: Db, email: string): Promise<boolean> {
  return taken(db, 'email', email);
}

/**
 * Creates an active console account with an unusable password (its owner comes in through the
 * community's hand-off, never with a console password) and answers its id.
 */
export async function createHandOffAccount(
  db: Db,
  account: { firstName: string; username: string; email: string },
): Promise<number> {
  const row = await db
    .insertInto('accounts')
    .values({
      first_name: account.firstName,
      last_name: '',
      username: account.username,
      email: account.email,
      password_hash: await hashPassword(randomBytes(32).toString('base64url')),
      email_is_verified: false,
      is_active: true,
      language: 'en',
      perms: '[]',
      professional_subscriptions: '[]',
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
