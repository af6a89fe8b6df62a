import type { Db } from '../../platform/db/database.ts';
import { findAccountById } from '../auth/account.repository.ts';
import { banUntil } from '../user-moderation/user-moderation.repository.ts';
import './users.tables.ts';

export interface UserRow {
  id: number;
  username: string;
  real_name: string;
  email: string;
  role: string | null;
  status: string;
  ban_until: Date | null;
  email_validated: boolean;
  bio: string;
  ext_id: string | null;
  created_at: Date;
  last_login: Date | null;
  score: number;
}

/** One community user by id or by username (case-insensitive); the email falls back to the account's. */
export async function findUser(
  db: Db,
  stackId: number,
  by: { id: number } | { username: string },
): Promise<UserRow | undefined> {
  let q = db
    .selectFrom('community_users')
    .where('stack_id', '=', stackId)
    .select([
      'id',
      'username',
      'real_name',
      'email',
      'account_id',
      'role',
      'status',
      'email_validated',
      'bio',
      'ext_id',
      'created_at',
      'last_login',
      'score',
    ]);
  q =
    'id' in by
      ? q.where('id', '=', by.id)
      : q.where((eb) => eb(eb.fn('lower', ['username']), '=', by.username.toLowerCase()));
  const row = await q.executeTakeFirst();
  if (!row) return undefined;
  const { account_id: accountId, ...user } = row;
  const account = !user.email && accountId !== null ? await findAccountById(db, accountId) : undefined;
  return {
    ...user,
    email: user.email || (account?.email ?? ''),
    ban_until: await banUntil(db, stackId, user.id),
  };
}

export interface UserChanges {
  real_name?: string;
  bio?: string;
  email?: string;
  ext_id?: string | null;
}

export async function updateUser(db: Db, stackId: number, id: number, changes: UserChanges): Promise<void> {
  if (Object.keys(changes).length === 0) return;
  await db
    .updateTable('community_users')
    .set(changes)
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .execute();
}

/** Whether another user of the community has this email (case-insensitive). */
export async function emailTakenByOther(db: Db, stackId: number, email: string, self: number) {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', '!=', self)
    .where('email', '!=', '')
    .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether another user of the community has this ext_id. */
export async function extIdTakenByOther(db: Db, stackId: number, extId: string, self: number) {
  const row = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', '!=', self)
    .where('ext_id', '=', extId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Usernames and real names of some users of the community, by id. */
export async function namesOf(db: Db, stackId: number, ids: number[]) {
  if (ids.length === 0) return new Map<number, { username: string; real_name: string }>();
  const rows = await db
    .selectFrom('community_users')
    .select(['id', 'username', 'real_name'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, { username: r.username, real_name: r.real_name }]));
}
