import { sql } from 'kysely';
import type { Db } from '../../platform/db/database.ts';
import { publishedContributionCountsOf } from '../member-content/contribution-counts.repository.ts';
import { userTagRows } from '../tagging/user-tag-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import './member-people.tables.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';

/** Statuses of members other members can see in lists (not awaiting approval, not erased). */
export const LISTED_STATUSES = ['active', 'banned', 'deleted'] as const;

// --- Members ------------------------------------------------------------------------------------

export interface UserFilter {
  text?: string;
  username?: string;
  realName?: string;
  isStaff?: boolean;
  tag?: number;
  ordering?: string;
}

const USER_ORDERING: Record<string, [string, 'asc' | 'desc']> = {
  username: ['username', 'asc'],
  '-username': ['username', 'desc'],
  real_name: ['real_name', 'asc'],
  '-real_name': ['real_name', 'desc'],
  date_joined: ['created_at', 'asc'],
  '-date_joined': ['created_at', 'desc'],
  id: ['id', 'asc'],
  '-id': ['id', 'desc'],
};

/** One page of a community's listed members. */
export async function pageOfUsers(
  db: Db,
  stackId: number,
  filter: UserFilter,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  let q = db
    .selectFrom(communityUserRows(db).as('u'))
    .where('u.stack_id', '=', stackId)
    .where('u.status', 'in', [...LISTED_STATUSES]);
  if (filter.text) {
    const pattern = `%${escapeLike(filter.text.toLowerCase())}%`;
    q = q.where((eb) =>
      eb.or([eb(sql`lower(u.username)`, 'like', pattern), eb(sql`lower(u.real_name)`, 'like', pattern)]),
    );
  }
  if (filter.username) {
    q = q.where(sql`lower(u.username)`, 'like', `%${escapeLike(filter.username.toLowerCase())}%`);
  }
  if (filter.realName) {
    q = q.where(sql`lower(u.real_name)`, 'like', `%${escapeLike(filter.realName.toLowerCase())}%`);
  }
  if (filter.isStaff !== undefined) q = q.where('u.role', filter.isStaff ? 'is not' : 'is', null);
  if (filter.tag !== undefined) {
    const tag = filter.tag;
    q = q.where(({ exists, selectFrom }) =>
      exists(
        selectFrom(userTagRows(db).as('ut'))
          .select('ut.tag_id')
          .whereRef('ut.stack_id', '=', 'u.stack_id')
          .whereRef('ut.user_id', '=', 'u.id')
          .where('ut.tag_id', '=', tag),
      ),
    );
  }
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  const [column, direction] = USER_ORDERING[filter.ordering ?? ''] ?? ['username', 'asc'];
  let page = q.select('u.id');
  // The member named exactly so comes first: a profile address (`/u/{username}`) finds its member
  // with `username=` and `limit=1` whatever other names hold the same letters.
  const exact = filter.username?.toLowerCase();
  if (exact) page = page.orderBy(sql`lower(u.username) = ${exact}`, 'desc');
  page = page
    .orderBy(sql.ref(`u.${column}`), direction)
    .orderBy('u.id')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.id) };
}

/**
 * Members to suggest to `userId` (`suggestion/user/`): active members other than them whom they
 * neither follow nor are connected with, most followed first; every active member for anonymous readers.
 */
export async function pageOfSuggestedUsers(
  db: Db,
  stackId: number,
  userId: number | undefined,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  let q = db
    .selectFrom(communityUserRows(db).as('u'))
    .where('u.stack_id', '=', stackId)
    .where('u.status', '=', 'active');
  if (userId !== undefined) {
    const me = userId;
    q = q
      .where('u.id', '<>', me)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('follows as f')
              .select('f.followed_id')
              .whereRef('f.stack_id', '=', 'u.stack_id')
              .where('f.follower_id', '=', me)
              .whereRef('f.followed_id', '=', 'u.id'),
          ),
        ),
      )
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('connections as k')
              .select('k.user_a')
              .whereRef('k.stack_id', '=', 'u.stack_id')
              .where((eb) =>
                eb.or([
                  eb.and([eb('k.user_a', '=', me), eb('k.user_b', '=', eb.ref('u.id'))]),
                  eb.and([eb('k.user_b', '=', me), eb('k.user_a', '=', eb.ref('u.id'))]),
                ]),
              ),
          ),
        ),
      );
  }
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  // Every member's followers counted in one pass over the community's follows, not once per member.
  let page = q
    .leftJoin(
      db
        .selectFrom('follows as g')
        .select(['g.followed_id', sql<number>`count(*)::int`.as('n')])
        .where('g.stack_id', '=', stackId)
        .groupBy('g.followed_id')
        .as('fc'),
      'fc.followed_id',
      'u.id',
    )
    .select('u.id')
    .orderBy(sql`coalesce(fc.n, 0)`, 'desc')
    .orderBy('u.id', 'desc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.id) };
}

// --- Counters -----------------------------------------------------------------------------------

export interface Counters {
  followers: number;
  followings: number;
  posts: number;
  discussions: number;
  statuses: number;
  polls: number;
  categories: number;
  connections: number;
  requestsSent: number;
  requestsReceived: number;
}

const EMPTY_COUNTERS: Counters = {
  followers: 0,
  followings: 0,
  posts: 0,
  discussions: 0,
  statuses: 0,
  polls: 0,
  categories: 0,
  connections: 0,
  requestsSent: 0,
  requestsReceived: 0,
};

/** Follows, published contributions by type (by `now`), followed categories, connections and requests. */
export async function countersOf(
  db: Db,
  stackId: number,
  ids: number[],
  now: Date,
): Promise<Map<number, Counters>> {
  const result = new Map<number, Counters>(ids.map((id) => [id, { ...EMPTY_COUNTERS }]));
  if (ids.length === 0) return result;
  const add = (id: number, key: keyof Counters, n: number | string) => {
    const c = result.get(id);
    if (c) c[key] += Number(n);
  };
  const n = sql<number>`count(*)::int`.as('n');
  for (const r of await db
    .selectFrom('follows')
    .select(['followed_id as id', n])
    .where('stack_id', '=', stackId)
    .where('followed_id', 'in', ids)
    .groupBy('followed_id')
    .execute())
    add(r.id, 'followers', r.n);
  for (const r of await db
    .selectFrom('follows')
    .select(['follower_id as id', n])
    .where('stack_id', '=', stackId)
    .where('follower_id', 'in', ids)
    .groupBy('follower_id')
    .execute())
    add(r.id, 'followings', r.n);
  const byType = { post: 'posts', discussion: 'discussions', status: 'statuses', poll: 'polls' } as const;
  for (const r of await publishedContributionCountsOf(db, stackId, ids, now)) add(r.id, byType[r.type], r.n);
  for (const r of await db
    .selectFrom('interests')
    .select(['user_id as id', n])
    .where('stack_id', '=', stackId)
    .where('user_id', 'in', ids)
    .groupBy('user_id')
    .execute())
    add(r.id, 'categories', r.n);
  for (const column of ['user_a', 'user_b'] as const) {
    for (const r of await db
      .selectFrom('connections')
      .select([`${column} as id`, n])
      .where('stack_id', '=', stackId)
      .where(column, 'in', ids)
      .groupBy(column)
      .execute())
      add(r.id, 'connections', r.n);
  }
  for (const [column, key] of [
    ['from_id', 'requestsSent'],
    ['to_id', 'requestsReceived'],
  ] as const) {
    for (const r of await db
      .selectFrom('connection_requests')
      .select([`${column} as id`, n])
      .where('stack_id', '=', stackId)
      .where(column, 'in', ids)
      .groupBy(column)
      .execute())
      add(r.id, key, r.n);
  }
  return result;
}

// --- Follows ------------------------------------------------------------------------------------

export async function isFollowing(db: Db, stackId: number, follower: number, followed: number) {
  const row = await db
    .selectFrom('follows')
    .select('followed_id')
    .where('stack_id', '=', stackId)
    .where('follower_id', '=', follower)
    .where('followed_id', '=', followed)
    .executeTakeFirst();
  return row !== undefined;
}

/** Follows when not following, unfollows otherwise; true when now following. */
export async function toggleFollow(
  db: Db,
  stackId: number,
  follower: number,
  followed: number,
  at: Date,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('follows')
    .where('stack_id', '=', stackId)
    .where('follower_id', '=', follower)
    .where('followed_id', '=', followed)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) return false;
  await db
    .insertInto('follows')
    .values({ stack_id: stackId, follower_id: follower, followed_id: followed, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
  return true;
}

/** Members following `userId` (`direction` followers) or followed by them (followings), newest first. */
export async function pageOfFollows(
  db: Db,
  stackId: number,
  userId: number,
  direction: 'followers' | 'followings',
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const [mine, other] =
    direction === 'followers'
      ? (['f.followed_id', 'f.follower_id'] as const)
      : (['f.follower_id', 'f.followed_id'] as const);
  const q = db
    .selectFrom('follows as f')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'f.stack_id').onRef('u.id', '=', other),
    )
    .where('f.stack_id', '=', stackId)
    .where(mine, '=', userId)
    .where('u.status', 'in', [...LISTED_STATUSES]);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q.select(`${other} as id`).orderBy('f.created_at', 'desc').orderBy(other).offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.id) };
}

// --- Connections --------------------------------------------------------------------------------

const pair = (a: number, b: number) => (a < b ? { user_a: a, user_b: b } : { user_a: b, user_b: a });

export async function areConnected(db: Db, stackId: number, a: number, b: number): Promise<boolean> {
  const p = pair(a, b);
  const row = await db
    .selectFrom('connections')
    .select('user_a')
    .where('stack_id', '=', stackId)
    .where('user_a', '=', p.user_a)
    .where('user_b', '=', p.user_b)
    .executeTakeFirst();
  return row !== undefined;
}

export async function requestExists(db: Db, stackId: number, from: number, to: number): Promise<boolean> {
  const row = await db
    .selectFrom('connection_requests')
    .select('from_id')
    .where('stack_id', '=', stackId)
    .where('from_id', '=', from)
    .where('to_id', '=', to)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertRequest(db: Db, stackId: number, from: number, to: number, at: Date) {
  await db
    .insertInto('connection_requests')
    .values({ stack_id: stackId, from_id: from, to_id: to, created_at: at })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function deleteRequest(db: Db, stackId: number, from: number, to: number): Promise<boolean> {
  const result = await db
    .deleteFrom('connection_requests')
    .where('stack_id', '=', stackId)
    .where('from_id', '=', from)
    .where('to_id', '=', to)
    .executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** Turns the request from `from` to `to` into a connection; false when there was no request. */
export async function acceptRequest(db: Db, stackId: number, from: number, to: number, at: Date) {
  return db.transaction().execute(async (trx) => {
    if (!(await deleteRequest(trx, stackId, from, to))) return false;
    await deleteRequest(trx, stackId, to, from);
    await trx
      .insertInto('connections')
      .values({ stack_id: stackId, ...pair(from, to), created_at: at })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const data = { user: { id: to }, target: { id: from } };
    await recordEvent(trx, { stackId, type: 'connection.created', data, at });
    // The requester hears that `to` accepted (SelfCommunity's `connection_accept` notification).
    const accepted = { user: { id: from }, accept_user: { id: to } };
    await recordEvent(trx, { stackId, type: 'notification.connection_accept', data: accepted, at });
    return true;
  });
}

export async function removeConnection(db: Db, stackId: number, a: number, b: number): Promise<void> {
  const p = pair(a, b);
  await db
    .deleteFrom('connections')
    .where('stack_id', '=', stackId)
    .where('user_a', '=', p.user_a)
    .where('user_b', '=', p.user_b)
    .execute();
}

export async function pageOfConnections(
  db: Db,
  stackId: number,
  userId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const other = sql<number>`CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END`;
  const q = db
    .selectFrom('connections as c')
    .innerJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'c.stack_id').on('u.id', '=', other),
    )
    .where('c.stack_id', '=', stackId)
    .where((eb) => eb.or([eb('c.user_a', '=', userId), eb('c.user_b', '=', userId)]))
    .where('u.status', 'in', [...LISTED_STATUSES]);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q.select('u.id').orderBy('c.created_at', 'desc').orderBy('u.id').offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, ids: (await page.execute()).map((r) => r.id) };
}

/**
 * Everyone `userId` follows, and everyone they are connected to, in one read (the feeds' people). Not
 * filtered by status: whoever reads their contents leaves out those of gone members anyway.
 */
export async function followedAndConnectedIds(
  db: Db,
  stackId: number,
  userId: number,
): Promise<{ followed: number[]; connected: number[] }> {
  const { rows } = await sql<{ id: number; connected: boolean }>`
    SELECT followed_id AS id, FALSE AS connected FROM follows
     WHERE stack_id = ${stackId} AND follower_id = ${userId}
    UNION ALL SELECT user_b, TRUE FROM connections WHERE stack_id = ${stackId} AND user_a = ${userId}
    UNION ALL SELECT user_a, TRUE FROM connections WHERE stack_id = ${stackId} AND user_b = ${userId}`.execute(
    db,
  );
  return {
    followed: rows.filter((r) => !r.connected).map((r) => r.id),
    connected: rows.filter((r) => r.connected).map((r) => r.id),
  };
}

/** Requests received by (`received`) or sent by `userId`, newest first. */
export async function pageOfRequests(
  db: Db,
  stackId: number,
  userId: number,
  which: 'received' | 'sent',
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: { from_id: number; to_id: number; created_at: Date }[] }> {
  const q = db
    .selectFrom('connection_requests as r')
    .where('r.stack_id', '=', stackId)
    .where(which === 'received' ? 'r.to_id' : 'r.from_id', '=', userId);
  const total = await q.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  let page = q
    .select(['r.from_id', 'r.to_id', 'r.created_at'])
    .orderBy('r.created_at', 'desc')
    .orderBy('r.from_id')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: total.n, rows: await page.execute() };
}

/** How `viewer` relates to each of `ids`: followed, connected or a pending request either way. */
export async function relationsOf(
  db: Db,
  stackId: number,
  viewer: number,
  ids: number[],
): Promise<
  Map<number, 'followed' | 'connected' | 'sent_connection_request' | 'received_connection_request'>
> {
  const result = new Map<
    number,
    'followed' | 'connected' | 'sent_connection_request' | 'received_connection_request'
  >();
  if (ids.length === 0) return result;
  for (const r of await db
    .selectFrom('follows')
    .select('followed_id')
    .where('stack_id', '=', stackId)
    .where('follower_id', '=', viewer)
    .where('followed_id', 'in', ids)
    .execute())
    result.set(r.followed_id, 'followed');
  for (const r of await db
    .selectFrom('connection_requests')
    .select(['from_id', 'to_id'])
    .where('stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        eb.and([eb('from_id', '=', viewer), eb('to_id', 'in', ids)]),
        eb.and([eb('to_id', '=', viewer), eb('from_id', 'in', ids)]),
      ]),
    )
    .execute()) {
    if (r.from_id === viewer) result.set(r.to_id, 'sent_connection_request');
    else result.set(r.from_id, 'received_connection_request');
  }
  for (const r of await db
    .selectFrom('connections')
    .select(['user_a', 'user_b'])
    .where('stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        eb.and([eb('user_a', '=', viewer), eb('user_b', 'in', ids)]),
        eb.and([eb('user_b', '=', viewer), eb('user_a', 'in', ids)]),
      ]),
    )
    .execute()) {
    result.set(r.user_a === viewer ? r.user_b : r.user_a, 'connected');
  }
  return result;
}
