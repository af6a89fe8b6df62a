import type { Db } from '../../platform/db/database.ts';
import { categoryRows } from '../categories/category-rows.repository.ts';
import './member-people.tables.ts';

// When a member's relations began (follows, connections, followed categories): what the console's
// user screens show beside the names the users module gives them.

/** The categories a user follows (interests), by name. */
export async function followedCategories(db: Db, stackId: number, userId: number) {
  return db
    .selectFrom('interests as i')
    .innerJoin(categoryRows(db).as('c'), (j) =>
      j.onRef('c.stack_id', '=', 'i.stack_id').onRef('c.id', '=', 'i.category_id'),
    )
    .select(['c.id', 'c.name', 'c.slug', 'i.created_at'])
    .where('i.stack_id', '=', stackId)
    .where('i.user_id', '=', userId)
    .orderBy('c.name')
    .orderBy('c.id')
    .execute();
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
