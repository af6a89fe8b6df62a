import { sql } from 'kysely';
import type { FeedObjectType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { escapeLike } from '../../platform/db/like-pattern.ts';
import { contentModerationRows } from '../moderation/content-moderation-states.repository.ts';
import './member-content.tables.ts';
import { publishedFor } from './composer-schedule.ts';

/** A search counts at most this many matches (a count past it would read the whole table). */
export const SEARCH_COUNT_CAP = 1000;

export interface SearchFilter {
  type: FeedObjectType;
  /** The words, matched anywhere in the title or the body, case-insensitively. */
  text: string;
  /** Disabled categories: their contents never show. */
  hiddenCategoryIds: readonly number[];
  /** Gone authors and the members the caller hid. */
  hiddenAuthorIds: readonly number[];
  /** Scheduled contents are found from their time on, by their author before. */
  publishedFor: { now: Date; viewerId: number | undefined };
}

const intArray = (ids: readonly number[]) => sql`${[...ids]}::int[]`;

/** The explore feed's visibility rules on `c`, and the text. */
function matching(db: Db, stackId: number, filter: SearchFilter) {
  const pattern = `%${escapeLike(filter.text)}%`;
  return sql`c.stack_id = ${stackId} AND c.type = ${filter.type} AND c.status = 'published'
    AND (c.category_id IS NULL OR NOT (c.category_id = ANY(${intArray(filter.hiddenCategoryIds)})))
    AND NOT (c.author_id = ANY(${intArray(filter.hiddenAuthorIds)}))
    AND (c.title ILIKE ${pattern} OR c.body ILIKE ${pattern})
    AND ${publishedFor(filter.publishedFor.now, filter.publishedFor.viewerId)}
    AND NOT EXISTS (
      SELECT 1 FROM ${contentModerationRows(db)} m
       WHERE m.stack_id = c.stack_id AND m.content_type = c.type AND m.content_id = c.id
         AND m.status IN ('hidden', 'deleted'))`;
}

/**
 * One page of the contents of a type whose title or body holds the text, newest first (by id, read
 * backwards on the primary key until the page is full), and how many there are (at most
 * `SEARCH_COUNT_CAP`, so a common word never counts the whole table).
 */
export async function searchContributionIds(
  db: Db,
  stackId: number,
  filter: SearchFilter,
  limit: number,
  offset: number,
): Promise<{ count: number; ids: number[] }> {
  const where = matching(db, stackId, filter);
  const [page, total] = await Promise.all([
    sql<{ id: string | number }>`SELECT c.id FROM contributions c WHERE ${where}
      ORDER BY c.id DESC LIMIT ${limit} OFFSET ${offset}`.execute(db),
    sql<{ n: number }>`SELECT count(*)::int AS n FROM (
      SELECT 1 FROM contributions c WHERE ${where} LIMIT ${SEARCH_COUNT_CAP}) s`.execute(db),
  ]);
  return { count: total.rows[0]?.n ?? 0, ids: page.rows.map((r) => Number(r.id)) };
}
