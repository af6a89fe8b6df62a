import { sql } from 'kysely';
import type { FlagReason, FlaggedContributionQuery, ModeratedContributionType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { flagRows } from '../moderation/content-flags.repository.ts';
import { contentModerationRows } from '../moderation/content-moderation-states.repository.ts';
import './member-content.tables.ts';

export interface FlaggedRow {
  content_type: ModeratedContributionType;
  content_id: number | string;
  flag_count: number | string;
  last_flagged_at: Date;
  status: 'open' | 'ignored' | 'hidden' | 'deleted';
  moderator_id: number | null;
  motivation: FlagReason | null;
  last_moderated_at: Date | null;
  total: number | string;
}

const ORDER = {
  last_flagged_at: sql`max(f.created_at) ASC`,
  '-last_flagged_at': sql`max(f.created_at) DESC`,
  flag_count: sql`count(*) ASC`,
  '-flag_count': sql`count(*) DESC`,
  last_moderated_at: sql`m.last_moderated_at ASC NULLS LAST`,
  '-last_moderated_at': sql`m.last_moderated_at DESC NULLS LAST`,
} as const;

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Flagged contributions and comments of a community, grouped per content, with their moderation. */
export async function listFlagged(
  db: Db,
  stackId: number,
  query: FlaggedContributionQuery,
  limit: number | undefined,
): Promise<FlaggedRow[]> {
  const filters = [
    sql`f.stack_id = ${stackId}`,
    sql`f.content_type IN ('post', 'discussion', 'status', 'comment')`,
  ];
  if (query.contribution_type) filters.push(sql`f.content_type = ${query.contribution_type}`);
  if (query.contribution_id) filters.push(sql`f.content_id = ${query.contribution_id}`);
  if (query.moderation_status) filters.push(sql`coalesce(m.status, 'open') = ${query.moderation_status}`);
  if (query.author) filters.push(sql`f.author_id = ${query.author}`);
  if (query.flagged_by) {
    filters.push(sql`EXISTS (SELECT 1 FROM ${flagRows(db).as('g')} WHERE g.stack_id = f.stack_id
      AND g.content_type = f.content_type AND g.content_id = f.content_id AND g.flagged_by = ${query.flagged_by})`);
  }
  if (query.content?.trim()) {
    const like = likePattern(query.content.trim());
    filters.push(sql`CASE WHEN f.content_type = 'comment'
      THEN EXISTS (SELECT 1 FROM comments k WHERE k.stack_id = f.stack_id AND k.id = f.content_id AND k.body ILIKE ${like})
      ELSE EXISTS (SELECT 1 FROM contributions c WHERE c.stack_id = f.stack_id AND c.id = f.content_id
        AND (c.title ILIKE ${like} OR c.body ILIKE ${like})) END`);
  }
  const having = query.min_flags ? sql`HAVING count(*) >= ${query.min_flags}` : sql``;
  const page = limit === undefined ? sql`OFFSET ${query.offset}` : sql`LIMIT ${limit} OFFSET ${query.offset}`;
  const result = await sql<FlaggedRow>`
    SELECT f.content_type, f.content_id, count(*) AS flag_count, max(f.created_at) AS last_flagged_at,
      coalesce(m.status, 'open') AS status, m.moderator_id, m.motivation, m.last_moderated_at,
      count(*) OVER () AS total
    FROM ${flagRows(db).as('f')}
    LEFT JOIN ${contentModerationRows(db).as('m')}
      ON m.stack_id = f.stack_id AND m.content_type = f.content_type AND m.content_id = f.content_id
    WHERE ${sql.join(filters, sql` AND `)}
    GROUP BY f.content_type, f.content_id, m.status, m.moderator_id, m.motivation, m.last_moderated_at
    ${having}
    ORDER BY ${ORDER[query.order_by]}, f.content_type, f.content_id DESC
    ${page}
  `.execute(db);
  return result.rows;
}
