import { z } from 'zod';
import { isRowId, rowIdSchema } from '../row-id.ts';
import { FLAG_REASONS, type FlagReason } from '../moderation/moderation-schemas.ts';
import { memberReactionSchema, reactionCountSchema } from '../reactions/reaction-schemas.ts';

/** Error codes of the member API's refusals (besides the shared ones). */
export const MemberApiErrorCode = {
  /** Polls are switched off in the community. */
  pollsDisabled: 'polls_disabled',
  /** Publishing this type of content is switched off. */
  typeDisabled: 'type_disabled',
  /** Only staff publish in this community. */
  staffOnly: 'staff_only',
  /** Accepting or refusing a connection nobody asked for. */
  noConnectionRequest: 'no_connection_request',
  /** The community takes no new registrations. */
  registrationsClosed: 'registrations_closed',
  /** The community registers by invitation only. */
  invitationOnly: 'invitation_only',
} as const;

/**
 * Member API, contents (SelfCommunity v2-compatible): contributions (`post`, `discussion`, `status`),
 * comments, votes, polls, flags and the moderation of contributions. Paths are relative to
 * `/c/{slug}/api/v2`; every one ends with a slash.
 */

/** The contribution types of the paths `/{type}/…`. */
export const FEED_OBJECT_TYPES = ['post', 'discussion', 'status'] as const;
export const feedObjectTypeSchema = z.enum(FEED_OBJECT_TYPES);
export type FeedObjectType = z.infer<typeof feedObjectTypeSchema>;

/** What moderation of contributions deals with: a contribution of a type, or a comment. */
export const MODERATED_CONTRIBUTION_TYPES = [...FEED_OBJECT_TYPES, 'comment'] as const;
export const moderatedContributionTypeSchema = z.enum(MODERATED_CONTRIBUTION_TYPES);
export type ModeratedContributionType = z.infer<typeof moderatedContributionTypeSchema>;

/** SelfCommunity's flag types (`SCFlagTypeEnum`): the index is the number sent on the wire. */
export const FLAG_TYPE_REASONS: readonly FlagReason[] = FLAG_REASONS;
export const FLAG_TYPE_DESCRIPTIONS: Record<FlagReason, string> = {
  spam: 'Spam',
  aggressive: 'Aggressive',
  vulgar: 'Vulgar',
  poor_content: 'Poor content',
  offtopic: 'Off topic',
};
export function flagTypeOf(reason: FlagReason): number {
  return FLAG_TYPE_REASONS.indexOf(reason);
}
/** The reason of a flag type given as a number, a numeric string or a name ('poor' too); else undefined. */
export function reasonOfFlagType(value: unknown): FlagReason | undefined {
  if (typeof value === 'number' && Number.isInteger(value)) return FLAG_TYPE_REASONS[value];
  if (typeof value !== 'string') return undefined;
  const text = value.trim().toLowerCase();
  if (/^\d+$/.test(text)) return FLAG_TYPE_REASONS[Number(text)];
  if (text === 'poor') return 'poor_content';
  if (text === 'advertising') return 'spam';
  return FLAG_TYPE_REASONS.find((r) => r === text);
}

/** The User object as the member API shows it (people's module owns its exact fields). */
export const contentUserSchema = z.looseObject({
  id: z.number().int(),
  username: z.string(),
});

export const contentCategorySchema = z.object({ id: z.number().int(), name: z.string(), slug: z.string() });

export const pollChoiceSchema = z.object({
  id: z.number().int(),
  choice: z.string(),
  order: z.number().int(),
  added_at: z.string(),
  deleted: z.boolean(),
  vote_count: z.number().int(),
  voted: z.boolean(),
});
export const pollSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  multiple_choices: z.boolean(),
  added_at: z.string(),
  modified_at: z.string(),
  closed: z.boolean(),
  expiration_at: z.string().nullable(),
  hidden: z.boolean(),
  votes: z.number().int(),
  choices: z.array(pollChoiceSchema),
});

/** A contribution (SelfCommunity's FeedObject). `deleted`/`collapsed` are only ever true for staff. */
export const feedObjectSchema = z.object({
  id: z.number().int(),
  type: feedObjectTypeSchema,
  title: z.string(),
  slug: z.string(),
  html: z.string(),
  summary: z.string(),
  added_at: z.string(),
  last_activity_at: z.string(),
  author: contentUserSchema.nullable(),
  categories: z.array(contentCategorySchema),
  comment_count: z.number().int(),
  vote_count: z.number().int(),
  voted: z.boolean(),
  flag_count: z.number().int(),
  share_count: z.number().int(),
  view_count: z.number().int(),
  follower_count: z.number().int(),
  /** Whether the caller follows it (absent for a visitor). */
  followed: z.boolean().optional(),
  /** Votes per reaction, most used first; `reaction` is the caller's own (null: none or a plain vote). */
  reactions_count: z.array(reactionCountSchema),
  reaction: memberReactionSchema.nullable(),
  addressing: z.array(z.unknown()),
  medias: z.array(z.unknown()),
  has_poll: z.boolean(),
  poll: pollSchema.nullable(),
  deleted: z.boolean(),
  collapsed: z.boolean(),
  /** When a scheduled contribution is published (only its author and staff see it before); else null. */
  scheduled_at: z.string().nullable().optional(),
});
export type FeedObject = z.infer<typeof feedObjectSchema>;

export const contentCommentSchema = z.object({
  id: z.number().int(),
  type: z.literal('comment'),
  discussion: z.number().int().optional(),
  post: z.number().int().optional(),
  status: z.number().int().optional(),
  author: contentUserSchema.nullable(),
  added_at: z.string(),
  html: z.string(),
  text: z.string(),
  summary: z.string(),
  parent: z.number().int().nullable(),
  in_reply_to: z.number().int().nullable(),
  comment_count: z.number().int(),
  vote_count: z.number().int(),
  voted: z.boolean(),
  flag_count: z.number().int(),
  reactions_count: z.array(reactionCountSchema),
  reaction: memberReactionSchema.nullable(),
  deleted: z.boolean(),
  collapsed: z.boolean(),
});
export type ContentComment = z.infer<typeof contentCommentSchema>;

const idList = z
  .union([z.array(rowIdSchema), z.string(), rowIdSchema])
  .transform((v) =>
    (Array.isArray(v) ? v : typeof v === 'number' ? [v] : v.split(','))
      .map((x) => Number(typeof x === 'string' ? x.trim() : x))
      .filter((x) => isRowId(x)),
  );

/**
 * Creating a contribution: `title` (discussions), `html` or `text`, categories, a poll, the caller's
 * uploaded images (`medias`) and a publication time (`scheduled_at`, with `scheduled_posts_enabled`),
 * leniently.
 */
export const createFeedObjectBodySchema = z.looseObject({
  title: z.string().max(1000).optional(),
  html: z.string().max(100_000).optional(),
  text: z.string().max(100_000).optional(),
  categories: idList.optional(),
  medias: idList.optional(),
  scheduled_at: z.string().max(100).nullable().optional(),
  poll: z
    .looseObject({
      title: z.string().max(500).optional(),
      multiple_choices: z.union([z.boolean(), z.enum(['true', 'false'])]).optional(),
      expiration_at: z.string().nullable().optional(),
      choices: z.array(z.union([z.looseObject({ choice: z.string().max(500) }), z.string().max(500)])),
    })
    .nullable()
    .optional(),
});
export type CreateFeedObjectBody = z.infer<typeof createFeedObjectBodySchema>;

export const createCommentBodySchema = z.looseObject({
  discussion: rowIdSchema.optional(),
  post: rowIdSchema.optional(),
  status: rowIdSchema.optional(),
  parent: rowIdSchema.nullable().optional(),
  in_reply_to: rowIdSchema.nullable().optional(),
  html: z.string().max(100_000).optional(),
  text: z.string().max(100_000).optional(),
});
export type CreateCommentBody = z.infer<typeof createCommentBodySchema>;

export const commentListQuerySchema = z.object({
  discussion: rowIdSchema.optional(),
  post: rowIdSchema.optional(),
  status: rowIdSchema.optional(),
  parent: rowIdSchema.optional(),
  /** `added_at` (the default) or `-added_at`; other orderings read as the default. */
  ordering: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

export const pollVoteBodySchema = z.looseObject({ choice: rowIdSchema });

export const contentVoteSchema = z.object({
  user: contentUserSchema.nullable(),
  added_at: z.string(),
  /** The reaction the vote carries (null: a plain vote). */
  reaction: memberReactionSchema.nullable(),
});

/** A flag: a bare number (the SDK's contributions), `{flag_type}` (the docs) or `{flagType}` (the SDK's comments). */
export const flagBodySchema = z
  .union([
    z.number().int(),
    z.string().max(20),
    z.looseObject({
      flag_type: z.union([z.number().int(), z.string().max(20)]).optional(),
      flagType: z.union([z.number().int(), z.string().max(20)]).optional(),
    }),
  ])
  .optional();

/** The caller's own flag on a content (`flag_type` null when they have not flagged it). */
export const ownFlagStatusSchema = z.object({
  flag_type: z.number().int().nullable(),
  flag_type_description: z.string().nullable(),
  added_at: z.string().nullable(),
});

/** One flag as staff see it; the AI bot's flags have no user, `by_bot` and the bot's name. */
export const contributionFlagSchema = z.object({
  user: contentUserSchema.nullable(),
  by_bot: z.boolean(),
  flagger_name: z.string(),
  added_at: z.string(),
  flag_type: z.number().int(),
  flag_type_description: z.string(),
});

export const CONTRIBUTION_MODERATION_STATUSES = ['open', 'ignored', 'hidden', 'deleted'] as const;

export const contributionModerationStatusSchema = z.object({
  status: z.enum(CONTRIBUTION_MODERATION_STATUSES),
  flag_type: z.number().int().nullable(),
  flag_type_description: z.string().nullable(),
});

export const flaggedContributionSchema = z.object({
  contribution_type: moderatedContributionTypeSchema,
  contribution: z.looseObject({
    id: z.number().int(),
    author: contentUserSchema.nullable(),
    flag_count: z.number().int(),
    flag_count_detail: z.record(z.string(), z.number().int()),
  }),
  last_flagged_at: z.string(),
  moderation_status: z.enum(CONTRIBUTION_MODERATION_STATUSES),
  moderation_type: z.number().int().nullable(),
  moderation_by: contentUserSchema.nullable(),
  moderation_at: z.string().nullable(),
});
export type FlaggedContribution = z.infer<typeof flaggedContributionSchema>;

export const CONTRIBUTION_MODERATION_ORDERS = [
  'last_flagged_at',
  '-last_flagged_at',
  'flag_count',
  '-flag_count',
  'last_moderated_at',
  '-last_moderated_at',
] as const;

export const flaggedContributionQuerySchema = z.object({
  contribution_type: moderatedContributionTypeSchema.optional(),
  contribution_id: rowIdSchema.optional(),
  moderation_status: z.enum(CONTRIBUTION_MODERATION_STATUSES).optional(),
  min_flags: z.coerce.number().int().min(0).optional(),
  author: rowIdSchema.optional(),
  flagged_by: rowIdSchema.optional(),
  content: z.string().max(200).optional(),
  order_by: z.enum(CONTRIBUTION_MODERATION_ORDERS).default('-last_flagged_at'),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FlaggedContributionQuery = z.infer<typeof flaggedContributionQuerySchema>;

export const CONTRIBUTION_MODERATION_ACTIONS = [
  'ignore',
  'hide',
  'delete',
  'scold_author',
  'scold_flagger',
] as const;

export const moderateContributionBodySchema = z.looseObject({
  contribution_type: moderatedContributionTypeSchema.optional(),
  action: z.enum(CONTRIBUTION_MODERATION_ACTIONS),
  moderation_type: z.union([z.number(), z.string()]).nullable().optional(),
  user: rowIdSchema.nullable().optional(),
  message: z.string().max(5000).optional(),
});
export type ModerateContributionBody = z.infer<typeof moderateContributionBodySchema>;

/** Paths of one contribution type (each type has its own routes, so unknown types stay 404). */
export function feedObjectPaths(type: FeedObjectType) {
  return {
    list: `/${type}/`,
    one: `/${type}/:id/`,
    vote: `/${type}/:id/vote/`,
    pollVote: `/${type}/:id/poll/vote/`,
    flag: `/${type}/:id/flag/`,
    flagStatus: `/${type}/:id/flag/status/`,
    /** The members who commented on it, latest first. */
    contributors: `/${type}/:id/contributors/`,
    /** Contents of its category, by relevance. */
    related: `/${type}/:id/related/`,
  } as const;
}

export const memberContentPaths = {
  comments: '/comment/',
  comment: '/comment/:id/',
  commentVote: '/comment/:id/vote/',
  commentFlag: '/comment/:id/flag/',
  commentFlagStatus: '/comment/:id/flag/status/',
  moderation: '/moderation/contribution/',
  moderationOne: '/moderation/contribution/:id/',
  moderationFlags: '/moderation/contribution/:id/flag/',
  moderationStatus: '/moderation/contribution/:id/status/',
} as const;
