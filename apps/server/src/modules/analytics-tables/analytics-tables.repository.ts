import { sql, type Expression, type RawBuilder } from 'kysely';
import type { CategoryTableCount, ContributionTableCount, UserTableCount } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { categoryRows } from '../categories/category-rows.repository.ts';
import { privateMessageRows, uploadRows } from '../activity/message-and-upload-rows.repository.ts';
import { loginRows } from '../member-auth/login-rows.repository.ts';
import { contributionRows, pollContributionRows } from '../member-content/contribution-rows.repository.ts';
import {
  commentRows,
  pollVoteRows,
  shareRows,
  viewRows,
  voteRows,
} from '../member-content/reaction-rows.repository.ts';
import { connectionRows, followRows, interestRows } from '../member-people/relation-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';

// The analytics tables count every area's rows in SQL, one statement per question, without naming
// another module's table: each owner offers its rows as a sub-query (`*-rows.repository.ts`), composed
// here into the statement; PostgreSQL folds the simple sub-queries back in, so it stays one round trip.

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

/** An owner's source of rows (a sub-query over its own table, every community's rows with `stack_id`). */
type Rows = (db: Db) => Expression<unknown>;

interface MetricSpec {
  /** Rows (k, t) of the activity, already restricted to the community. */
  source: (db: Db, stackId: number) => Fragment;
  aggregate?: Fragment;
}

/** The rows of one owner's source in the community, keyed by `key` and timed by `time`, with all its columns. */
const rowsOf =
  (rows: Rows, key: string, time: string, filter: Fragment = sql`TRUE`) =>
  (db: Db, stackId: number) =>
    sql`SELECT ${sql.ref(`r.${key}`)} AS k, ${sql.ref(`r.${time}`)} AS t, r.*
        FROM ${rows(db)} r WHERE r.stack_id = ${stackId} AND ${filter}`;

/** Rows of a reaction to a content (comment, vote, share, view), keyed by the content's category. */
const byCategoryOfContent = (rows: Rows) => (db: Db, stackId: number) =>
  sql`SELECT c.category_id AS k, r.created_at AS t
      FROM ${rows(db)} r
      JOIN ${contributionRows(db)} c ON c.stack_id = r.stack_id AND c.id = r.contribution_id
      WHERE r.stack_id = ${stackId}`;

/** Per-member counts (the analytics users table and the users export). */
export const USER_METRICS: Record<UserTableCount, MetricSpec> = {
  visits: { source: rowsOf(loginRows, 'user_id', 'at') },
  unique_accesses: {
    source: rowsOf(loginRows, 'user_id', 'at'),
    aggregate: sql`count(DISTINCT date_trunc('day', s.t AT TIME ZONE 'UTC'))`,
  },
  contributions: { source: rowsOf(contributionRows, 'author_id', 'created_at') },
  posts: { source: rowsOf(contributionRows, 'author_id', 'created_at', sql`r.type = 'post'`) },
  discussions: { source: rowsOf(contributionRows, 'author_id', 'created_at', sql`r.type = 'discussion'`) },
  statuses: { source: rowsOf(contributionRows, 'author_id', 'created_at', sql`r.type = 'status'`) },
  // Polls of their own, or attached to a post or discussion through the member API.
  polls: { source: rowsOf(pollContributionRows, 'author_id', 'created_at') },
  comments: { source: rowsOf(commentRows, 'author_id', 'created_at') },
  connections: {
    source: (db, stackId) =>
      sql`SELECT c.user_a AS k, c.created_at AS t FROM ${connectionRows(db)} c WHERE c.stack_id = ${stackId}
          UNION ALL
          SELECT c.user_b AS k, c.created_at AS t FROM ${connectionRows(db)} c WHERE c.stack_id = ${stackId}`,
  },
  followers: { source: rowsOf(followRows, 'followed_id', 'created_at') },
  followings: { source: rowsOf(followRows, 'follower_id', 'created_at') },
  appreciations_given: { source: rowsOf(voteRows, 'user_id', 'created_at') },
  appreciations_received: { source: rowsOf(voteRows, 'target_author_id', 'created_at') },
  shares: { source: rowsOf(shareRows, 'user_id', 'created_at') },
  contents_viewed: {
    source: rowsOf(viewRows, 'user_id', 'created_at'),
    aggregate: sql`count(DISTINCT s.contribution_id)`,
  },
  private_messages: { source: rowsOf(privateMessageRows, 'sender_id', 'created_at') },
  uploads: { source: rowsOf(uploadRows, 'user_id', 'created_at') },
  poll_votes: { source: rowsOf(pollVoteRows, 'user_id', 'created_at') },
};

/** Per-category counts. */
export const CATEGORY_METRICS: Record<CategoryTableCount, MetricSpec> = {
  contributions: { source: rowsOf(contributionRows, 'category_id', 'created_at') },
  contributors: {
    source: rowsOf(contributionRows, 'category_id', 'created_at'),
    aggregate: sql`count(DISTINCT s.author_id)`,
  },
  comments: { source: byCategoryOfContent(commentRows) },
  appreciations: { source: byCategoryOfContent(voteRows) },
  shares: { source: byCategoryOfContent(shareRows) },
  views: { source: byCategoryOfContent(viewRows) },
  followers: { source: rowsOf(interestRows, 'category_id', 'created_at') },
};

/** Per-contribution counts (all time: the range selects the contributions themselves). */
export const CONTRIBUTION_METRICS: Record<ContributionTableCount, MetricSpec> = {
  comments: { source: rowsOf(commentRows, 'contribution_id', 'created_at') },
  appreciations: {
    source: rowsOf(voteRows, 'target_id', 'created_at', sql`r.target_type = 'contribution'`),
  },
  shares: { source: rowsOf(shareRows, 'contribution_id', 'created_at') },
  views: { source: rowsOf(viewRows, 'contribution_id', 'created_at') },
  votes_count: { source: rowsOf(pollVoteRows, 'contribution_id', 'created_at') },
};

/** `SELECT k, n` of one metric within the range, optionally only for some keys. */
export function metricQuery(
  db: Db,
  spec: MetricSpec,
  stackId: number,
  range: Range,
  ids?: readonly number[],
): Fragment {
  return sql`SELECT s.k AS k, ${spec.aggregate ?? sql`count(*)`} AS n
             FROM (${spec.source(db, stackId)}) s
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
      sql`SELECT ${name}::text AS metric, q.k, q.n FROM (${metricQuery(db, specs[name], stackId, range, ids)}) q`,
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
                LEFT JOIN (${metricQuery(db, spec, input.stackId, input.range)}) m ON m.k = b.id
                ORDER BY coalesce(m.n, 0) ${direction}, b.id ${direction}
                LIMIT ${input.limit} OFFSET ${input.offset}`;
  }
  const { rows } = await sql<{ id: number | string }>`${query}`.execute(db);
  return { count: Number(countRow.rows[0]?.n ?? 0), ids: rows.map((r) => Number(r.id)) };
}

/** Members of the community (no staff role), optionally matching a search, as a base query. */
export function membersBase(
  db: Db,
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
             FROM ${communityUserRows(db)} u
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
    .selectFrom(communityUserRows(db).as('u'))
    .select([
      'u.id',
      'u.username',
      'u.real_name',
      'u.email',
      'u.created_at',
      'u.registered_from',
      'u.device',
      'u.last_login',
      'u.status',
      'u.score',
      'u.role',
    ])
    .where('u.stack_id', '=', stackId)
    .where('u.id', 'in', [...ids])
    .execute();
}

export async function interestsOfUsers(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom(interestRows(db).as('i'))
    .innerJoin(categoryRows(db).as('c'), (j) =>
      j.onRef('c.stack_id', '=', 'i.stack_id').onRef('c.id', '=', 'i.category_id'),
    )
    .select(['i.user_id', 'c.id', 'c.name'])
    .where('i.stack_id', '=', stackId)
    .where('i.user_id', 'in', [...ids])
    .orderBy('c.name')
    .execute();
}

export function categoriesBase(db: Db, stackId: number, search: string | undefined): Fragment {
  const term = search?.trim();
  const match = term ? sql`c.name ILIKE ${`%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`}` : sql`TRUE`;
  return sql`SELECT c.id, c.name, c.slug, c.created_at FROM ${categoryRows(db)} c
             WHERE c.stack_id = ${stackId} AND ${match}`;
}
export const CATEGORY_BASE_COLUMNS = ['id', 'name', 'created_at'] as const;

export function contributionsBase(
  db: Db,
  stackId: number,
  search: string | undefined,
  range: Range,
): Fragment {
  const term = search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%` : undefined;
  const match = pattern ? sql`(c.title ILIKE ${pattern} OR u.username ILIKE ${pattern})` : sql`TRUE`;
  return sql`SELECT c.id, c.type, c.title, c.created_at FROM ${contributionRows(db)} c
             LEFT JOIN ${communityUserRows(db)} u ON u.stack_id = c.stack_id AND u.id = c.author_id
             WHERE c.stack_id = ${stackId} AND ${inRange('c.created_at', range)} AND ${match}`;
}
export const CONTRIBUTION_BASE_COLUMNS = ['id', 'type', 'title', 'created_at'] as const;

export async function contributionsByIds(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom(contributionRows(db).as('c'))
    .leftJoin(communityUserRows(db).as('u'), (j) =>
      j.onRef('u.stack_id', '=', 'c.stack_id').onRef('u.id', '=', 'c.author_id'),
    )
    .leftJoin(categoryRows(db).as('k'), (j) =>
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
    FROM ${contributionRows(db)} c
    JOIN (${metricQuery(db, spec, stackId, { from: null, to: null })}) m ON m.k = c.id
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
      ? sql`SELECT CASE WHEN c.user_a = ${userId} THEN c.user_b ELSE c.user_a END AS other, c.created_at
            FROM ${connectionRows(db)} c
            WHERE c.stack_id = ${stackId} AND (c.user_a = ${userId} OR c.user_b = ${userId})`
      : kind === 'followers'
        ? sql`SELECT f.follower_id AS other, f.created_at FROM ${followRows(db)} f
              WHERE f.stack_id = ${stackId} AND f.followed_id = ${userId}`
        : sql`SELECT f.followed_id AS other, f.created_at FROM ${followRows(db)} f
              WHERE f.stack_id = ${stackId} AND f.follower_id = ${userId}`;
  const total = await sql<{ n: string | number }>`SELECT count(*) AS n FROM (${links}) l`.execute(db);
  const { rows } = await sql<{ id: number; username: string; name: string }>`
    SELECT u.id, u.username, u.real_name AS name FROM (${links}) l
    JOIN ${communityUserRows(db)} u ON u.stack_id = ${stackId} AND u.id = l.other
    ORDER BY l.created_at DESC, u.id
    LIMIT ${limit}`.execute(db);
  return { count: Number(total.rows[0]?.n ?? 0), results: rows.map((r) => ({ ...r, id: Number(r.id) })) };
}

export async function contributedCategories(db: Db, stackId: number, userId: number) {
  const rows = await db
    .selectFrom(contributionRows(db).as('c'))
    .innerJoin(categoryRows(db).as('k'), (j) =>
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
