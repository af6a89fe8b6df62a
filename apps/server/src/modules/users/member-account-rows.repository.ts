import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import './users.tables.ts';

// What a member's account by email (verification, password recovery) and an owner's single sign-on
// read and write on the user row; the users module owns `community_users`, member-auth decides when.

export interface MemberAccountRow {
  id: number;
  username: string;
  email: string;
  status: string;
  ext_id: string | null;
  email_validated: boolean;
}

const columns = ['id', 'username', 'email', 'status', 'ext_id', 'email_validated'] as const;
/** Members whose row still stands for a person (a deleted or erased member has no account to recover). */
const LIVE = ['deleted', 'fully_deleted'];

/** The member of a community with this email (case-insensitive), unless deleted. */
export function liveMemberByEmail(
  db: Db,
  stackId: number,
  email: string,
): Promise<MemberAccountRow | undefined> {
  const lower = email.trim().toLowerCase();
  return db
    .selectFrom('community_users')
    .select(columns)
    .where('stack_id', '=', stackId)
    .where(sql<string>`lower(email)`, '=', lower)
    .where('email', '!=', '')
    .where('status', 'not in', LIVE)
    .orderBy('id')
    .executeTakeFirst();
}

/** A member of a community by id, unless deleted. */
export function liveMemberById(
  db: Db,
  stackId: number,
  userId: number,
): Promise<MemberAccountRow | undefined> {
  return db
    .selectFrom('community_users')
    .select(columns)
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where('status', 'not in', LIVE)
    .executeTakeFirst();
}

/** A member of a community by their id in an external system, unless deleted. */
export function liveMemberByExtId(
  db: Db,
  stackId: number,
  extId: string,
): Promise<MemberAccountRow | undefined> {
  return db
    .selectFrom('community_users')
    .select(columns)
    .where('stack_id', '=', stackId)
    .where('ext_id', '=', extId)
    .where('status', 'not in', LIVE)
    .orderBy('id')
    .executeTakeFirst();
}

/** A member's own new password. */
export async function setMemberPasswordHash(db: Db, stackId: number, userId: number, hash: string) {
  await db
    .updateTable('community_users')
    .set({ password_hash: hash })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .execute();
}

/** Marks the member's email verified, only while it is still the address that was verified. */
export async function markEmailVerified(db: Db, stackId: number, userId: number, email: string) {
  const res = await db
    .updateTable('community_users')
    .set({ email_validated: true })
    .where('stack_id', '=', stackId)
    .where('id', '=', userId)
    .where(sql<string>`lower(email)`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
