import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Reactions (spec mgmt §2, §5): what members answer a contribution or a comment with — a vote that
 * carries a reaction (SelfCommunity's `reaction` on `…/vote/`). Each community has exactly one
 * default reaction, always active.
 */

/** SelfCommunity's `sentiment` is an integer: 1 positive, 0 neutral, -1 negative. */
export const REACTION_SENTIMENTS = [1, 0, -1] as const;
export const reactionSentimentSchema = z.union([z.literal(1), z.literal(0), z.literal(-1)]);
export type ReactionSentiment = z.infer<typeof reactionSentimentSchema>;

export const REACTION_LABEL_MAX = 50;
/** Largest reaction image (an icon): 1 MB. */
export const REACTION_IMAGE_MAX_BYTES = 1024 * 1024;

export const ReactionErrorCode = {
  /** The default reaction cannot be switched off (spec mgmt §5). */
  defaultInactive: 'default_reaction_inactive',
  /** A member voted with a reaction that is unknown or switched off. */
  reactionUnavailable: 'reaction_unavailable',
} as const;

export const REACTION_MESSAGES = {
  label: `Insert a valid label (1 to ${REACTION_LABEL_MAX} characters).`,
  unique: 'Another reaction already has this label.',
  image: 'Upload an SVG, PNG or JPG image.',
  imageRequired: 'A reaction needs an image.',
  imageTooLarge: 'The image must be at most 1 MB.',
  sentiment: 'Choose positive, neutral or negative.',
  defaultInactive: 'The default reaction is mandatory and cannot be disabled.',
  setDefaultInactive: 'Only an active reaction can become the default.',
  notFound: 'This reaction is not found.',
  unavailable: 'This reaction is not available.',
  updateError: 'Error in updating the reaction.',
} as const;

/** A reaction as the console lists it. */
export const reactionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  image: z.string().describe('Public address of the (sanitised) image'),
  sentiment: reactionSentimentSchema,
  active: z.boolean(),
  is_default: z.boolean(),
  updated_at: z.string(),
  updated_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  /** Votes cast with this reaction, all contents and comments. */
  total: z.number().int(),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const reactionListSchema = z.object({ count: z.number().int(), results: z.array(reactionSchema) });
export type ReactionList = z.infer<typeof reactionListSchema>;

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');
const sentimentField = z.union([
  reactionSentimentSchema,
  z.enum(['1', '0', '-1']).transform((v) => Number(v) as ReactionSentiment),
]);
const imageField = z
  .any()
  .optional()
  .meta({ type: 'string', format: 'binary', description: 'The image (SVG, PNG or JPG, at most 1 MB)' });

/** Adding a reaction (multipart: label, sentiment, active, image). */
export const reactionAddBodySchema = z.object({
  label: z.string().max(1000),
  sentiment: sentimentField,
  active: booleanField.optional(),
  image: imageField,
});

/** Changing a reaction: any of its fields; an image replaces the previous one. */
export const reactionUpdateBodySchema = z.object({
  label: z.string().max(1000).optional(),
  sentiment: sentimentField.optional(),
  active: booleanField.optional(),
  image: imageField,
});

export const reactionIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

/** SelfCommunity's Reaction object (member API). */
export const memberReactionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  sentiment: z.number().int(),
  image: z.string(),
  active: z.boolean(),
});
export type MemberReaction = z.infer<typeof memberReactionSchema>;

/** One entry of a contribution's `reactions_count`. */
export const reactionCountSchema = z.object({ reaction: memberReactionSchema, count: z.number().int() });
export type ReactionCount = z.infer<typeof reactionCountSchema>;

export const memberReactionQuerySchema = z.object({
  search: z.string().max(200).optional(),
  active: z.enum(['true', 'false', '1', '0']).optional(),
  ordering: z.string().max(50).optional(),
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
});

/** A reaction's id, as a JSON number or as the digits a form or a query string carries (coerced, in range). */
const reactionIdSchema = rowIdSchema;

/** The optional body of `…/vote/`: the reaction the vote carries. */
export const voteReactionBodySchema = z
  .looseObject({ reaction: reactionIdSchema.optional() })
  .nullable()
  .optional();

/**
 * The query of `…/vote/`: SelfCommunity's SDK (`voteFeedObject(type, id, reaction)`) names the reaction
 * in the query string (`?reaction=2`), not in the body; a reaction in the body wins.
 */
export const voteReactionQuerySchema = z.looseObject({ reaction: reactionIdSchema.optional() });

export const reactionPaths = {
  /** Console, relative to a stack's internal_url. */
  list: '/platform/api/v1/reactions/',
  add: '/platform/api/v1/reactions/add/',
  update: '/platform/api/v1/reactions/:id/update/',
  setDefault: '/platform/api/v1/reactions/:id/set_default/',
  /** Public images, relative to a stack's internal_url. */
  image: '/reactions/images/:file',
  /** Member API, relative to `/c/{slug}/api/v2`. */
  memberList: '/reaction/',
  memberSearch: '/reaction/search/',
  memberDetail: '/reaction/:id/',
} as const;
