import type { ContentComment, FeedObject } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { followsOf } from './contribution-follows.repository.ts';
import { memberUsers, type MemberUser } from '../member-people/member-user.repository.ts';
import { htmlToText, slugOf, summaryOf } from '../../platform/content/content-html.ts';
import { categoriesByIds } from '../categories/categories.repository.ts';
import { reactionsByIds } from '../reactions/reactions.repository.ts';
import { toMemberReaction } from '../reactions/reactions.service.ts';
import * as repo from './member-content.repository.ts';
import { imageMediaOf, imagesOfContributions } from './media-uploads.repository.ts';

/** Who is reading: staff (admins and moderators) also see hidden and deleted contents. */
export interface Viewer {
  userId: number | undefined;
  staff: boolean;
}

const iso = (d: Date | string) => new Date(d).toISOString();

/** `reactions_count` and the viewer's own `reaction` of a page of contributions or comments. */
async function reactionsOf(
  db: Db,
  stackId: number,
  targetType: 'contribution' | 'comment',
  ids: readonly number[],
  viewerId: number | undefined,
) {
  const { counts, mine } = await repo.reactionCounts(db, stackId, targetType, ids, viewerId);
  const reactions = await reactionsByIds(db, stackId, [
    ...[...counts.values()].flatMap((list) => list.map((c) => c.reactionId)),
    ...mine.values(),
  ]);
  const reaction = (id: number | undefined) => {
    const row = id === undefined ? undefined : reactions.get(id);
    return row ? toMemberReaction(row) : null;
  };
  return (id: number) => ({
    reactions_count: (counts.get(id) ?? []).flatMap((c) => {
      const r = reaction(c.reactionId);
      return r ? [{ reaction: r, count: c.count }] : [];
    }),
    reaction: reaction(mine.get(id)),
  });
}

/** The User object of an author (a plain copy: the contract's User is an open object). */
export function authorOf(users: Map<number, MemberUser>, id: number | null) {
  const user = id === null ? undefined : users.get(id);
  return user ? { ...user } : null;
}

function pollOf(poll: repo.PollRow, multiple: boolean, now: Date): NonNullable<FeedObject['poll']> {
  return {
    id: poll.contribution_id,
    title: poll.title,
    multiple_choices: multiple,
    added_at: iso(poll.created_at),
    modified_at: iso(poll.created_at),
    closed: poll.expiration_at !== null && poll.expiration_at.getTime() <= now.getTime(),
    expiration_at: poll.expiration_at ? iso(poll.expiration_at) : null,
    hidden: false,
    votes: poll.voters,
    choices: poll.choices.map((c) => ({
      id: c.id,
      choice: c.choice,
      order: c.position,
      added_at: iso(c.created_at),
      deleted: false,
      vote_count: c.votes,
      voted: c.voted,
    })),
  };
}

/** FeedObjects of contributions (of any types), with their authors, categories, counters and polls. */
export async function feedObjects(
  db: Db,
  stackId: number,
  rows: repo.ContributionRow[],
  viewer: Viewer,
  now: Date,
): Promise<FeedObject[]> {
  if (rows.length === 0) return [];
  const types = [...new Set(rows.map((r) => r.type))];
  const ids = rows.map((r) => r.id);
  const [users, categories, counts, polls, reactions, images, follows] = await Promise.all([
    memberUsers(
      db,
      stackId,
      rows.map((r) => r.author_id),
      now,
    ),
    categoriesByIds(
      db,
      stackId,
      rows.flatMap((r) => (r.category_id === null ? [] : [r.category_id])),
    ),
    repo.contributionCounts(db, stackId, types, ids, viewer.userId, !viewer.staff),
    repo.pollsOf(db, stackId, ids, viewer.userId),
    reactionsOf(db, stackId, 'contribution', ids, viewer.userId),
    imagesOfContributions(db, stackId, ids),
    followsOf(db, stackId, ids, viewer.userId),
  ]);
  return rows.map((row) => {
    const visibility = repo.visibilityOf(row.status, row.moderation);
    const poll = polls.get(row.id);
    // A scheduled contribution is created at its publication time (composer-schedule.ts).
    const scheduled = row.created_at.getTime() > now.getTime();
    const category = categories.find((c) => c.id === row.category_id);
    const lastComment = counts.lastComment.get(row.id);
    const lastActivity = lastComment && lastComment > row.created_at ? lastComment : row.created_at;
    return {
      id: row.id,
      type: row.type,
      title: row.title,
      slug: slugOf(row.title || htmlToText(row.body).slice(0, 80)),
      html: row.body,
      summary: summaryOf(row.body),
      added_at: iso(row.created_at),
      last_activity_at: iso(lastActivity),
      author: authorOf(users, row.author_id),
      categories: category ? [category] : [],
      comment_count: counts.comments.get(row.id) ?? 0,
      vote_count: counts.votes.get(row.id) ?? 0,
      voted: counts.voted.has(row.id),
      flag_count: counts.flags.get(row.id) ?? 0,
      share_count: counts.shares.get(row.id) ?? 0,
      view_count: counts.views.get(row.id) ?? 0,
      follower_count: follows.counts.get(row.id) ?? 0,
      ...(viewer.userId === undefined ? {} : { followed: follows.mine.has(row.id) }),
      ...reactions(row.id),
      addressing: [],
      medias: (images.get(row.id) ?? []).map(imageMediaOf),
      has_poll: poll !== undefined,
      poll: poll ? pollOf(poll, row.multiple_choices, now) : null,
      deleted: visibility === 'deleted',
      collapsed: visibility === 'hidden',
      scheduled_at: scheduled ? iso(row.created_at) : null,
    };
  });
}

export async function contentComments(
  db: Db,
  stackId: number,
  rows: repo.CommentRow[],
  viewer: Viewer,
  now: Date,
): Promise<ContentComment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [users, counts, reactions] = await Promise.all([
    memberUsers(
      db,
      stackId,
      rows.map((r) => r.author_id),
      now,
    ),
    repo.commentCounts(db, stackId, ids, viewer.userId, !viewer.staff),
    reactionsOf(db, stackId, 'comment', ids, viewer.userId),
  ]);
  return rows.map((row) => {
    const visibility = repo.visibilityOf(row.status, row.moderation);
    return {
      id: row.id,
      type: 'comment' as const,
      [row.contribution_type]: row.contribution_id,
      author: authorOf(users, row.author_id),
      added_at: iso(row.created_at),
      html: row.body,
      text: htmlToText(row.body),
      summary: summaryOf(row.body),
      parent: row.parent_id,
      in_reply_to: row.parent_id,
      comment_count: counts.replies.get(row.id) ?? 0,
      vote_count: counts.votes.get(row.id) ?? 0,
      voted: counts.voted.has(row.id),
      flag_count: counts.flags.get(row.id) ?? 0,
      ...reactions(row.id),
      deleted: visibility === 'deleted',
      collapsed: visibility === 'hidden',
    };
  });
}
