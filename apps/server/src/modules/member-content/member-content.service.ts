import {
  areaAllows,
  CATEGORY_MESSAGES,
  CategoryErrorCode,
  MemberApiErrorCode,
  ErrorCode,
  FLAG_TYPE_DESCRIPTIONS,
  flagTypeOf,
  reasonOfFlagType,
  type ContentComment,
  type CreateCommentBody,
  type CreateFeedObjectBody,
  type FeedObject,
  type FeedObjectType,
  type ScoreAction,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import type { MemberCaller } from '../../platform/member-scope/member-scope.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import * as flags from '../moderation/content-flags.repository.ts';
import { insertFlag } from '../moderation/moderation.repository.ts';
import { moderateNewContent, type BotDeps } from '../moderation/moderation.service.ts';
import { awardPoints } from '../scoring/scoring.service.ts';
import { memberUsers } from '../member-people/member-user.repository.ts';
import { bodyOf, htmlToText } from '../../platform/content/content-html.ts';
import { categoriesByIds, postableCategories } from '../categories/categories.repository.ts';
import { reactionsByIds } from '../reactions/reactions.repository.ts';
import { resolveVoteReaction, toMemberReaction } from '../reactions/reactions.service.ts';
import * as repo from './member-content.repository.ts';
import { followerIds } from './contribution-follows.repository.ts';
import { authorOf, contentComments, feedObjects, type Viewer } from './member-content.serializers.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { scheduledAway, scheduledTime } from './composer-schedule.ts';
import { attachableImageIds, attachImages } from './media-uploads.repository.ts';

/** The moderation bot's classifier comes from the composition root (word lists when absent). */
export type ContentDeps = Pick<PlatformDeps, 'db' | 'clock' | 'secretBox' | 'config'> &
  Pick<BotDeps, 'classifier'>;

const TITLE_MAX = 255;
const POLL_CHOICES_MAX = 20;

/** Points for publishing (spec mgmt §3: an article is a discussion). */
const PUBLISH_ACTION: Record<FeedObjectType, ScoreAction> = {
  discussion: 'publish_article',
  post: 'publish_post',
  status: 'publish_post',
};
const LIKE_ACTION: Record<FeedObjectType, ScoreAction> = {
  discussion: 'like_article_received',
  post: 'like_post_received',
  status: 'like_post_received',
};

export function viewerOf(caller: MemberCaller | undefined): Viewer {
  // Moderators (the moderation area's roles) see hidden and deleted contents; other staff read as members.
  return { userId: caller?.userId, staff: !!caller?.role && areaAllows('moderation', caller.role) };
}

const notFound = () => AppError.notFound();
const invalid = (field: string, message: string) => AppError.of(400, ErrorCode.invalid, message, field);

/** Contributions, comments, votes, poll votes and members' flags of one community's member API. */
export function createMemberContentService(deps: ContentDeps) {
  const { db, clock } = deps;
  const preferences = createDynamicPreferencesService(deps);

  async function preference(stackId: number, name: string): Promise<unknown> {
    return (await preferences.get(stackId, name)).value;
  }

  /** Anonymous reads need `configurations.content_availability`. */
  async function checkReader(stackId: number, caller: MemberCaller | undefined): Promise<void> {
    if (caller) return;
    if ((await preference(stackId, 'content_availability')) !== true) throw AppError.unauthenticated();
  }

  /** A contribution the viewer may see (staff see hidden and deleted ones too). */
  async function readableContribution(stackId: number, type: FeedObjectType, id: number, viewer: Viewer) {
    const row = await repo.findContribution(db, stackId, type, id);
    if (!row) throw notFound();
    if (!viewer.staff && repo.visibilityOf(row.status, row.moderation) !== 'visible') throw notFound();
    if (scheduledAway(row, viewer, clock.now())) throw notFound();
    return row;
  }

  async function readableComment(stackId: number, id: number, viewer: Viewer) {
    const row = await repo.findComment(db, stackId, id);
    if (!row) throw notFound();
    if (
      !viewer.staff &&
      (repo.visibilityOf(row.status, row.moderation) !== 'visible' ||
        repo.visibilityOf(row.contribution_status, row.contribution_moderation) !== 'visible')
    ) {
      throw notFound();
    }
    return row;
  }

  /**
   * After a content is stored: the moderation bot looks at it and its author earns the points. The
   * content is already published, so a failing classifier must not turn the answer into an error
   * (the member would publish it twice); the content simply goes unflagged.
   */
  async function afterPublishing(
    stackId: number,
    content: { type: FeedObjectType | 'comment'; id: number; authorId: number; text: string },
    action: ScoreAction,
  ): Promise<void> {
    const at = clock.now();
    try {
      await moderateNewContent(deps, stackId, content);
    } catch {
      // Unflagged: staff can still flag it by hand.
    }
    await awardPoints(deps, stackId, content.authorId, action, at);
  }

  async function oneFeedObject(stackId: number, row: repo.ContributionRow, viewer: Viewer) {
    const [item] = await feedObjects(db, stackId, [row], viewer, clock.now());
    return item as FeedObject;
  }

  async function oneComment(stackId: number, row: repo.CommentRow, viewer: Viewer) {
    const [item] = await contentComments(db, stackId, [row], viewer, clock.now());
    return item as ContentComment;
  }

  async function parsePoll(stackId: number, poll: NonNullable<CreateFeedObjectBody['poll']>) {
    if ((await preference(stackId, 'polls_enabled')) !== true) {
      throw AppError.of(403, MemberApiErrorCode.pollsDisabled, 'Polls are disabled in this community.');
    }
    const choices = poll.choices
      .map((c) => (typeof c === 'string' ? c : c.choice).trim())
      .filter((c) => c !== '');
    if (choices.length < 2) throw invalid('poll', 'A poll needs at least two choices.');
    if (choices.length > POLL_CHOICES_MAX) {
      throw invalid('poll', `A poll can have at most ${POLL_CHOICES_MAX} choices.`);
    }
    if (new Set(choices.map((c) => c.toLowerCase())).size !== choices.length) {
      throw invalid('poll', 'The choices of a poll must be different.');
    }
    let expirationAt: Date | null = null;
    if (poll.expiration_at) {
      expirationAt = new Date(poll.expiration_at);
      if (Number.isNaN(expirationAt.getTime())) throw invalid('poll', 'Enter a valid expiration date.');
    }
    return {
      title: (poll.title ?? '').trim(),
      multiple: poll.multiple_choices === true || poll.multiple_choices === 'true',
      choices,
      expirationAt,
    };
  }

  return {
    checkReader,
    readableContribution,
    readableComment,

    async createContribution(
      stackId: number,
      caller: MemberCaller,
      type: FeedObjectType,
      body: CreateFeedObjectBody,
    ): Promise<FeedObject> {
      if ((await preference(stackId, `${type}_type_enabled`)) !== true) {
        throw AppError.of(
          403,
          MemberApiErrorCode.typeDisabled,
          `Publishing a ${type} is disabled in this community.`,
        );
      }
      if ((await preference(stackId, 'post_only_staff_enabled')) === true && !caller.role) {
        throw AppError.of(403, MemberApiErrorCode.staffOnly, 'Only staff can publish in this community.');
      }
      const title = type === 'discussion' ? (body.title ?? '').trim() : '';
      const html = bodyOf(body);
      const poll = body.poll && type !== 'status' ? await parsePoll(stackId, body.poll) : null;
      const errors = [];
      if (type === 'discussion' && !title) {
        errors.push(errorEntry(ErrorCode.required, 'A discussion needs a title.', 'title'));
      } else if (title.length > TITLE_MAX) {
        errors.push(
          errorEntry(ErrorCode.invalid, `The title can be at most ${TITLE_MAX} characters.`, 'title'),
        );
      }
      const mediaIds = [...new Set(body.medias ?? [])];
      if (!htmlToText(html) && !poll && type !== 'discussion' && mediaIds.length === 0) {
        errors.push(errorEntry(ErrorCode.required, 'Write something to publish.', 'text'));
      }
      if ((await attachableImageIds(db, stackId, caller.userId, mediaIds)).size !== mediaIds.length) {
        errors.push(errorEntry(ErrorCode.invalid, 'Attach images you uploaded.', 'medias'));
      }
      const publishAt = scheduledTime(
        body.scheduled_at,
        clock.now(),
        (await preference(stackId, 'scheduled_posts_enabled')) === true,
      );
      const categoryIds = body.categories ?? [];
      const categories = await categoriesByIds(db, stackId, categoryIds);
      if (categories.length !== new Set(categoryIds).size) {
        errors.push(errorEntry(ErrorCode.invalid, 'Choose existing categories.', 'categories'));
      }
      const postable = await postableCategories(db, stackId, categoryIds, !!caller.role);
      if (postable.hidden) {
        errors.push(errorEntry(ErrorCode.invalid, 'Choose existing categories.', 'categories'));
      } else if (postable.staffOnly) {
        throw AppError.of(403, CategoryErrorCode.staffOnly, CATEGORY_MESSAGES.staffOnly, 'categories');
      }
      if (errors.length > 0) throw new AppError(400, errors);

      const at = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertContribution(trx, stackId, {
          type,
          authorId: caller.userId,
          categoryId: categoryIds[0] ?? null,
          title,
          body: html,
          multipleChoices: poll?.multiple ?? false,
          // A scheduled contribution is created at its publication time (composer-schedule.ts).
          at: publishAt ?? at,
        });
        if (poll) await repo.insertPoll(trx, stackId, created, { ...poll, at });
        await attachImages(trx, stackId, caller.userId, created, mediaIds);
        // Webhooks hear of a scheduled contribution when it is created, with its `scheduled_at`.
        const data = {
          id: created,
          type,
          title,
          html,
          author: { id: caller.userId },
          categories: categoryIds,
          ...(publishAt ? { scheduled_at: publishAt.toISOString() } : {}),
        };
        await recordEvent(trx, { stackId, type: `${type}.created`, data, at });
        return created;
      });
      const text = [title, htmlToText(html), poll?.title, ...(poll?.choices ?? [])]
        .filter(Boolean)
        .join('\n');
      await afterPublishing(stackId, { type, id, authorId: caller.userId, text }, PUBLISH_ACTION[type]);
      const row = await repo.findContribution(db, stackId, type, id);
      return oneFeedObject(stackId, row as repo.ContributionRow, viewerOf(caller));
    },

    async contribution(stackId: number, caller: MemberCaller | undefined, type: FeedObjectType, id: number) {
      await checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      return oneFeedObject(stackId, await readableContribution(stackId, type, id, viewer), viewer);
    },

    async contributions(
      stackId: number,
      caller: MemberCaller | undefined,
      type: FeedObjectType,
      limit: number | undefined,
      offset: number,
    ) {
      await checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      const { count, rows } = await repo.listContributions(db, stackId, type, {
        visibleOnly: !viewer.staff,
        publishedFor: { now: clock.now(), viewerId: viewer.userId },
        limit,
        offset,
      });
      return { count, results: await feedObjects(db, stackId, rows, viewer, clock.now()) };
    },

    async createComment(
      stackId: number,
      caller: MemberCaller,
      body: CreateCommentBody,
    ): Promise<ContentComment> {
      const target = (['discussion', 'post', 'status'] as const).find((t) => body[t] !== undefined);
      if (!target) {
        throw AppError.of(
          400,
          ErrorCode.required,
          'Say which contribution the comment is for.',
          'discussion',
        );
      }
      const viewer = viewerOf(caller);
      const contribution = await readableContribution(stackId, target, body[target] as number, viewer);
      let parentId: number | null = null;
      let repliedTo: { id: number; authorId: number } | null = null;
      const parentGiven = body.parent ?? body.in_reply_to ?? null;
      if (parentGiven !== null) {
        const parent = await repo.findComment(db, stackId, parentGiven);
        if (
          !parent ||
          parent.contribution_id !== contribution.id ||
          (!viewer.staff && repo.visibilityOf(parent.status, parent.moderation) !== 'visible')
        ) {
          throw invalid('parent', 'Reply to a comment of the same contribution.');
        }
        // Threads have two levels: a reply to a reply joins its thread.
        parentId = parent.parent_id ?? parent.id;
        repliedTo = { id: parent.id, authorId: parent.author_id };
      }
      const html = bodyOf(body);
      if (!htmlToText(html)) throw AppError.of(400, ErrorCode.required, 'Write the comment.', 'text');
      const at = clock.now();
      const id = await db.transaction().execute(async (trx) => {
        const created = await repo.insertComment(trx, stackId, {
          contributionId: contribution.id,
          parentId,
          authorId: caller.userId,
          body: html,
          at,
        });
        const data = {
          id: created,
          [target]: contribution.id,
          parent: parentId,
          html,
          author: { id: caller.userId },
        };
        await recordEvent(trx, { stackId, type: 'comment.created', data, at });
        // SelfCommunity's member notifications: the replied comment's author hears of the reply
        // (`nested_comment`), the contribution's author and its followers of the comment; nobody
        // twice, nobody of their own.
        const notified = new Set([caller.userId]);
        const notify = async (type: string, userId: number) => {
          if (notified.has(userId)) return;
          notified.add(userId);
          await recordEvent(trx, { stackId, type, data: { user: { id: userId }, comment: data }, at });
        };
        if (repliedTo) await notify('notification.nested_comment', repliedTo.authorId);
        await notify('notification.comment', contribution.author_id);
        for (const follower of await followerIds(trx, stackId, contribution.id)) {
          await notify('notification.comment', follower);
        }
        return created;
      });
      await afterPublishing(
        stackId,
        { type: 'comment', id, authorId: caller.userId, text: htmlToText(html) },
        parentId === null ? 'publish_comment' : 'publish_reply',
      );
      return oneComment(stackId, (await repo.findComment(db, stackId, id)) as repo.CommentRow, viewer);
    },

    async comment(stackId: number, caller: MemberCaller | undefined, id: number) {
      await checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      return oneComment(stackId, await readableComment(stackId, id, viewer), viewer);
    },

    /**
     * A content as a member's notification shows it (ADR 0037): the member's own whatever moderation
     * did to it (a notification tells them it was removed or hidden, and what they wrote), anyone
     * else's only while they may read it.
     */
    async notifiedContribution(stackId: number, caller: MemberCaller, type: FeedObjectType, id: number) {
      const viewer = viewerOf(caller);
      const row = await repo.findContribution(db, stackId, type, id);
      if (row && row.author_id === caller.userId) return oneFeedObject(stackId, row, viewer);
      return oneFeedObject(stackId, await readableContribution(stackId, type, id, viewer), viewer);
    },

    /** A comment as a member's notification shows it: as `notifiedContribution` does. */
    async notifiedComment(stackId: number, caller: MemberCaller, id: number) {
      const viewer = viewerOf(caller);
      const row = await repo.findComment(db, stackId, id);
      if (row && row.author_id === caller.userId) return oneComment(stackId, row, viewer);
      return oneComment(stackId, await readableComment(stackId, id, viewer), viewer);
    },

    async comments(
      stackId: number,
      caller: MemberCaller | undefined,
      query: {
        discussion?: number;
        post?: number;
        status?: number;
        parent?: number;
        ordering?: string;
      },
      limit: number | undefined,
      offset: number,
    ) {
      await checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      const target = (['discussion', 'post', 'status'] as const).find((t) => query[t] !== undefined);
      let contributionId: number;
      if (target) {
        contributionId = (await readableContribution(stackId, target, query[target] as number, viewer)).id;
      } else if (query.parent !== undefined) {
        contributionId = (await readableComment(stackId, query.parent, viewer)).contribution_id;
      } else {
        throw AppError.of(
          400,
          ErrorCode.required,
          'Say which contribution to list comments of.',
          'discussion',
        );
      }
      const { count, rows } = await repo.listComments(db, stackId, {
        contributionId,
        parentId: query.parent ?? null,
        visibleOnly: !viewer.staff,
        ascending: query.ordering?.trim() !== '-added_at',
        limit,
        offset,
      });
      return { count, results: await contentComments(db, stackId, rows, viewer, clock.now()) };
    },

    /**
     * Votes with a reaction (the default one when none is named), changes the reaction of a vote, or
     * takes the vote back (a plain vote again, or the same reaction); the author earns the like points
     * on a new vote by someone else.
     */
    async voteContribution(
      stackId: number,
      caller: MemberCaller,
      type: FeedObjectType,
      id: number,
      requested?: number,
    ) {
      const row = await readableContribution(stackId, type, id, viewerOf(caller));
      const at = clock.now();
      const reaction = await resolveVoteReaction(deps, stackId, requested);
      const outcome = await repo.castVote(
        db,
        stackId,
        caller.userId,
        { targetType: 'contribution', targetId: row.id, authorId: row.author_id, contributionId: row.id },
        { id: reaction, change: requested !== undefined },
        at,
      );
      if (outcome === 'added' && row.author_id !== caller.userId) {
        await awardPoints(deps, stackId, row.author_id, LIKE_ACTION[type], at);
      }
    },

    async voteComment(stackId: number, caller: MemberCaller, id: number, requested?: number) {
      const row = await readableComment(stackId, id, viewerOf(caller));
      const at = clock.now();
      const reaction = await resolveVoteReaction(deps, stackId, requested);
      const outcome = await repo.castVote(
        db,
        stackId,
        caller.userId,
        {
          targetType: 'comment',
          targetId: row.id,
          authorId: row.author_id,
          contributionId: row.contribution_id,
        },
        { id: reaction, change: requested !== undefined },
        at,
      );
      if (outcome === 'added' && row.author_id !== caller.userId) {
        const action = row.parent_id === null ? 'like_comment_received' : 'like_reply_received';
        await awardPoints(deps, stackId, row.author_id, action, at);
      }
    },

    async votes(
      stackId: number,
      caller: MemberCaller | undefined,
      target: { type: FeedObjectType | 'comment'; id: number },
      limit: number | undefined,
      offset: number,
    ) {
      await checkReader(stackId, caller);
      const viewer = viewerOf(caller);
      if (target.type === 'comment') await readableComment(stackId, target.id, viewer);
      else await readableContribution(stackId, target.type, target.id, viewer);
      const targetType = target.type === 'comment' ? 'comment' : 'contribution';
      const { count, rows } = await repo.listVotes(db, stackId, targetType, target.id, limit, offset);
      const now = clock.now();
      const [users, reactions] = await Promise.all([
        memberUsers(
          db,
          stackId,
          rows.map((r) => r.user_id),
          now,
        ),
        reactionsByIds(
          db,
          stackId,
          rows.flatMap((r) => (r.reaction_id === null ? [] : [r.reaction_id])),
        ),
      ]);
      return {
        count,
        results: rows.map((r) => {
          const reaction = r.reaction_id === null ? undefined : reactions.get(r.reaction_id);
          return {
            user: authorOf(users, r.user_id),
            added_at: r.created_at.toISOString(),
            reaction: reaction ? toMemberReaction(reaction) : null,
          };
        }),
      };
    },

    async votePoll(
      stackId: number,
      caller: MemberCaller,
      type: FeedObjectType,
      id: number,
      choiceId: number,
    ) {
      const row = await readableContribution(stackId, type, id, viewerOf(caller));
      const poll = (await repo.pollsOf(db, stackId, [row.id], caller.userId)).get(row.id);
      if (!poll) throw notFound();
      const now = clock.now();
      if (poll.expiration_at && poll.expiration_at.getTime() <= now.getTime()) {
        throw AppError.of(400, ErrorCode.invalid, 'This poll is closed.', 'choice');
      }
      const choice = await repo.pollChoice(db, stackId, row.id, choiceId);
      if (!choice) throw invalid('choice', 'Choose one of the poll choices.');
      await repo.togglePollVote(db, stackId, row.id, caller.userId, choice.choice, row.multiple_choices, now);
    },

    /**
     * A member's flag: one per member and content. Flagging again with another type changes the
     * reason; with the same type it takes the flag back (SelfCommunity's flag menu toggles).
     */
    async flag(
      stackId: number,
      caller: MemberCaller,
      target: { type: FeedObjectType | 'comment'; id: number },
      flagType: unknown,
    ): Promise<void> {
      const reason = reasonOfFlagType(flagType);
      if (!reason) throw invalid('flag_type', 'Choose a flag type between 0 and 4.');
      const viewer = viewerOf(caller);
      const authorId =
        target.type === 'comment'
          ? (await readableComment(stackId, target.id, viewer)).author_id
          : (await readableContribution(stackId, target.type, target.id, viewer)).author_id;
      const existing = await flags.ownFlag(db, stackId, target.type, target.id, caller.userId);
      if (existing?.reason === reason) return flags.deleteFlag(db, stackId, existing.id);
      if (existing) return flags.updateFlagReason(db, stackId, existing.id, reason);
      await insertFlag(db, stackId, {
        contentType: target.type,
        contentId: target.id,
        authorId,
        flaggedBy: caller.userId,
        byBot: false,
        reason,
        at: clock.now(),
      });
    },

    async flagStatus(
      stackId: number,
      caller: MemberCaller,
      target: { type: FeedObjectType | 'comment'; id: number },
    ) {
      const viewer = viewerOf(caller);
      if (target.type === 'comment') await readableComment(stackId, target.id, viewer);
      else await readableContribution(stackId, target.type, target.id, viewer);
      const own = await flags.ownFlag(db, stackId, target.type, target.id, caller.userId);
      return {
        flag_type: own ? flagTypeOf(own.reason) : null,
        flag_type_description: own ? FLAG_TYPE_DESCRIPTIONS[own.reason] : null,
        added_at: own ? own.created_at.toISOString() : null,
      };
    },
  };
}

export type MemberContentService = ReturnType<typeof createMemberContentService>;
