import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// A member's sign-up through the member API (member-people decides when): whether the username, email
// or external id is free, and the new user row. Every function takes the caller's `db`.

export async function usernameTaken(db: Db, stackId: number, username: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where(sql<string>`lower(username)`, '=', username.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function emailTaken(db: Db, stackId: number, email: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('email', '!=', '')
    .where(sql<string>`lower(email)`, '=', email.toLowerCase())
    .executeTakeFirst();
  return row !== undefined;
}

export async function extIdTaken(db: Db, stackId: number, extId: string): Promise<boolean> {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('ext_id', '=', extId)
    .executeTakeFirst();
  return row !== undefined;
}

export interface NewMember {
  username: string;
  email: string;
  realName: string;
  passwordHash: string | null;
  extId: string | null;
  role: string | null;
  status: 'active' | 'pending';
  registeredFrom: 'desktop' | 'app';
  at: Date;
}

export async function insertMember(db: Db, stackId: number, m: NewMember): Promise<number> {
  const row = await db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: null,
      username: m.username,
      email: m.email,
      real_name: m.realName,
      password_hash: m.passwordHash,
      ext_id: m.extId,
      role: m.role,
      status: m.status,
      registered_from: m.registeredFrom,
      created_at: m.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}
