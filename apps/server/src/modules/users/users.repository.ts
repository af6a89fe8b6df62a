import type { Db } from '../../platform/db/database.ts';
import '../activity/activity.tables.ts';
import '../user-moderation/user-moderation.tables.ts';
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
    .selectFrom('community_users as u')
    .leftJoin('accounts as a', 'a.id', 'u.account_id')
    .leftJoin('bans as b', (j) => j.onRef('b.stack_id', '=', 'u.stack_id').onRef('b.user_id', '=', 'u.id'))
    .where('u.stack_id', '=', stackId)
    .select((eb) => [
      'u.id',
      'u.username',
      'u.real_name',
      eb.fn.coalesce(eb.fn('nullif', ['u.email', eb.val('')]), 'a.email', eb.val('')).as('email'),
      'u.role',
      'u.status',
      'b.ban_until',
      'u.email_validated',
      'u.bio',
      'u.ext_id',
      'u.created_at',
      'u.last_login',
      'u.score',
    ]);
  q =
    'id' in by
      ? q.where('u.id', '=', by.id)
      : q.where((eb) => eb(eb.fn('lower', ['u.username']), '=', by.username.toLowerCase()));
  const row = await q.executeTakeFirst();
  return row ? { ...row, email: String(row.email), ban_until: row.ban_until ?? null } : undefined;
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

/** The categories a user follows (interests), by name. */
export async function categoriesOf(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom('interests as i')
    .innerJoin('categories as c', (j) =>
      j.onRef('c.stack_id', '=', 'i.stack_id').onRef('c.id', '=', 'i.category_id'),
    )
    .select(['c.id', 'c.name', 'c.slug', 'i.created_at'])
    .where('i.stack_id', '=', stackId)
    .where('i.user_id', '=', userId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
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

/** When each follow between `userId` and `others` began (`followers`: they follow the user). */
export async function followDates(
  db: Db,
  stackId: number,
  userId: number,
  others: number[],
  direction: 'followers' | 'followings',
): Promise<Map<number, Date>> {
  if (others.length === 0) return new Map();
  const [mine, other] =
    direction === 'followers'
      ? (['followed_id', 'follower_id'] as const)
      : (['follower_id', 'followed_id'] as const);
  const rows = await db
    .selectFrom('follows')
    .select([`${other} as id`, 'created_at'])
    .where('stack_id', '=', stackId)
    .where(mine, '=', userId)
    .where(other, 'in', others)
    .execute();
  return new Map(rows.map((r) => [r.id, r.created_at]));
}

/** When each connection between `userId` and `others` was made. */
export async function connectionDates(
  db: Db,
  stackId: number,
  userId: number,
  others: number[],
): Promise<Map<number, Date>> {
  if (others.length === 0) return new Map();
  const rows = await db
    .selectFrom('connections')
    .select(['user_a', 'user_b', 'created_at'])
    .where('stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        eb.and([eb('user_a', '=', userId), eb('user_b', 'in', others)]),
        eb.and([eb('user_b', '=', userId), eb('user_a', 'in', others)]),
      ]),
    )
    .execute();
  return new Map(rows.map((r) => [r.user_a === userId ? r.user_b : r.user_a, r.created_at]));
}
