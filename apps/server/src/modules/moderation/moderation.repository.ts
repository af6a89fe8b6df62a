import { sql } from 'kysely';
import type { FlagReason, ModerationContentType, ModerationStatus } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type {} from './moderation.tables.ts';
import type {} from '../activity/activity.tables.ts';
import { htmlToText } from '../../platform/content/content-html.ts';

export interface ContentRow {
  authorId: number;
  text: string;
  status: string;
}

const isComment = (type: ModerationContentType) => type === 'comment';

/** The flagged content itself (a contribution of that type, or a comment). */
export async function findContent(
  db: Db,
  stackId: number,
  type: ModerationContentType,
  id: number,
): Promise<ContentRow | undefined> {
  if (isComment(type)) {
    const row = await db
      .selectFrom('comments')
      .select(['author_id', 'body', 'status'])
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && { authorId: row.author_id, text: htmlToText(row.body), status: row.status };
  }
  const row = await db
    .selectFrom('contributions')
    .select(['author_id', 'title', 'body', 'status'])
    .where('stack_id', '=', stackId)
    .where('id', '=', id)
    .where('type', '=', type as 'discussion' | 'post' | 'status' | 'poll')
    .executeTakeFirst();
  return (
    row && {
      authorId: row.author_id,
      text: [row.title, htmlToText(row.body)].filter(Boolean).join('\n'),
      status: row.status,
    }
  );
}

/** A flagged content's address: its type and id. */
export interface ContentRef {
  type: ModerationContentType;
  id: number;
}

/** Where a content lives; also the `target_type` of a vote. Comments and contributions have separate ids. */
type ContentTable = 'comment' | 'contribution';
const keyOf = (table: ContentTable, id: number | string) => `${table}:${Number(id)}`;

/** The key of a content in the maps below. */
export const contentKey = (ref: ContentRef): string =>
  keyOf(isComment(ref.type) ? 'comment' : 'contribution', ref.id);

const idsOf = (refs: readonly ContentRef[], comments: boolean) => [
  ...new Set(refs.filter((r) => isComment(r.type) === comments).map((r) => r.id)),
];

/**
 * The flagged contents of a page, by `contentKey`: one query for the comments and one for the
 * contributions among them, whatever their number. A contribution counts only under its own type.
 */
export async function findContents(
  db: Db,
  stackId: number,
  refs: readonly ContentRef[],
): Promise<Map<string, ContentRow>> {
  const found = new Map<string, ContentRow>();
  const commentIds = idsOf(refs, true);
  const contributionIds = idsOf(refs, false);
  if (commentIds.length > 0) {
    const rows = await db
      .selectFrom('comments')
      .select(['id', 'author_id', 'body', 'status'])
      .where('stack_id', '=', stackId)
      .where('id', 'in', commentIds)
      .execute();
    for (const row of rows) {
      found.set(keyOf('comment', row.id), {
        authorId: row.author_id,
        text: htmlToText(row.body),
        status: row.status,
      });
    }
  }
  if (contributionIds.length > 0) {
    const rows = await db
      .selectFrom('contributions')
      .select(['id', 'type', 'author_id', 'title', 'body', 'status'])
      .where('stack_id', '=', stackId)
      .where('id', 'in', contributionIds)
      .execute();
    const wanted = new Set(refs.map((r) => `${r.type}:${r.id}`));
    for (const row of rows) {
      if (!wanted.has(`${row.type}:${Number(row.id)}`)) continue;
      found.set(keyOf('contribution', row.id), {
        authorId: row.author_id,
        text: [row.title, htmlToText(row.body)].filter(Boolean).join('\n'),
        status: row.status,
      });
    }
  }
  return found;
}

export async function setContentStatus(
  db: Db,
  stackId: number,
  type: ModerationContentType,
  id: number,
  status: 'published' | 'hidden' | 'deleted',
): Promise<void> {
  if (isComment(type)) {
    await db
      .updateTable('comments')
      .set({ status })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .execute();
  } else {
    await db
      .updateTable('contributions')
      .set({ status })
      .where('stack_id', '=', stackId)
      .where('id', '=', id)
      .execute();
  }
}

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

export async function usernamesOf(db: Db, stackId: number, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('community_users')
    .select(['id', 'username'])
    .where('stack_id', '=', stackId)
    .where('id', 'in', ids)
    .execute();
  return new Map(rows.map((r) => [r.id, r.username]));
}

export async function emailOf(db: Db, stackId: number, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('community_users')
    .leftJoin('accounts', 'accounts.id', 'community_users.account_id')
    .select(['community_users.email as own', 'accounts.email as account'])
    .where('community_users.stack_id', '=', stackId)
    .where('community_users.id', '=', userId)
    .executeTakeFirst();
  return row ? row.own || row.account || null : null;
}

/** Votes on each content of a page, by `contentKey` (absent: none), in one query. */
export async function countVotesOf(
  db: Db,
  stackId: number,
  refs: readonly ContentRef[],
): Promise<Map<string, number>> {
  const commentIds = idsOf(refs, true);
  const contributionIds = idsOf(refs, false);
  if (commentIds.length === 0 && contributionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('votes')
    .select(['target_type', 'target_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('stack_id', '=', stackId)
    .where((eb) =>
      eb.or([
        ...(commentIds.length > 0
          ? [eb.and([eb('target_type', '=', 'comment'), eb('target_id', 'in', commentIds)])]
          : []),
        ...(contributionIds.length > 0
          ? [eb.and([eb('target_type', '=', 'contribution'), eb('target_id', 'in', contributionIds)])]
          : []),
      ]),
    )
    .groupBy(['target_type', 'target_id'])
    .execute();
  return new Map(rows.map((r) => [keyOf(r.target_type, r.target_id), Number(r.n)]));
}

/** Shares of each contribution of a page, by `contentKey` (comments are never shared), in one query. */
export async function countSharesOf(
  db: Db,
  stackId: number,
  refs: readonly ContentRef[],
): Promise<Map<string, number>> {
  const contributionIds = idsOf(refs, false);
  if (contributionIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('shares')
    .select(['contribution_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('stack_id', '=', stackId)
    .where('contribution_id', 'in', contributionIds)
    .groupBy('contribution_id')
    .execute();
  return new Map(rows.map((r) => [keyOf('contribution', r.contribution_id), Number(r.n)]));
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
