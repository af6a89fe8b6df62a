import { sql, type RawBuilder } from 'kysely';
import type { CategoryTableCount, ContributionTableCount, UserTableCount } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type {} from '../activity/activity.tables.ts';

/** A time range: from included, to excluded; null = unbounded. */
export interface Range {
  from: Date | null;
  to: Date | null;
}

type Fragment = RawBuilder<unknown>;

function inRange(column: string, range: Range): Fragment {
  const col = sql.ref(column);
  const parts: Fragment[] = [sql`TRUE`];
  if (range.from) parts.push(sql`${col} >= ${range.from}`);
  if (range.to) parts.push(sql`${col} < ${range.to}`);
  return sql.join(parts, sql` AND `);
}

function keyIn(column: string, ids: readonly number[] | undefined): Fragment {
  if (!ids) return sql`TRUE`;
  if (ids.length === 0) return sql`FALSE`;
  return sql`${sql.ref(column)} IN (${sql.join(ids)})`;
}

interface MetricSpec {
  /** Rows (k, t) of the activity, already restricted to the community. */
  source: (stackId: number) => Fragment;
  aggregate?: Fragment;
}

const simple =
  (table: string, key: string, time: string, filter: Fragment = sql`TRUE`) =>
  (stackId: number) =>
    sql`SELECT ${sql.ref(key)} AS k, ${sql.ref(time)} AS t, * FROM ${sql.table(table)} WHERE stack_id = ${stackId} AND ${filter}`;

/** Per-member counts (the analytics users table and the users export). */
export const USER_METRICS: Record<UserTableCount, MetricSpec> = {
  visits: { source: simple('logins', 'user_id', 'at') },
  unique_accesses: {
    source: simple('logins', 'user_id', 'at'),
    aggregate: sql`count(DISTINCT date_trunc('day', s.t AT TIME ZONE 'UTC'))`,
  },
  contributions: { source: simple('contributions', 'author_id', 'created_at') },
  posts: { source: simple('contributions', 'author_id', 'created_at', sql`type = 'post'`) },
  discussions: { source: simple('contributions', 'author_id', 'created_at', sql`type = 'discussion'`) },
  statuses: { source: simple('contributions', 'author_id', 'created_at', sql`type = 'status'`) },
  // Polls of their own, or attached to a post or discussion through the member API.
  polls: {
    source: simple(
      'contributions',
      'author_id',
      'created_at',
      sql`(type = 'poll' OR EXISTS (SELECT 1 FROM polls p
        WHERE p.stack_id = contributions.stack_id AND p.contribution_id = contributions.id))`,
    ),
  },
  comments: { source: simple('comments', 'author_id', 'created_at') },
  connections: {
    source: (stackId) =>
      sql`SELECT user_a AS k, created_at AS t FROM connections WHERE stack_id = ${stackId}
          UNION ALL SELECT user_b AS k, created_at AS t FROM connections WHERE stack_id = ${stackId}`,
  },
  followers: { source: simple('follows', 'followed_id', 'created_at') },
  followings: { source: simple('follows', 'follower_id', 'created_at') },
  appreciations_given: { source: simple('votes', 'user_id', 'created_at') },
  appreciations_received: { source: simple('votes', 'target_author_id', 'created_at') },
  shares: { source: simple('shares', 'user_id', 'created_at') },
  contents_viewed: {
    source: simple('views', 'user_id', 'created_at'),
    aggregate: sql`count(DISTINCT s.contribution_id)`,
  },
  private_messages: { source: simple('private_messages', 'sender_id', 'created_at') },
  uploads: { source: simple('uploads', 'user_id', 'created_at') },
  poll_votes: { source: simple('poll_votes', 'user_id', 'created_at') },
};

/** Per-category counts. */
export const CATEGORY_METRICS: Record<CategoryTableCount, MetricSpec> = {
  contributions: { source: simple('contributions', 'category_id', 'created_at') },
  contributors: {
    source: simple('contributions', 'category_id', 'created_at'),
    aggregate: sql`count(DISTINCT s.author_id)`,
  },
  comments: {
    source: (stackId) =>
      sql`SELECT c.category_id AS k, m.created_at AS t FROM comments m
          JOIN contributions c ON c.stack_id = m.stack_id AND c.id = m.contribution_id
          WHERE m.stack_id = ${stackId}`,
  },
  appreciations: {
    source: (stackId) =>
      sql`SELECT c.category_id AS k, v.created_at AS t FROM votes v
          JOIN contributions c ON c.stack_id = v.stack_id AND c.id = v.contribution_id
          WHERE v.stack_id = ${stackId}`,
  },
  shares: {
    source: (stackId) =>
      sql`SELECT c.category_id AS k, x.created_at AS t FROM shares x
          JOIN contributions c ON c.stack_id = x.stack_id AND c.id = x.contribution_id
          WHERE x.stack_id = ${stackId}`,
  },
  views: {
    source: (stackId) =>
      sql`SELECT c.category_id AS k, w.created_at AS t FROM views w
          JOIN contributions c ON c.stack_id = w.stack_id AND c.id = w.contribution_id
          WHERE w.stack_id = ${stackId}`,
  },
  followers: { source: simple('interests', 'category_id', 'created_at') },
};

/** Per-contribution counts (all time: the range selects the contributions themselves). */
export const CONTRIBUTION_METRICS: Record<ContributionTableCount, MetricSpec> = {
  comments: { source: simple('comments', 'contribution_id', 'created_at') },
  appreciations: {
    source: simple('votes', 'target_id', 'created_at', sql`target_type = 'contribution'`),
  },
  shares: { source: simple('shares', 'contribution_id', 'created_at') },
  views: { source: simple('views', 'contribution_id', 'created_at') },
  votes_count: { source: simple('poll_votes', 'contribution_id', 'created_at') },
};

/** `SELECT k, n` of one metric within the range, optionally only for some keys. */
export function metricQuery(
  spec: MetricSpec,
  stackId: number,
  range: Range,
  ids?: readonly number[],
): Fragment {
  return sql`SELECT s.k AS k, ${spec.aggregate ?? sql`count(*)`} AS n
             FROM (${spec.source(stackId)}) s
             WHERE ${inRange('s.t', range)} AND ${keyIn('s.k', ids)}
             GROUP BY s.k`;
}

/** Every metric of `specs` for the given keys, as a map key → {metric: count}. */
export async function metricsFor<K extends string>(
  db: Db,
  specs: Record<K, MetricSpec>,
  stackId: number,
  range: Range,
  ids: readonly number[],
  only?: readonly K[],
): Promise<Map<number, Record<K, number>>> {
  const names = only ?? (Object.keys(specs) as K[]);
  const result = new Map<number, Record<K, number>>();
  for (const id of ids) result.set(id, Object.fromEntries(names.map((n) => [n, 0])) as Record<K, number>);
  if (ids.length === 0 || names.length === 0) return result;
  const unions = names.map(
    (name) =>
      sql`SELECT ${name}::text AS metric, q.k, q.n FROM (${metricQuery(specs[name], stackId, range, ids)}) q`,
  );
  const { rows } = await sql<{ metric: K; k: number | string; n: number | string }>`${sql.join(
    unions,
    sql` UNION ALL `,
  )}`.execute(db);
  for (const row of rows) {
    const entry = result.get(Number(row.k));
    if (entry) entry[row.metric] = Number(row.n);
  }
  return result;
}

export interface Ordering {
  column: string;
  descending: boolean;
}

/**
 * One page of keys of `base` (a query with columns id and the sortable base columns) ordered by a base
 * column or by a metric over the range, plus the total count.
 */
export async function pageOfKeys<K extends string>(
  db: Db,
  input: {
    base: Fragment;
    baseColumns: readonly string[];
    specs: Record<K, MetricSpec>;
    stackId: number;
    range: Range;
    ordering: Ordering;
    limit: number;
    offset: number;
  },
): Promise<{ count: number; ids: number[] }> {
  const { base, ordering } = input;
  const countRow = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${base}) b`.execute(db);
  const direction = ordering.descending ? sql`DESC` : sql`ASC`;
  const nulls = ordering.descending ? sql`NULLS LAST` : sql`NULLS FIRST`;
  let query: Fragment;
  if (input.baseColumns.includes(ordering.column)) {
    query = sql`SELECT b.id FROM (${base}) b
                ORDER BY ${sql.ref(`b.${ordering.column}`)} ${direction} ${nulls}, b.id ${direction}
                LIMIT ${input.limit} OFFSET ${input.offset}`;
  } else {
    const spec = input.specs[ordering.column as K];
    query = sql`SELECT b.id FROM (${base}) b
                LEFT JOIN (${metricQuery(spec, input.stackId, input.range)}) m ON m.k = b.id
                ORDER BY coalesce(m.n, 0) ${direction}, b.id ${direction}
                LIMIT ${input.limit} OFFSET ${input.offset}`;
  }
  const { rows } = await sql<{ id: number | string }>`${query}`.execute(db);
  return { count: Number(countRow.rows[0]?.n ?? 0), ids: rows.map((r) => Number(r.id)) };
}

/** Members of the community (no staff role), optionally matching a search, as a base query. */
export function membersBase(
  stackId: number,
  search: string | undefined,
  searchEmail: boolean,
  now: Date,
  to: Date | null,
): Fragment {
  const term = search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const match = pattern
    ? searchEmail
      ? sql`(u.username ILIKE ${pattern} OR u.real_name ILIKE ${pattern} OR u.email ILIKE ${pattern})`
      : sql`(u.username ILIKE ${pattern} OR u.real_name ILIKE ${pattern})`
    : sql`TRUE`;
  const end = to ?? now;
  return sql`SELECT u.id, u.username, u.real_name AS name, u.created_at AS registered_at, u.last_login,
                    u.status, u.score,
                    CASE WHEN u.last_login IS NULL THEN NULL
                         ELSE floor(extract(epoch FROM (${end}::timestamptz - u.last_login)) / 86400)::int END AS days_missing
             FROM community_users u
             WHERE u.stack_id = ${stackId} AND u.role IS NULL AND ${match}`;
}

export const MEMBER_BASE_COLUMNS = [
  'id',
  'username',
  'name',
  'registered_at',
  'last_login',
  'status',
  'score',
  'days_missing',
] as const;

export async function membersByIds(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('community_users')
    .select([
      'id',
      'username',
      'real_name',
      'email',
      'created_at',
      'registered_from',
      'device',
      'last_login',
      'status',
      'score',
      'role',
    ])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function tagsOfUsers(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('user_tags as ut')
    .innerJoin('tags as t', (j) => j.onRef('t.stack_id', '=', 'ut.stack_id').onRef('t.id', '=', 'ut.tag_id'))
    .select(['ut.user_id', 't.id', 't.name', 't.color'])
    .where('ut.stack_id', '=', stackId)
    .where('ut.user_id', 'in', [...ids])
    .orderBy('t.name')
    .execute();
}

export async function interestsOfUsers(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('interests as i')
    .innerJoin('categories as c', (j) =>
      j.onRef('c.stack_id', '=', 'i.stack_id').onRef('c.id', '=', 'i.category_id'),
    )
    .select(['i.user_id', 'c.id', 'c.name'])
    .where('i.stack_id', '=', stackId)
    .where('i.user_id', 'in', [...ids])
    .orderBy('c.name')
    .execute();
}

export function categoriesBase(stackId: number, search: string | undefined): Fragment {
  const term = search?.trim();
  const match = term ? sql`c.name ILIKE ${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}` : sql`TRUE`;
  return sql`SELECT c.id, c.name, c.slug, c.created_at FROM categories c WHERE c.stack_id = ${stackId} AND ${match}`;
}
export const CATEGORY_BASE_COLUMNS = ['id', 'name', 'created_at'] as const;

export async function categoriesByIds(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('categories')
    .select(['id', 'name', 'slug', 'created_at'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
}

export function contributionsBase(stackId: number, search: string | undefined, range: Range): Fragment {
  const term = search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const match = pattern ? sql`(c.title ILIKE ${pattern} OR u.username ILIKE ${pattern})` : sql`TRUE`;
  return sql`SELECT c.id, c.type, c.title, c.created_at FROM contributions c
             LEFT JOIN community_users u ON u.stack_id = c.stack_id AND u.id = c.author_id
             WHERE c.stack_id = ${stackId} AND ${inRange('c.created_at', range)} AND ${match}`;
}
export const CONTRIBUTION_BASE_COLUMNS = ['id', 'type', 'title', 'created_at'] as const;

export async function contributionsByIds(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('contributions as c')
    .leftJoin('community_users as u', (j) =>
      j.onRef('u.stack_id', '=', 'c.stack_id').onRef('u.id', '=', 'c.author_id'),
    )
    .leftJoin('categories as k', (j) =>
      j.onRef('k.stack_id', '=', 'c.stack_id').onRef('k.id', '=', 'c.category_id'),
    )
    .select([
      'c.id',
      'c.type',
      'c.title',
      'c.status',
      'c.created_at',
      'c.multiple_choices',
      'c.author_id',
      'u.username as author_username',
      'c.category_id',
      'k.name as category_name',
    ])
    .where('c.stack_id', '=', stackId)
    .where('c.id', 'in', [...ids])
    .execute();
}

// ---- User insight ----

/** The user's contributions with the most of one kind of reaction (top `limit`). */
export async function topContributions(
  db: Db,
  stackId: number,
  userId: number,
  metric: 'appreciations' | 'comments' | 'shares',
  limit: number,
) {
  const spec = CONTRIBUTION_METRICS[metric];
  const { rows } = await sql<{
    id: string | number;
    type: string;
    title: string;
    created_at: Date;
    n: string | number;
  }>`
    SELECT c.id, c.type, c.title, c.created_at, m.n
    FROM contributions c
    JOIN (${metricQuery(spec, stackId, { from: null, to: null })}) m ON m.k = c.id
    WHERE c.stack_id = ${stackId} AND c.author_id = ${userId}
    ORDER BY m.n DESC, c.id DESC
    LIMIT ${limit}`.execute(db);
  return rows.map((r) => ({
    id: Number(r.id),
    type: r.type,
    title: r.title,
    created_at: new Date(r.created_at).toISOString(),
    count: Number(r.n),
  }));
}

/** Other users linked to the user (first `limit` by most recent link) and how many there are. */
export async function peopleOf(
  db: Db,
  stackId: number,
  userId: number,
  kind: 'connections' | 'followers' | 'followings',
  limit: number,
) {
  const links =
    kind === 'connections'
      ? sql`SELECT CASE WHEN user_a = ${userId} THEN user_b ELSE user_a END AS other, created_at FROM connections
            WHERE stack_id = ${stackId} AND (user_a = ${userId} OR user_b = ${userId})`
      : kind === 'followers'
        ? sql`SELECT follower_id AS other, created_at FROM follows WHERE stack_id = ${stackId} AND followed_id = ${userId}`
        : sql`SELECT followed_id AS other, created_at FROM follows WHERE stack_id = ${stackId} AND follower_id = ${userId}`;
  const total = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${links}) l`.execute(db);
  const { rows } = await sql<{ id: number; username: string; name: string }>`
    SELECT u.id, u.username, u.real_name AS name FROM (${links}) l
    JOIN community_users u ON u.stack_id = ${stackId} AND u.id = l.other
    ORDER BY l.created_at DESC, u.id
    LIMIT ${limit}`.execute(db);
  return { count: Number(total.rows[0]?.n ?? 0), results: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

export async function contributedCategories(db: Db, stackId: number, userId: number) {
  const rows = await db
    .selectFrom('contributions as c')
    .innerJoin('categories as k', (j) =>
      j.onRef('k.stack_id', '=', 'c.stack_id').onRef('k.id', '=', 'c.category_id'),
    )
    .select(['k.id', 'k.name', (eb) => eb.fn.countAll<string | number>().as('n')])
    .where('c.stack_id', '=', stackId)
    .where('c.author_id', '=', userId)
    .groupBy(['k.id', 'k.name'])
    .orderBy('n', 'desc')
    .orderBy('k.name')
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, count: Number(r.n) }));
}

// ---- Tag assignment ----

export async function existingMembers(db: Db, stackId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('community_users')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

export async function existingUserTags(db: Db, stackId: number, ids: readonly number[]): Promise<number[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('tags')
    .select('id')
    .where('stack_id', '=', stackId)
    .where('type', '=', 'user')
    .where('id', 'in', [...ids])
    .execute();
  return rows.map((r) => r.id);
}

export async function assignUserTags(
  db: Db,
  stackId: number,
  userIds: readonly number[],
  tagIds: readonly number[],
  at: Date,
): Promise<number> {
  const values = userIds.flatMap((user_id) =>
    tagIds.map((tag_id) => ({ stack_id: stackId, user_id, tag_id, created_at: at })),
  );
  if (values.length === 0) return 0;
  const rows = await db
    .insertInto('user_tags')
    .values(values)
    .onConflict((oc) => oc.columns(['stack_id', 'user_id', 'tag_id']).doNothing())
    .returning('user_id')
    .execute();
  return rows.length;
}
