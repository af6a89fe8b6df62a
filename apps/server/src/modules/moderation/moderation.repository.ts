import { sql } from 'kysely';
import type { FlagReason, ModerationContentType, ModerationStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type {} from './moderation.tables.ts';

export interface NewFlag {
  contentType: ModerationContentType;
  contentId: number;
  authorId: number;
  flaggedBy: number | null;
  byBot: boolean;
  reason: FlagReason;
  at: Date;
}

export async function insertFlag(db: Db, stackId: number, flag: NewFlag): Promise<number> {
  const row = await db
    .insertInto('flags')
    .values({
      stack_id: stackId,
      content_type: flag.contentType,
      content_id: flag.contentId,
      author_id: flag.authorId,
      flagged_by: flag.flaggedBy,
      by_bot: flag.byBot,
      reason: flag.reason,
      created_at: flag.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function flagReasonsOf(
  db: Db,
  stackId: number,
  type: ModerationContentType,
  id: number,
): Promise<FlagReason[]> {
  const rows = await db
    .selectFrom('flags')
    .select('reason')
    .distinct()
    .where('stack_id', '=', stackId)
    .where('content_type', '=', type)
    .where('content_id', '=', id)
    .execute();
  return rows.map((r) => r.reason);
}

export async function upsertModeration(
  db: Db,
  stackId: number,
  type: ModerationContentType,
  id: number,
  values: { status: ModerationStatus; moderatorId: number; motivation: FlagReason | null; at: Date },
): Promise<void> {
  await db
    .insertInto('content_moderation')
    .values({
      stack_id: stackId,
      content_type: type,
      content_id: id,
      status: values.status,
      moderator_id: values.moderatorId,
      motivation: values.motivation,
      last_moderated_at: values.at,
    })
    .onConflict((oc) =>
      oc.columns(['stack_id', 'content_type', 'content_id']).doUpdateSet({
        status: values.status,
        moderator_id: values.moderatorId,
        motivation: values.motivation,
        last_moderated_at: values.at,
      }),
    )
    .execute();
}

export interface FlagGroupRow {
  content_type: ModerationContentType;
  content_id: string | number;
  author_id: number;
  flag_count: string | number;
  last_flagged_at: Date;
  reasons: FlagReason[];
  flaggers: number[] | null;
  by_bot: boolean;
  status: ModerationStatus;
  moderator_id: number | null;
  motivation: FlagReason | null;
  last_moderated_at: Date | null;
  total: string | number;
}

/** Flags grouped per content, newest flag first, with the content's moderation state. */
export async function listFlagGroups(
  db: Db,
  stackId: number,
  filter: {
    status?: ModerationStatus;
    contentType?: ModerationContentType;
    /** Only this content's group (with `contentType`): what one flagged content's page reads. */
    contentId?: number;
    limit: number;
    offset: number;
  },
): Promise<FlagGroupRow[]> {
  const status = filter.status ? sql`AND coalesce(m.status, 'open') = ${filter.status}` : sql``;
  const type = filter.contentType ? sql`AND f.content_type = ${filter.contentType}` : sql``;
  const content = filter.contentId === undefined ? sql`` : sql`AND f.content_id = ${filter.contentId}`;
  const result = await sql<FlagGroupRow>`
    SELECT f.content_type, f.content_id, min(f.author_id) AS author_id, count(*) AS flag_count,
      max(f.created_at) AS last_flagged_at,
      array_agg(DISTINCT f.reason) AS reasons,
      array_agg(DISTINCT f.flagged_by) FILTER (WHERE NOT f.by_bot AND f.flagged_by IS NOT NULL) AS flaggers,
      bool_or(f.by_bot) AS by_bot,
      coalesce(m.status, 'open') AS status, m.moderator_id, m.motivation, m.last_moderated_at,
      count(*) OVER () AS total
    FROM flags f
    LEFT JOIN content_moderation m
      ON m.stack_id = f.stack_id AND m.content_type = f.content_type AND m.content_id = f.content_id
    WHERE f.stack_id = ${stackId} ${status} ${type} ${content}
    GROUP BY f.content_type, f.content_id, m.status, m.moderator_id, m.motivation, m.last_moderated_at
    ORDER BY max(f.created_at) DESC, f.content_type, f.content_id DESC
    LIMIT ${filter.limit} OFFSET ${filter.offset}
  `.execute(db);
  return result.rows;
}

export async function botEnabled(db: Db, stackId: number): Promise<boolean> {
  const row = await db
    .selectFrom('moderation_bot_settings')
    .select('enabled')
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
  return row?.enabled ?? false;
}

export async function setBotEnabled(db: Db, stackId: number, enabled: boolean, at: Date): Promise<void> {
  await db
    .insertInto('moderation_bot_settings')
    .values({ stack_id: stackId, enabled, updated_at: at })
    .onConflict((oc) => oc.column('stack_id').doUpdateSet({ enabled, updated_at: at }))
    .execute();
}
