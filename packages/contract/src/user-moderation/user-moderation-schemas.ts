import { z } from 'zod';

// Users moderation (spec mgmt §2 "Moderated user", §8 errors): console and member API.

/** Statuses a moderator can give a member. `fully_deleted` is the GDPR erase and cannot be undone. */
export const USER_MODERATION_STATUSES = ['active', 'banned', 'deleted', 'fully_deleted'] as const;
export const userModerationStatusSchema = z.enum(USER_MODERATION_STATUSES);
export type UserModerationStatus = z.infer<typeof userModerationStatusSchema>;

/** A member's effective standing as the list shows it (an expired ban reads active). */
export const MODERATED_USER_STANDINGS = [
  'active',
  'pending',
  'ignored',
  'banned',
  'deleted',
  'fully_deleted',
] as const;
export const moderatedUserStandingSchema = z.enum(MODERATED_USER_STANDINGS);
export type ModeratedUserStanding = z.infer<typeof moderatedUserStandingSchema>;

/** The longest ban with an end, in days (about ten years); longer means "forever". */
export const BAN_DAYS_MAX = 3650;

/** Error texts (spec mgmt §8 "Moderation: 'There was an error. Try later!'; user moderation error"). */
export const USER_MODERATION_MESSAGES = {
  generic: 'There was an error. Try later!',
  error: 'There was an error moderating this user. Try later!',
  notFound: 'User not found.',
  self: 'You cannot moderate your own account.',
  adminByModerator: 'A moderator cannot ban or delete an administrator.',
  erased: 'This user has been fully deleted (GDPR): the account can no longer be changed.',
  daysOnlyWithBan: 'A number of days can be given only with the banned status.',
  invalidDays: `Enter a whole number of days between 1 and ${BAN_DAYS_MAX}, or leave it empty for a permanent ban.`,
  nothingToChange: 'Choose a status or the email validation to change.',
} as const;

/** Error codes of the refusals (the console words them itself). */
export const USER_MODERATION_ERROR_CODES = {
  self: 'self_moderation',
  adminProtected: 'admin_protected',
  erased: 'user_erased',
} as const;

/** The name every fully deleted member gets (their contents show it as author). */
export function erasedUsername(id: number): string {
  return `deleted-${id}`;
}

export const moderatedUserSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  /** Shown to the community's admins only (null for moderators). */
  email: z.string().nullable(),
  email_validated: z.boolean(),
  role: z.string().nullable(),
  status: moderatedUserStandingSchema,
  /** Set while banned: when the ban started and ends (null = forever). */
  ban_start: z.string().nullable(),
  ban_until: z.string().nullable(),
  registered: z.string(),
  last_visit: z.string().nullable(),
  deleted_at: z.string().nullable(),
  flags_received: z.number().int(),
  flags_created: z.number().int(),
  followers: z.number().int(),
  followings: z.number().int(),
  posts: z.number().int(),
  discussions: z.number().int(),
  statuses: z.number().int(),
  polls: z.number().int(),
  score: z.number().int(),
});
export type ModeratedUser = z.infer<typeof moderatedUserSchema>;

export const moderatedUserPageSchema = z.object({
  count: z.number().int(),
  results: z.array(moderatedUserSchema),
});
export type ModeratedUserPage = z.infer<typeof moderatedUserPageSchema>;

export const USER_MODERATION_ORDERINGS = [
  '-registered',
  'registered',
  'username',
  '-username',
  '-last_visit',
  'last_visit',
  '-score',
  'score',
  '-flags_received',
  'flags_received',
  'ban_until',
  '-ban_until',
] as const;
export const userModerationOrderingSchema = z.enum(USER_MODERATION_ORDERINGS);
export type UserModerationOrdering = z.infer<typeof userModerationOrderingSchema>;

export const userModerationListQuerySchema = z.object({
  /** Part of the username or the email. */
  search: z.string().trim().max(200).optional(),
  status: userModerationStatusSchema.optional(),
  ordering: userModerationOrderingSchema.default('-registered'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type UserModerationListQuery = z.input<typeof userModerationListQuerySchema>;

/** Booleans arrive as JSON or as form fields ('true'/'false'). */
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);

/**
 * A change of status and/or email validation. `days` only with `banned` (absent: forever); the
 * service checks the values so that the errors name the field.
 */
export const userModerationBodySchema = z.object({
  status: userModerationStatusSchema.optional(),
  days: z.unknown().optional(),
  email_validated: formBoolean.optional(),
});
export type UserModerationBody = z.input<typeof userModerationBodySchema>;

/** Add (positive) or subtract (negative) score points with a comment. */
export const userScoreBodySchema = z.object({
  points: z.unknown().optional(),
  comment: z.unknown().optional(),
});
export type UserScoreBody = z.infer<typeof userScoreBodySchema>;

export const userModerationPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/moderation/users/',
  one: '/platform/api/v1/moderation/users/:user_id/',
  score: '/platform/api/v1/moderation/users/:user_id/score/',
} as const;

export function moderatedUserPath(id: number): string {
  return userModerationPaths.one.replace(':user_id', String(id));
}
export function moderatedUserScorePath(id: number): string {
  return userModerationPaths.score.replace(':user_id', String(id));
}

// ---- Member API (SelfCommunity v2) ----

/** SelfCommunity's user status letters: a active, b blocked, d deleted, u unregistered (erased). */
export const memberUserStatusLetterSchema = z.enum(['a', 'b', 'd', 'u']);

export const memberModerationUserQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  status: memberUserStatusLetterSchema.optional(),
  days_blocked: z.enum(['days', 'forever']).optional(),
  order_by: z
    .enum(['-date_joined', 'date_joined', 'expire_at', '-expire_at', 'blocked_at', '-blocked_at'])
    .default('-date_joined'),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

/**
 * `PATCH /moderation/user/{id}/`: `status` in the body; `days_blocked` and `hard` in the body (docs)
 * or in the query (the SDK).
 */
export const memberModerateUserBodySchema = z.object({
  status: memberUserStatusLetterSchema,
  days_blocked: z.unknown().optional(),
  hard: z.unknown().optional(),
});
export const memberModerateUserQuerySchema = z.object({
  days_blocked: z.string().optional(),
  hard: z.string().optional(),
});

/** `POST /score/`: the SDK sends `user`, the docs `user_id` or `username`; `score` may be a string. */
export const memberScoreBodySchema = z.object({
  user: z.unknown().optional(),
  user_id: z.unknown().optional(),
  username: z.unknown().optional(),
  score: z.unknown().optional(),
  comment: z.unknown().optional(),
  reputation_context: z.unknown().optional(),
});

const memberUserShape = {
  id: z.number().int(),
  username: z.string(),
  real_name: z.string(),
  avatar: z.string().nullable(),
  ext_id: z.string().nullable(),
  date_joined: z.string(),
  bio: z.string(),
  status: memberUserStatusLetterSchema,
  reg_approved: z.boolean(),
  deleted: z.boolean(),
  reputation: z.number().int(),
  community_badge: z.boolean(),
  role: z.string().nullable(),
  tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
};

/** The v2 ModerationUser: the User object plus the moderation fields. */
export const memberModerationUserSchema = z.object({
  ...memberUserShape,
  email: z.string().optional(),
  email_isvalid: z.boolean(),
  deleted_at: z.string().nullable(),
  followers_counter: z.number().int(),
  followings_counter: z.number().int(),
  posts_counter: z.number().int(),
  discussions_counter: z.number().int(),
  statuses_counter: z.number().int(),
  polls_counter: z.number().int(),
  blocked_at: z.string().nullable(),
  days_blocked: z.number().int().nullable(),
  expire_at: z.string().nullable(),
  last_seen: z.string().nullable(),
  flags_given: z.number().int(),
  flags_received: z.number().int(),
  /** The SDK's type is a list; it holds the last manual score change, if any. */
  last_score_variation: z.array(
    z.object({
      score: z.number().int(),
      comment: z.string(),
      reputed_at: z.string(),
      created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
    }),
  ),
});
export type MemberModerationUser = z.infer<typeof memberModerationUserSchema>;

/** The v2 score entry (`POST /score/` answers one). Reputation type 10 = assigned by a moderator. */
export const memberScoreEntrySchema = z.object({
  id: z.number().int(),
  user: z.object({
    id: z.number().int(),
    username: z.string(),
    real_name: z.string(),
    avatar: z.string().nullable(),
    reputation: z.number().int(),
  }),
  score: z.number().int(),
  reputation_type: z.number().int(),
  reputation_type_description: z.string(),
  comment: z.string(),
  reputation_context: z.string().nullable(),
  created_by: z
    .object({ id: z.number().int(), username: z.string(), avatar: z.string().nullable() })
    .nullable(),
  reputed_at: z.string(),
});
export type MemberScoreEntry = z.infer<typeof memberScoreEntrySchema>;
