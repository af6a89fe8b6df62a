import { sql, type Expression, type SqlBool } from 'kysely';
import type { FeedObjectType } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import '../activity/activity.tables.ts';
import { flagCountsOf } from '../moderation/content-flags.repository.ts';
import { contentModerationRows } from '../moderation/content-moderation-states.repository.ts';
import './member-content.tables.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { publishedFor } from './composer-schedule.ts';

/** The moderation state members see: hidden or deleted contents disappear for them. */
export type Visibility = 'visible' | 'hidden' | 'deleted';

export interface ContributionRow {
  id: number;
  type: FeedObjectType;
  author_id: number;
  category_id: number | null;
  title: string;
  body: string;
  status: string;
  multiple_choices: boolean;
  created_at: Date;
  moderation: string | null;
}

export interface CommentRow {
  id: number;
  contribution_id: number;
  contribution_type: FeedObjectType;
  parent_id: number | null;
  author_id: number;
  body: string;
  status: string;
  created_at: Date;
  moderation: string | null;
  contribution_status: string;
  contribution_moderation: string | null;
}

/** Whether a content reads as hidden or deleted, from its own status and its moderation state. */
export function visibilityOf(status: string, moderation: string | null): Visibility {
  if (status === 'deleted' || moderation === 'deleted') return 'deleted';
  if (status === 'hidden' || moderation === 'hidden') return 'hidden';
  return status === 'published' ? 'visible' : 'hidden';
}

/** A community's contributions with their moderation state, as the serializers read them. */
export function contributionsQuery(db: Db, stackId: number) {
  return db
    .selectFrom('contributions as c')
    .leftJoin(contentModerationRows(db).as('m'), (j) =>
      j
        .onRef('m.stack_id', '=', 'c.stack_id')
        .onRef('m.content_type', '=', 'c.type')
        .onRef('m.content_id', '=', 'c.id'),
    )
    .select([
      'c.id',
      'c.type',
      'c.author_id',
      'c.category_id',
      'c.title',
      'c.body',
      'c.status',
      'c.multiple_choices',
      'c.created_at',
      'm.status as moderation',
    ])
    .where('c.stack_id', '=', stackId);
}

const visibleContribution = sql<SqlBool>`c.status = 'published' AND coalesce(m.status, 'open') NOT IN ('hidden', 'deleted')`;

export async function findContribution(
  db: Db,
  stackId: number,
  type: FeedObjectType,
  id: number,
): Promise<ContributionRow | undefined> {
  const row = await contributionsQuery(db, stackId)
    .where('c.type', '=', type)
    .where('c.id', '=', id)
    .executeTakeFirst();
  return row as ContributionRow | undefined;
}

export async function listContributions(
  db: Db,
  stackId: number,
  type: FeedObjectType,
  options: {
    visibleOnly: boolean;
    /** Scheduled contributions are kept out until their time, except for their author. */
    publishedFor: { now: Date; viewerId: number | undefined };
    limit: number | undefined;
    offset: number;
  },
): Promise<{ count: number; rows: ContributionRow[] }> {
  let query = contributionsQuery(db, stackId).where('c.type', '=', type);
  if (options.visibleOnly) {
    query = query
      .where(visibleContribution)
      .where(publishedFor(options.publishedFor.now, options.publishedFor.viewerId));
  }
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let page = query.orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').offset(options.offset);
  if (options.limit !== undefined) page = page.limit(options.limit);
  return { count: Number(total.n), rows: (await page.execute()) as ContributionRow[] };
}

export async function insertContribution(
  db: Db,
  stackId: number,
  values: {
    type: FeedObjectType;
    authorId: number;
    categoryId: number | null;
    title: string;
    body: string;
    multipleChoices: boolean;
    at: Date;
  },
): Promise<number> {
  const row = await db
    .insertInto('contributions')
    .values({
      stack_id: stackId,
      type: values.type,
      author_id: values.authorId,
      category_id: values.categoryId,
      title: values.title,
      body: values.body,
      multiple_choices: values.multipleChoices,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function insertPoll(
  db: Db,
  stackId: number,
  contributionId: number,
  poll: { title: string; expirationAt: Date | null; choices: string[]; at: Date },
): Promise<void> {
  await db
    .insertInto('polls')
    .values({
      stack_id: stackId,
      contribution_id: contributionId,
      title: poll.title,
      expiration_at: poll.expirationAt,
      created_at: poll.at,
    })
    .execute();
  await db
    .insertInto('poll_choices')
    .values(
      poll.choices.map((choice, position) => ({
        stack_id: stackId,
        contribution_id: contributionId,
        position,
        choice,
        created_at: poll.at,
      })),
    )
    .execute();
}

type Counted = { id: number | string; n: number | string };
const countMap = (rows: Counted[]) => new Map(rows.map((r) => [Number(r.id), Number(r.n)]));

export interface ContributionCounts {
  comments: Map<number, number>;
  votes: Map<number, number>;
  voted: Set<number>;
  flags: Map<number, number>;
  shares: Map<number, number>;
  views: Map<number, number>;
  lastComment: Map<number, Date>;
}

/** Counters of several contributions of one type; `viewerId` marks the ones the caller voted. */
/** Votes, the viewer's own votes and flags of a page of contributions or comments (three queries). */
function voteAndFlagCounts(
  db: Db,
  stackId: number,
  targetType: 'contribution' | 'comment',
  flagTypes: readonly (FeedObjectType | 'comment')[],
  list: readonly number[],
  viewerId: number | undefined,
) {
  return [
    db
      .selectFrom('votes')
      .select((eb) => ['target_id as id', eb.fn.countAll<number>().as('n')])
      .where('stack_id', '=', stackId)
      .where('target_type', '=', targetType)
      .where('target_id', 'in', list)
      .groupBy('target_id')
      .execute(),
    viewerId === undefined
      ? Promise.resolve([])
      : db
          .selectFrom('votes')
          .select('target_id as id')
          .where('stack_id', '=', stackId)
          .where('target_type', '=', targetType)
          .where('target_id', 'in', list)
          .where('user_id', '=', viewerId)
          .execute(),
    flagCountsOf(db, stackId, flagTypes, list),
  ] as const;
}

export async function contributionCounts(
  db: Db,
  stackId: number,
  types: readonly FeedObjectType[],
  ids: readonly number[],
  viewerId: number | undefined,
  visibleCommentsOnly: boolean,
): Promise<ContributionCounts> {
  const empty: ContributionCounts = {
    comments: new Map(),
    votes: new Map(),
    voted: new Set(),
    flags: new Map(),
    shares: new Map(),
    views: new Map(),
    lastComment: new Map(),
  };
  if (ids.length === 0) return empty;
  const list = [...ids];
  let comments = db
    .selectFrom('comments as k')
    .leftJoin(contentModerationRows(db).as('m'), (j) =>
      j
        .onRef('m.stack_id', '=', 'k.stack_id')
        .on('m.content_type', '=', 'comment')
        .onRef('m.content_id', '=', 'k.id'),
    )
    .select((eb) => [
      'k.contribution_id as id',
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('k.created_at').as('last'),
    ])
    .where('k.stack_id', '=', stackId)
    .where('k.contribution_id', 'in', list)
    .groupBy('k.contribution_id');
  if (visibleCommentsOnly) comments = comments.where(visibleComment);
  const [commentRows, votes, voted, flags, shares, views] = await Promise.all([
    comments.execute(),
    ...voteAndFlagCounts(db, stackId, 'contribution', types, list, viewerId),
    db
      .selectFrom('shares')
      .select((eb) => ['contribution_id as id', eb.fn.countAll<number>().as('n')])
      .where('stack_id', '=', stackId)
      .where('contribution_id', 'in', list)
      .groupBy('contribution_id')
      .execute(),
    db
      .selectFrom('views')
      .select((eb) => ['contribution_id as id', eb.fn.countAll<number>().as('n')])
      .where('stack_id', '=', stackId)
      .where('contribution_id', 'in', list)
      .groupBy('contribution_id')
      .execute(),
  ]);
  return {
    comments: countMap(commentRows),
    votes: countMap(votes),
    voted: new Set(voted.map((v) => Number(v.id))),
    flags: countMap(flags),
    shares: countMap(shares),
    views: countMap(views),
    lastComment: new Map(commentRows.map((r) => [Number(r.id), new Date(r.last as Date)])),
  };
}

export interface PollRow {
  contribution_id: number;
  title: string;
  expiration_at: Date | null;
  created_at: Date;
  choices: {
    id: number;
    choice: string;
    position: number;
    created_at: Date;
    votes: number;
    voted: boolean;
  }[];
  voters: number;
}

/** The polls of several contributions, with each choice's votes and whether the caller chose it. */
export async function pollsOf(
  db: Db,
  stackId: number,
  ids: readonly number[],
  viewerId: number | undefined,
): Promise<Map<number, PollRow>> {
  const result = new Map<number, PollRow>();
  if (ids.length === 0) return result;
  const polls = await db
    .selectFrom('polls')
    .selectAll()
    .where('stack_id', '=', stackId)
    .where('contribution_id', 'in', [...ids])
    .execute();
  if (polls.length === 0) return result;
  const withPoll = polls.map((p) => Number(p.contribution_id));
  const [choices, votes] = await Promise.all([
    db
      .selectFrom('poll_choices')
      .select(['id', 'contribution_id', 'choice', 'position', 'created_at'])
      .where('stack_id', '=', stackId)
      .where('contribution_id', 'in', withPoll)
      .orderBy('position')
      .execute(),
    db
      .selectFrom('poll_votes')
      .select(['contribution_id', 'choice', 'user_id'])
      .where('stack_id', '=', stackId)
      .where('contribution_id', 'in', withPoll)
      .execute(),
  ]);
  for (const poll of polls) {
    const id = Number(poll.contribution_id);
    const mine = votes.filter((v) => Number(v.contribution_id) === id);
    result.set(id, {
      contribution_id: id,
      title: poll.title,
      expiration_at: poll.expiration_at,
      created_at: poll.created_at,
      voters: new Set(mine.map((v) => v.user_id)).size,
      choices: choices
        .filter((c) => Number(c.contribution_id) === id)
        .map((c) => ({
          id: Number(c.id),
          choice: c.choice,
          position: c.position,
          created_at: c.created_at,
          votes: mine.filter((v) => v.choice === c.choice).length,
          voted: mine.some((v) => v.choice === c.choice && v.user_id === viewerId),
        })),
    });
  }
  return result;
}

export async function pollChoice(db: Db, stackId: number, contributionId: number, choiceId: number) {
  return db
    .selectFrom('poll_choices')
    .select(['id', 'choice'])
    .where('stack_id', '=', stackId)
    .where('contribution_id', '=', contributionId)
    .where('id', '=', choiceId)
    .executeTakeFirst();
}

/** Toggles a member's poll vote; a single-choice poll keeps only the latest choice. */
export async function togglePollVote(
  db: Db,
  stackId: number,
  contributionId: number,
  userId: number,
  choice: string,
  multiple: boolean,
  at: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const mine = trx
      .deleteFrom('poll_votes')
      .where('stack_id', '=', stackId)
      .where('contribution_id', '=', contributionId)
      .where('user_id', '=', userId);
    const removed = await mine.where('choice', '=', choice).executeTakeFirst();
    const data = { contribution: contributionId, user: { id: userId }, choice };
    if (Number(removed.numDeletedRows) > 0) {
      await recordEvent(trx, { stackId, type: 'poll_vote.deleted', data, at });
      return false;
    }
    if (!multiple) await mine.execute();
    await trx
      .insertInto('poll_votes')
      .values({ stack_id: stackId, contribution_id: contributionId, user_id: userId, choice, created_at: at })
      .execute();
    await recordEvent(trx, { stackId, type: 'poll_vote.created', data, at });
    return true;
  });
}

// ---- comments ----

const visibleComment = sql<SqlBool>`k.status = 'published' AND coalesce(m.status, 'open') NOT IN ('hidden', 'deleted')`;

function commentsQuery(db: Db, stackId: number) {
  return db
    .selectFrom('comments as k')
    .innerJoin('contributions as c', (j) =>
      j.onRef('c.stack_id', '=', 'k.stack_id').onRef('c.id', '=', 'k.contribution_id'),
    )
    .leftJoin(contentModerationRows(db).as('m'), (j) =>
      j
        .onRef('m.stack_id', '=', 'k.stack_id')
        .on('m.content_type', '=', 'comment')
        .onRef('m.content_id', '=', 'k.id'),
    )
    .leftJoin(contentModerationRows(db).as('cm'), (j) =>
      j
        .onRef('cm.stack_id', '=', 'c.stack_id')
        .onRef('cm.content_type', '=', 'c.type')
        .onRef('cm.content_id', '=', 'c.id'),
    )
    .select([
      'k.id',
      'k.contribution_id',
      'c.type as contribution_type',
      'k.parent_id',
      'k.author_id',
      'k.body',
      'k.status',
      'k.created_at',
      'm.status as moderation',
      'c.status as contribution_status',
      'cm.status as contribution_moderation',
    ])
    .where('k.stack_id', '=', stackId)
    .where('c.type', 'in', ['post', 'discussion', 'status']);
}

export async function findComment(db: Db, stackId: number, id: number): Promise<CommentRow | undefined> {
  const row = await commentsQuery(db, stackId).where('k.id', '=', id).executeTakeFirst();
  return row as CommentRow | undefined;
}

export async function listComments(
  db: Db,
  stackId: number,
  filter: {
    contributionId: number;
    parentId: number | null;
    visibleOnly: boolean;
    ascending: boolean;
    limit: number | undefined;
    offset: number;
  },
): Promise<{ count: number; rows: CommentRow[] }> {
  let query = commentsQuery(db, stackId).where('k.contribution_id', '=', filter.contributionId);
  query =
    filter.parentId === null
      ? query.where('k.parent_id', 'is', null)
      : query.where('k.parent_id', '=', filter.parentId);
  if (filter.visibleOnly) query = query.where(visibleComment as Expression<SqlBool>);
  const total = await query
    .clearSelect()
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  const direction = filter.ascending ? 'asc' : 'desc';
  let page = query.orderBy('k.created_at', direction).orderBy('k.id', direction).offset(filter.offset);
  if (filter.limit !== undefined) page = page.limit(filter.limit);
  return { count: Number(total.n), rows: (await page.execute()) as CommentRow[] };
}

/**
 * The members who commented on a contribution (SelfCommunity's `{type}/{id}/contributors/`), the
 * latest commenter first; only visible comments count for members.
 */
export async function pageOfContributors(
  db: Db,
  stackId: number,
  filter: { contributionId: number; visibleOnly: boolean; limit: number | undefined; offset: number },
): Promise<{ count: number; ids: number[] }> {
  let query = commentsQuery(db, stackId).where('k.contribution_id', '=', filter.contributionId);
  if (filter.visibleOnly) query = query.where(visibleComment as Expression<SqlBool>);
  const authors = query
    .clearSelect()
    .select(['k.author_id'])
    .select((eb) => eb.fn.max('k.created_at').as('last_at'))
    .groupBy('k.author_id');
  const total = await db
    .selectFrom(authors.as('a'))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  let page = db
    .selectFrom(authors.as('a'))
    .select('a.author_id')
    .orderBy('a.last_at', 'desc')
    .orderBy('a.author_id', 'desc')
    .offset(filter.offset);
  if (filter.limit !== undefined) page = page.limit(filter.limit);
  return { count: Number(total.n), ids: (await page.execute()).map((r) => r.author_id) };
}

export async function insertComment(
  db: Db,
  stackId: number,
  values: { contributionId: number; parentId: number | null; authorId: number; body: string; at: Date },
): Promise<number> {
  const row = await db
    .insertInto('comments')
    .values({
      stack_id: stackId,
      contribution_id: values.contributionId,
      parent_id: values.parentId,
      author_id: values.authorId,
      body: values.body,
      created_at: values.at,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export interface CommentCounts {
  replies: Map<number, number>;
  votes: Map<number, number>;
  voted: Set<number>;
  flags: Map<number, number>;
}

export async function commentCounts(
  db: Db,
  stackId: number,
  ids: readonly number[],
  viewerId: number | undefined,
  visibleRepliesOnly: boolean,
): Promise<CommentCounts> {
  if (ids.length === 0) return { replies: new Map(), votes: new Map(), voted: new Set(), flags: new Map() };
  const list = [...ids];
  let replies = db
    .selectFrom('comments as k')
    .leftJoin(contentModerationRows(db).as('m'), (j) =>
      j
        .onRef('m.stack_id', '=', 'k.stack_id')
        .on('m.content_type', '=', 'comment')
        .onRef('m.content_id', '=', 'k.id'),
    )
    .select((eb) => ['k.parent_id as id', eb.fn.countAll<number>().as('n')])
    .where('k.stack_id', '=', stackId)
    .where('k.parent_id', 'in', list)
    .groupBy('k.parent_id');
  if (visibleRepliesOnly) replies = replies.where(visibleComment);
  const [replyRows, votes, voted, flags] = await Promise.all([
    replies.execute(),
    ...voteAndFlagCounts(db, stackId, 'comment', ['comment'], list, viewerId),
  ]);
  return {
    replies: countMap(replyRows as Counted[]),
    votes: countMap(votes),
    voted: new Set(voted.map((v) => Number(v.id))),
    flags: countMap(flags),
  };
}

// ---- votes ----

export interface VoteTarget {
  targetType: 'contribution' | 'comment';
  targetId: number;
  authorId: number;
  contributionId: number;
}

/** What a vote event says about its target (SelfCommunity's `vote.*` data). */
function voteData(target: VoteTarget) {
  return target.targetType === 'comment'
    ? { comment: target.targetId, contribution: target.contributionId }
    : { contribution: target.targetId };
}

/**
 * Casts the caller's vote with a reaction (null: none), or withdraws it. A vote already there is
 * withdrawn, unless `change` names another reaction: then the vote stays and carries that one.
 */
export async function castVote(
  db: Db,
  stackId: number,
  userId: number,
  target: VoteTarget,
  reaction: { id: number | null; change: boolean },
  at: Date,
): Promise<'added' | 'changed' | 'removed'> {
  return db.transaction().execute(async (trx) => {
    const mine = trx
      .selectFrom('votes')
      .where('stack_id', '=', stackId)
      .where('user_id', '=', userId)
      .where('target_type', '=', target.targetType)
      .where('target_id', '=', target.targetId);
    const existing = await mine.select('reaction_id').forUpdate().executeTakeFirst();
    if (existing && reaction.change && existing.reaction_id !== reaction.id) {
      await trx
        .updateTable('votes')
        .set({ reaction_id: reaction.id })
        .where('stack_id', '=', stackId)
        .where('user_id', '=', userId)
        .where('target_type', '=', target.targetType)
        .where('target_id', '=', target.targetId)
        .execute();
      return 'changed';
    }
    if (existing) {
      await trx
        .deleteFrom('votes')
        .where('stack_id', '=', stackId)
        .where('user_id', '=', userId)
        .where('target_type', '=', target.targetType)
        .where('target_id', '=', target.targetId)
        .execute();
      await recordEvent(trx, {
        stackId,
        type: 'vote.deleted',
        data: { user: { id: userId }, ...voteData(target) },
        at,
      });
      return 'removed';
    }
    await trx
      .insertInto('votes')
      .values({
        stack_id: stackId,
        user_id: userId,
        target_type: target.targetType,
        target_id: target.targetId,
        target_author_id: target.authorId,
        contribution_id: target.contributionId,
        created_at: at,
        reaction_id: reaction.id,
      })
      .execute();
    const data = { user: { id: userId }, ...voteData(target), reaction: reaction.id };
    await recordEvent(trx, { stackId, type: 'vote.created', data, at });
    // The author's `vote_up` notification, never for a vote on one's own content.
    if (target.authorId !== userId) {
      const notice = { user: { id: target.authorId }, vote: data };
      await recordEvent(trx, { stackId, type: 'notification.vote_up', data: notice, at });
    }
    return 'added';
  });
}

/** Per target: how many votes carry each reaction, and the reaction of the viewer's own vote. */
export async function reactionCounts(
  db: Db,
  stackId: number,
  targetType: 'contribution' | 'comment',
  ids: readonly number[],
  viewerId: number | undefined,
): Promise<{ counts: Map<number, { reactionId: number; count: number }[]>; mine: Map<number, number> }> {
  const counts = new Map<number, { reactionId: number; count: number }[]>();
  const mine = new Map<number, number>();
  if (ids.length === 0) return { counts, mine };
  const base = db
    .selectFrom('votes')
    .where('stack_id', '=', stackId)
    .where('target_type', '=', targetType)
    .where('target_id', 'in', [...ids])
    .where('reaction_id', 'is not', null);
  const [grouped, own] = await Promise.all([
    base
      .select((eb) => ['target_id', 'reaction_id', eb.fn.countAll<number>().as('n')])
      .groupBy(['target_id', 'reaction_id'])
      .orderBy('n', 'desc')
      .orderBy('reaction_id')
      .execute(),
    viewerId === undefined
      ? Promise.resolve([])
      : base.select(['target_id', 'reaction_id']).where('user_id', '=', viewerId).execute(),
  ]);
  for (const row of grouped) {
    const list = counts.get(Number(row.target_id)) ?? [];
    list.push({ reactionId: Number(row.reaction_id), count: Number(row.n) });
    counts.set(Number(row.target_id), list);
  }
  for (const row of own) mine.set(Number(row.target_id), Number(row.reaction_id));
  return { counts, mine };
}

export async function listVotes(
  db: Db,
  stackId: number,
  targetType: 'contribution' | 'comment',
  targetId: number,
  limit: number | undefined,
  offset: number,
): Promise<{ count: number; rows: { user_id: number; created_at: Date; reaction_id: number | null }[] }> {
  const base = db
    .selectFrom('votes')
    .where('stack_id', '=', stackId)
    .where('target_type', '=', targetType)
    .where('target_id', '=', targetId);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let page = base
    .select(['user_id', 'created_at', 'reaction_id'])
    .orderBy('created_at', 'desc')
    .offset(offset);
  if (limit !== undefined) page = page.limit(limit);
  return { count: Number(total.n), rows: await page.execute() };
}
