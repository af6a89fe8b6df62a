import { multipartBody } from './multipart-body.ts';
import type { Db } from '../platform/db/database.ts';
import type {} from '../modules/activity/activity.tables.ts';
import type {} from '../modules/categories/categories.tables.ts';
import type {} from '../modules/member-auth/member-auth.tables.ts';
import type {} from '../modules/member-content/member-content.tables.ts';
import type {} from '../modules/member-people/member-people.tables.ts';
import type {} from '../modules/tagging/tagging.tables.ts';
import type {} from '../modules/users/users.tables.ts';

/**
 * Test helpers shared by the analytics server modules' API tests (analytics tables, exports, data
 * provisioning): they write every area's activity rows directly, as only a test may.
 */

export const at = (iso: string) => new Date(iso);

/** A member (community user without a role) registered at `registered`. */
export async function member(
  db: Db,
  stackId: number,
  username: string,
  registered: string,
  extra: { last_login?: string; real_name?: string; email?: string; score?: number; status?: string } = {},
): Promise<number> {
  const row = await db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: null,
      username,
      role: null,
      created_at: at(registered),
      email: extra.email ?? `${username}@members.test`,
      ...(extra.last_login ? { last_login: at(extra.last_login) } : {}),
      ...(extra.real_name !== undefined ? { real_name: extra.real_name } : {}),
      ...(extra.score !== undefined ? { score: extra.score } : {}),
      ...(extra.status !== undefined ? { status: extra.status } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function login(db: Db, stackId: number, userId: number, when: string) {
  await db
    .insertInto('logins')
    .values({ stack_id: stackId, user_id: userId, at: at(when), source: 'desktop' })
    .execute();
}

export async function contribution(
  db: Db,
  stackId: number,
  authorId: number,
  when: string,
  extra: {
    type?: 'discussion' | 'post' | 'status' | 'poll';
    title?: string;
    category_id?: number | null;
  } = {},
): Promise<number> {
  const row = await db
    .insertInto('contributions')
    .values({
      stack_id: stackId,
      type: extra.type ?? 'post',
      author_id: authorId,
      category_id: extra.category_id ?? null,
      title: extra.title ?? '',
      body: '',
      created_at: at(when),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function comment(
  db: Db,
  stackId: number,
  authorId: number,
  contributionId: number,
  when: string,
  body = '',
): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({
      stack_id: stackId,
      contribution_id: contributionId,
      parent_id: null,
      author_id: authorId,
      body,
      created_at: at(when),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function connect(db: Db, stackId: number, a: number, b: number, when: string) {
  await db
    .insertInto('connections')
    .values({ stack_id: stackId, user_a: Math.min(a, b), user_b: Math.max(a, b), created_at: at(when) })
    .execute();
}

export async function follow(db: Db, stackId: number, follower: number, followed: number, when: string) {
  await db
    .insertInto('follows')
    .values({ stack_id: stackId, follower_id: follower, followed_id: followed, created_at: at(when) })
    .execute();
}

export async function vote(
  db: Db,
  stackId: number,
  userId: number,
  contributionId: number,
  authorId: number,
  when: string,
) {
  await db
    .insertInto('votes')
    .values({
      stack_id: stackId,
      user_id: userId,
      target_type: 'contribution',
      target_id: contributionId,
      target_author_id: authorId,
      contribution_id: contributionId,
      created_at: at(when),
    })
    .execute();
}

export async function share(
  db: Db,
  stackId: number,
  userId: number,
  contributionId: number,
  authorId: number,
  when: string,
) {
  await db
    .insertInto('shares')
    .values({
      stack_id: stackId,
      user_id: userId,
      contribution_id: contributionId,
      contribution_author_id: authorId,
      network: 'internal',
      created_at: at(when),
    })
    .execute();
}

export async function view(db: Db, stackId: number, userId: number, contributionId: number, when: string) {
  await db
    .insertInto('views')
    .values({ stack_id: stackId, user_id: userId, contribution_id: contributionId, created_at: at(when) })
    .execute();
}

export async function category(db: Db, stackId: number, name: string): Promise<number> {
  const row = await db
    .insertInto('categories')
    .values({ stack_id: stackId, name, slug: name.toLowerCase().replace(/\W+/g, '-') })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function userTag(db: Db, stackId: number, name: string, type: 'user' | 'category' = 'user') {
  const row = await db
    .insertInto('tags')
    .values({ stack_id: stackId, type, name })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A multipart/form-data body of text fields. */
export function multipart(fields: Record<string, string>, headers: Record<string, string> = {}) {
  return multipartBody(fields, undefined, headers);
}
