import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { LISTED_STATUSES } from './member-people.repository.ts';
import './member-people.tables.ts';

// The member-people module owns `interests` (the categories a member follows). The categories module
// asks these questions of it: follow, unfollow, who follows, and following for every member at once
// (a category with forced auto-follow).

/** Which of `categoryIds` the member follows. */
export async function followedCategoryIds(
  db: Db,
  stackId: number,
  userId: number,
  categoryIds: readonly number[],
): Promise<Set<number>> {
  if (categoryIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('interests')
    .select('category_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('category_id', 'in', [...categoryIds])
    .execute();
  return new Set(rows.map((r) => r.category_id));
}

/** Every category the member follows. */
export async function allFollowedCategoryIds(db: Db, stackId: number, userId: number): Promise<number[]> {
  const rows = await db
    .selectFrom('interests')
    .select('category_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.category_id);
}

/** Followers of each category (members who are listed: not erased). */
export async function categoryFollowerCounts(
  db: Db,
  stackId: number,
  categoryIds: readonly number[],
): Promise<Map<number, number>> {
  if (categoryIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('interests as i')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'i.stack_id').onRef('u.id', '=', 'i.user_id'),
    )
    .select(['i.category_id', sql<number>`count(*)::int`.as('n')])
    .where('i.stack_id', '=', stackId)
    .where('i.category_id', 'in', [...categoryIds])
    .where('u.status', 'in', [...LISTED_STATUSES])
    .groupBy('i.category_id')
    .execute();
  return new Map(rows.map((r) => [r.category_id, r.n]));
}

/** Follows the category (true) or stops following it (false); answers whether anything changed. */
export async function setCategoryInterest(
  db: Db,
  stackId: number,
  userId: number,
  categoryId: number,
  follow: boolean,
  at: Date,
): Promise<boolean> {
  if (!follow) {
    const removed = await db
      .deleteFrom('interests')
      .where('stack_id', '=', stackId)
      .where('user_id', '=', userId)
      .where('category_id', '=', categoryId)
      .executeTakeFirst();
    return Number(removed.numDeletedRows) > 0;
  }
  const added = await db
    .insertInto('interests')
    .values({ stack_id: stackId, user_id: userId, category_id: categoryId, created_at: at })
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'category_id']).doNothing())
    .executeTakeFirst();
  return Number(added.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Makes every member of the community (not erased) follow the category; answers how many started. */
export async function followCategoryForEveryone(
  db: Db,
  stackId: number,
  categoryId: number,
  at: Date,
): Promise<number> {
  const result = await db
    .insertInto('interests')
    .columns(['stack_id', 'user_id', 'category_id', 'created_at'])
    .expression(
      db
        .selectFrom(communityUserRows(db).as('u'))
        .select([
          'u.stack_id',
          'u.id',
          sql<number>`${categoryId}::int`.as('category_id'),
          sql<Date>`${at}::timestamptz`.as('created_at'),
        ])
        .where('u.stack_id', '=', stackId)
        .where('u.status', '<>', 'deleted'),
    )
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'category_id']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0);
}

/** A new member follows these categories (forced and preselected auto-follow). */
export async function followCategoriesAtSignUp(
  db: Db,
  stackId: number,
  userId: number,
  categoryIds: readonly number[],
  at: Date,
): Promise<void> {
  if (categoryIds.length === 0) return;
  await db
    .insertInto('interests')
    .values(
      categoryIds.map((id) => ({ stack_id: stackId, user_id: userId, category_id: id, created_at: at })),
    )
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'category_id']).doNothing())
    .execute();
}

/** Members following the category (listed ones), newest follower first, but for `exclude`. */
export async function pageOfCategoryFollowers(
  db: Db,
  stackId: number,
  categoryId: number,
  limit: number | undefined,
  offset: number,
  exclude: readonly number[] = [],
): Promise<{ count: number; ids: number[] }> {
  let q = db
    .selectFrom('interests as i')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'i.stack_id').onRef('u.id', '=', 'i.user_id'),
    )
    .where('i.stack_id', '=', stackId)
    .where('i.category_id', '=', categoryId)
    .where('u.status', 'in', [...LISTED_STATUSES]);
  if (exclude.length > 0) q = q.where('i.user_id', 'not in', [...exclude]);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q.select('i.user_id as id').orderBy('i.created_at', 'desc').orderBy('i.user_id').offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.id) };
}

/** Which of `userIds` follow the category (listed members only), in the order of `userIds`. */
export async function categoryFollowersAmong(
  db: Db,
  stackId: number,
  categoryId: number,
  userIds: readonly number[],
): Promise<number[]> {
  if (userIds.length === 0) return [];
  const rows = await db
    .selectFrom('interests as i')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'i.stack_id').onRef('u.id', '=', 'i.user_id'),
    )
    .select('i.user_id')
    .where('i.stack_id', '=', stackId)
    .where('i.category_id', '=', categoryId)
    .where('i.user_id', 'in', [...userIds])
    .where('u.status', 'in', [...LISTED_STATUSES])
    .execute();
  const following = new Set(rows.map((r) => r.user_id));
  return userIds.filter((id) => following.has(id));
}

/**
 * Who a content in the category reaches: its listed followers, and how many of them the member follows
 * or is connected with.
 */
export async function categoryAudience(
  db: Db,
  stackId: number,
  categoryId: number,
  userId: number | undefined,
): Promise<{ followers: number; connections: number }> {
  const followers = (await categoryFollowerCounts(db, stackId, [categoryId])).get(categoryId) ?? 0;
  if (userId === undefined || followers === 0) return { followers, connections: 0 };
  const row = await db
    .selectFrom('interests as i')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'i.stack_id').onRef('u.id', '=', 'i.user_id'),
    )
    .select(sql<number>`count(*)::int`.as('n'))
    .where('i.stack_id', '=', stackId)
    .where('i.category_id', '=', categoryId)
    .where('u.status', 'in', [...LISTED_STATUSES])
    .where(
      sql<boolean>`(EXISTS (SELECT 1 FROM follows f WHERE f.stack_id = ${stackId} AND f.follower_id = ${userId}
        AND f.followed_id = i.user_id)
       OR EXISTS (SELECT 1 FROM connections c WHERE c.stack_id = ${stackId}
        AND ((c.user_a = ${userId} AND c.user_b = i.user_id) OR (c.user_b = ${userId} AND c.user_a = i.user_id))))`,
    )
    .executeTakeFirstOrThrow();
  return { followers, connections: row.n };
}
