import type { ModerationContentType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { htmlToText } from '../../platform/content/content-html.ts';
import './member-content.tables.ts';

// What the moderation of contents reads and changes of the contents themselves (member-content owns
// contributions, comments, votes and shares): a flagged content's text and status, its status after an
// action, and a page's counters. A page costs one query per kind, whatever its length.

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
