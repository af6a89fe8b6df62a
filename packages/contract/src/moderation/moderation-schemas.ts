import { z } from 'zod';

/** Content types a flag can concern (spec mgmt §2: article/discussion, post, status, comment, poll). */
export const MODERATION_CONTENT_TYPES = ['discussion', 'post', 'status', 'comment', 'poll'] as const;
export const moderationContentTypeSchema = z.enum(MODERATION_CONTENT_TYPES);
export type ModerationContentType = z.infer<typeof moderationContentTypeSchema>;

/** Flag reasons (spec mgmt §2). */
export const FLAG_REASONS = ['spam', 'aggressive', 'vulgar', 'poor_content', 'offtopic'] as const;
export const flagReasonSchema = z.enum(FLAG_REASONS);
export type FlagReason = z.infer<typeof flagReasonSchema>;

/** Moderation status of a flagged content. */
export const MODERATION_STATUSES = ['open', 'hidden', 'deleted', 'ignored'] as const;
export const moderationStatusSchema = z.enum(MODERATION_STATUSES);
export type ModerationStatus = z.infer<typeof moderationStatusSchema>;

export const MODERATION_ACTIONS = ['hide', 'restore', 'delete', 'ignore', 'open', 'warn'] as const;
export const moderationActionSchema = z.enum(MODERATION_ACTIONS);
export type ModerationAction = z.infer<typeof moderationActionSchema>;

/** Error codes of moderation's refusals. */
export const ModerationErrorCode = {
  /** The warning e-mail could not be sent (502). */
  warnFailed: 'warn_failed',
} as const;

/** Error texts of spec mgmt §8. */
export const MODERATION_MESSAGES = {
  generic: 'There was an error. Try later!',
  motivationRequired: 'Choose a motivation among the flag reasons.',
  warnMessageRequired: 'Write the message for the author.',
  warnError: 'There was an error sending the warning. Try later!',
} as const;

/** The name shown for flags recorded by the AI moderation bot. */
export const BOT_FLAGGER_NAME = 'AI bot';

export const flaggedContentSchema = z.object({
  content_type: moderationContentTypeSchema,
  content_id: z.number().int(),
  author: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Usernames of the members who flagged it; the bot appears as BOT_FLAGGER_NAME. */
  flagged_by: z.array(z.string()),
  reasons: z.array(flagReasonSchema),
  flag_count: z.number().int(),
  last_flagged_at: z.string(),
  last_moderated_at: z.string().nullable(),
  status: moderationStatusSchema,
  moderator: z.string().nullable(),
  motivation: flagReasonSchema.nullable(),
  excerpt: z.string(),
  /** The content's own status as members see it ('published', 'hidden', 'deleted'). */
  content_status: z.string(),
  votes: z.number().int(),
  shares: z.number().int(),
});
export type FlaggedContent = z.infer<typeof flaggedContentSchema>;
export const flaggedContentPageSchema = z.object({
  count: z.number().int(),
  results: z.array(flaggedContentSchema),
});
export type FlaggedContentPage = z.infer<typeof flaggedContentPageSchema>;

export const flagListQuerySchema = z.object({
  status: moderationStatusSchema.optional(),
  content_type: moderationContentTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type FlagListQuery = z.input<typeof flagListQuerySchema>;

export const flagActionBodySchema = z.object({
  action: moderationActionSchema,
  motivation: flagReasonSchema.optional(),
  message: z.string().max(5000).optional(),
});
export type FlagActionBody = z.infer<typeof flagActionBodySchema>;

/** Booleans arrive as JSON or as form fields ('true'/'false'). */
const formBoolean = z.union([
  z.boolean(),
  z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1'),
]);
export const botStatusSchema = z.object({ enabled: z.boolean() });
export type BotStatus = z.infer<typeof botStatusSchema>;
export const botStatusBodySchema = z.object({ enabled: formBoolean });

export const moderationPaths = {
  /** Relative to a stack's internal_url. */
  botStatus: '/platform/api/v1/bot/status/',
  flags: '/platform/api/v1/moderation/flags/',
  flagAction: '/platform/api/v1/moderation/flags/:content_type/:content_id/',
} as const;

export function flagActionPath(type: ModerationContentType, id: number): string {
  return moderationPaths.flagAction.replace(':content_type', type).replace(':content_id', String(id));
}
