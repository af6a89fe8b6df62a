import { sql, type RawBuilder } from 'kysely';
import type { FeedOrder } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { contentModerationRows } from '../moderation/content-moderation-states.repository.ts';
import { banRows } from '../user-moderation/ban-rows.repository.ts';
import { communityUserRows } from '../users/community-user-rows.repository.ts';
import { contributionsQuery, type ContributionRow } from './member-content.repository.ts';
import './member-content.tables.ts';
import { publishedFor } from './composer-schedule.ts';

// The feeds' one ordering code (ADR 0022). A feed is the union of sources — a followed category, a
// followed author, the whole community — each read in its own index order; the page is cut from the
// union ordered by the feed's key plus the connection boost of followed authors' contents. Reading
// offset + limit rows of each source is enough: a content's rank within its source is never below its
// rank in the feed (a boosted content is also in its author's source, where every content has the same
// boost), so every page reaches every content exactly once.

/** Which contents a feed holds. */
export type FeedScope =
  | { kind: 'home'; categoryIds: readonly number[]; authorIds: readonly number[] }
  | { kind: 'explore' }
  | { kind: 'category'; categoryId: number }
  | { kind: 'author'; authorId: number };

export interface FeedOptions {
  order: FeedOrder;
  /** Contents by these authors rank as if `points` (ADR 0022) higher; 0 for no boost. */
  boost: { authorIds: readonly number[]; points: number };
  /** Disabled categories: their contents never show. */
  hiddenCategoryIds: readonly number[];
  /** Authors who left (deleted) or are banned: their contents never show (`goneAuthorIds`). */
  hiddenAuthorIds: readonly number[];
  /** Members see published, unmoderated contents of authors still in the community; moderators all. */
  visibleOnly: boolean;
  /** With `visibleOnly`: scheduled contents are kept out until their time, but for their author. */
  publishedFor: { now: Date; viewerId: number | undefined };
}

/** One relevance point is worth 45 000 s (12.5 h) of recency (the `feed_relevance` function). */
export const SECONDS_PER_POINT = 45_000;
const TYPES = sql`('discussion', 'post', 'status')`;

const intArray = (ids: readonly number[]) => sql`${[...ids]}::int[]`;

function sortColumn(order: FeedOrder): RawBuilder<unknown> {
  if (order === 'recent') return sql.ref('c.created_at');
  if (order === 'last_activity') return sql.ref('c.last_activity_at');
  return sql.ref('c.relevance');
}

/** The rules on `c`'s own columns (a count index holds them all): type, published, category enabled. */
function shownByRow(options: FeedOptions) {
  const always = sql`c.type IN ${TYPES}`;
  if (!options.visibleOnly) return always;
  return sql`${always}
    AND c.status = 'published'
    AND (c.category_id IS NULL OR NOT (c.category_id = ANY(${intArray(options.hiddenCategoryIds)})))`;
}

/** What a member may see of `c` (contributions): never hidden, deleted, or in a disabled category. */
function visible(db: Db, options: FeedOptions) {
  if (!options.visibleOnly) return shownByRow(options);
  return sql`${shownByRow(options)}
    AND NOT EXISTS (
      SELECT 1 FROM ${contentModerationRows(db)} m
       WHERE m.stack_id = c.stack_id AND m.content_type = c.type AND m.content_id = c.id
         AND m.status IN ('hidden', 'deleted'))
    AND NOT (c.author_id = ANY(${intArray(options.hiddenAuthorIds)}))
    AND ${publishedFor(options.publishedFor.now, options.publishedFor.viewerId)}`;
}

/**
 * The ids a count takes away from what `shownByRow` keeps, as a union of small sets read by their own
 * indexes: contents a moderator hid or deleted, contents of gone authors and, for the unseen count,
 * the member's own and seen contents. Undefined when nothing is taken away.
 */
function removedIds(
  db: Db,
  stackId: number,
  options: FeedOptions,
  unseenBy: number | undefined,
): RawBuilder<unknown> | undefined {
  const sets: RawBuilder<unknown>[] = [];
  if (options.visibleOnly) {
    // Discussions, posts and statuses share one id sequence: the type need not be matched.
    sets.push(sql`SELECT m.content_id FROM ${contentModerationRows(db)} m
       WHERE m.stack_id = ${stackId} AND m.content_type IN ${TYPES} AND m.status IN ('hidden', 'deleted')`);
    if (options.hiddenAuthorIds.length > 0) {
      sets.push(sql`SELECT g.id FROM contributions g
         WHERE g.stack_id = ${stackId} AND g.author_id = ANY(${intArray(options.hiddenAuthorIds)})`);
    }
    // Scheduled contents (few, read on the recent index): not counted before their time but by their author.
    const { now, viewerId } = options.publishedFor;
    sets.push(sql`SELECT f.id FROM contributions f
       WHERE f.stack_id = ${stackId} AND f.created_at > ${now}
         ${viewerId === undefined ? sql`` : sql`AND f.author_id <> ${viewerId}`}`);
  }
  if (unseenBy !== undefined) {
    sets.push(
      sql`SELECT o.id FROM contributions o WHERE o.stack_id = ${stackId} AND o.author_id = ${unseenBy}`,
    );
    sets.push(sql`SELECT s.contribution_id FROM feed_seen s
       WHERE s.stack_id = ${stackId} AND s.user_id = ${unseenBy}`);
  }
  return sets.length === 0 ? undefined : sql.join(sets, sql` UNION `);
}

/**
 * Members whose contents members no longer see: deleted or erased, or banned while the ban lasts. Few,
 * and found through a partial index (migration 0025), so each feed reads them once instead of
 * looking every content's author up.
 */
export async function goneAuthorIds(db: Db, stackId: number, now: Date): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    SELECT u.id FROM ${communityUserRows(db)} u
     WHERE u.stack_id = ${stackId} AND u.status IN ('deleted', 'fully_deleted', 'banned')
       AND (u.status <> 'banned' OR NOT EXISTS (
             SELECT 1 FROM ${banRows(db)} b
              WHERE b.stack_id = u.stack_id AND b.user_id = u.id
                AND b.ban_until IS NOT NULL AND b.ban_until <= ${now}))`.execute(db);
  return rows.map((r) => r.id);
}

/**
 * One part of a feed's contents, without order (for its count): `rows`, the part as a condition on
 * `c` (contributions); `tallies`, the same part as a condition on `t` (contribution_tallies, migration
 * 0047) when it is a whole community or some categories, which the tallies count per category.
 */
interface CountPart {
  rows: RawBuilder<unknown>;
  tallies?: RawBuilder<unknown>;
}

/**
 * The feed's parts, which never overlap: a home feed is its followed categories' contents, plus its
 * people's contents outside those categories. A part by categories sums a few tallies; a part by
 * people is one index-only scan of a count index (migration 0029) — their OR would visit every row.
 */
function scopeParts(scope: FeedScope): CountPart[] {
  if (scope.kind === 'explore') return [{ rows: sql`TRUE`, tallies: sql`TRUE` }];
  if (scope.kind === 'category') {
    return [
      { rows: sql`c.category_id = ${scope.categoryId}`, tallies: sql`t.category_key = ${scope.categoryId}` },
    ];
  }
  if (scope.kind === 'author') return [{ rows: sql`c.author_id = ${scope.authorId}` }];
  const categories = intArray(scope.categoryIds);
  return [
    { rows: sql`c.category_id = ANY(${categories})`, tallies: sql`t.category_key = ANY(${categories})` },
    {
      rows: sql`c.author_id = ANY(${intArray(scope.authorIds)})
        AND (c.category_id IS NULL OR NOT (c.category_id = ANY(${categories})))`,
    },
  ];
}

/** `shownByRow`'s rules on a tally's own columns (its category, type and status). */
function shownByTally(options: FeedOptions) {
  const always = sql`t.type IN ${TYPES}`;
  if (!options.visibleOnly) return always;
  return sql`${always}
    AND t.status = 'published'
    AND (t.category_key = 0 OR NOT (t.category_key = ANY(${intArray(options.hiddenCategoryIds)})))`;
}

/**
 * How many contents the feed holds; `unseenBy` counts only others' contents that member has not seen.
 * Each part is what the tallies (or its index) hold under the row's own rules, less the few contents
 * the other rules take away (`removedIds`): a sum and an index read instead of a check of every
 * content. One statement: the removed ids are looked up once for all the parts (by an index holding
 * every column the rules read, migration 0048), and a pooled connection's first statements are its
 * slowest (ADR 0044), so one connection serves the whole count.
 */
export async function countFeed(
  db: Db,
  stackId: number,
  scope: FeedScope,
  options: FeedOptions,
  unseenBy?: number,
): Promise<number> {
  const parts = scopeParts(scope);
  const alls = parts.map((part) =>
    part.tallies
      ? sql`(SELECT coalesce(sum(t.n), 0) FROM contribution_tallies t
              WHERE t.stack_id = ${stackId} AND ${part.tallies} AND ${shownByTally(options)})`
      : sql`(SELECT count(*) FROM contributions c
              WHERE c.stack_id = ${stackId} AND ${part.rows} AND ${shownByRow(options)})`,
  );
  const removed = removedIds(db, stackId, options, unseenBy);
  // Each removed id is looked up once, by its key, and taken from whichever part holds it (the parts
  // never overlap); never a second scan of a part. The LIMIT (an id is unique anyway) keeps the
  // planner from turning the lookups into a join.
  const inParts = sql.join(
    parts.map((part) => sql`(${part.rows})`),
    sql` OR `,
  );
  const taken = removed
    ? sql`(SELECT count(*) FROM (${removed}) r(id)
            CROSS JOIN LATERAL (SELECT 1 FROM contributions c
                                 WHERE c.id = r.id AND c.stack_id = ${stackId} AND ${shownByRow(options)}
                                   AND (${inParts}) LIMIT 1) k)`
    : sql`0`;
  const { rows } = await sql<{ n: number }>`
    SELECT (${sql.join(alls, sql` + `)} - ${taken})::int AS n`.execute(db);
  return rows[0]?.n ?? 0;
}

/** The ids of one page of the feed, in its order. */
export async function pageOfFeedIds(
  db: Db,
  stackId: number,
  scope: FeedScope,
  options: FeedOptions,
  limit: number | undefined,
  offset: number,
): Promise<number[]> {
  const key = sortColumn(options.order);
  const depth = limit === undefined ? sql`ALL` : sql`${offset + limit}`;
  const read = (where: RawBuilder<unknown>) => sql`
    SELECT c.id, c.author_id, ${key} AS k FROM contributions c
     WHERE c.stack_id = ${stackId} AND ${where} AND ${visible(db, options)}
     ORDER BY ${key} DESC, c.id DESC LIMIT ${depth}`;
  const byCategory = (ids: readonly number[]) => sql`
    SELECT s.* FROM unnest(${intArray(ids)}) AS f(id)
     CROSS JOIN LATERAL (${read(sql`c.category_id = f.id`)}) s`;
  const byAuthor = (ids: readonly number[]) => sql`
    SELECT s.* FROM unnest(${intArray(ids)}) AS f(id)
     CROSS JOIN LATERAL (${read(sql`c.author_id = f.id`)}) s`;

  const boosted = options.boost.points > 0 ? options.boost.authorIds : [];
  const sources: RawBuilder<unknown>[] = [];
  if (scope.kind === 'home') {
    sources.push(byCategory(scope.categoryIds), byAuthor([...new Set([...scope.authorIds, ...boosted])]));
  } else if (scope.kind === 'explore') {
    sources.push(sql`SELECT * FROM (${read(sql`TRUE`)}) s`);
    if (boosted.length > 0) sources.push(byAuthor(boosted));
  } else if (scope.kind === 'author') {
    sources.push(sql`SELECT * FROM (${read(sql`c.author_id = ${scope.authorId}`)}) s`);
  } else {
    sources.push(sql`SELECT * FROM (${read(sql`c.category_id = ${scope.categoryId}`)}) s`);
  }
  const points = options.boost.points;
  const lift =
    options.order === 'relevance'
      ? sql`${points}::float8`
      : sql`(${points * SECONDS_PER_POINT} * interval '1 second')`;
  const ranked =
    boosted.length === 0
      ? sql`k`
      : sql`CASE WHEN author_id = ANY(${intArray(boosted)}) THEN k + ${lift} ELSE k END`;
  const { rows } = await sql<{ id: string | number }>`
    WITH candidates AS (${sql.join(sources, sql` UNION `)})
    SELECT id FROM candidates
     ORDER BY ${ranked} DESC, k DESC, id DESC
     ${limit === undefined ? sql`` : sql`LIMIT ${limit}`} OFFSET ${offset}
  `.execute(db);
  return rows.map((r) => Number(r.id));
}

/**
 * Who published most in a category since `since` (published contents, at most `max` authors), the
 * most active first: the category's trending people.
 */
export async function activeAuthorsOfCategory(
  db: Db,
  stackId: number,
  categoryId: number,
  since: Date,
  max: number,
): Promise<number[]> {
  const { rows } = await sql<{ author_id: number }>`
    SELECT c.author_id FROM contributions c
     WHERE c.stack_id = ${stackId} AND c.category_id = ${categoryId} AND c.type IN ${TYPES}
       AND c.status = 'published' AND c.created_at >= ${since}
     GROUP BY c.author_id
     ORDER BY count(*) DESC, max(c.created_at) DESC, c.author_id
     LIMIT ${max}`.execute(db);
  return rows.map((r) => Number(r.author_id));
}

/** The contents of `ids` as the serializers read them, in the order of `ids`. */
export async function feedContributionRows(
  db: Db,
  stackId: number,
  ids: readonly number[],
): Promise<ContributionRow[]> {
  if (ids.length === 0) return [];
  const rows = await contributionsQuery(db, stackId)
    .where('c.id', 'in', [...ids])
    .execute();
  const byId = new Map(rows.map((r) => [Number(r.id), { ...r, id: Number(r.id) } as ContributionRow]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Which of `ids` the member has marked seen. */
export async function seenIds(
  db: Db,
  stackId: number,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('feed_seen')
    .select('contribution_id')
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('contribution_id', 'in', [...ids])
    .execute();
  return new Set(rows.map((r) => Number(r.contribution_id)));
}

/** Marks the community's contents among `ids` seen by the member (again: nothing changes). */
export async function markSeen(
  db: Db,
  stackId: number,
  userId: number,
  ids: readonly number[],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await sql`
    INSERT INTO feed_seen (stack_id, user_id, contribution_id, seen_at)
    SELECT c.stack_id, ${userId}::int, c.id, ${at}::timestamptz FROM contributions c
     WHERE c.stack_id = ${stackId} AND c.id = ANY(${[...ids]}::bigint[])
    ON CONFLICT DO NOTHING
  `.execute(db);
}
