import { z } from 'zod';

/**
 * A category proposal's life (issue 13 §3, spec mgmt §3 "Incubator proposal"): a member proposes
 * (`pending`); staff open it to subscriptions (`votable`); reaching the threshold of adhesions makes it
 * `ready` (to publish) and tells the staff; `published` created its category; `hidden` is gone from
 * members' view; `ignored` was turned down. `restore` takes a hidden or ignored proposal back to the
 * status it had before.
 */
export const INCUBATOR_STATUSES = ['pending', 'votable', 'ready', 'published', 'hidden', 'ignored'] as const;
export const incubatorStatusSchema = z.enum(INCUBATOR_STATUSES);
export type IncubatorStatus = z.infer<typeof incubatorStatusSchema>;

/** The console's status actions (spec mgmt §3: publish, votable, hide, ignore; restore). */
export const INCUBATOR_ACTIONS = ['publish', 'votable', 'hide', 'ignore', 'restore'] as const;
export const incubatorActionSchema = z.enum(INCUBATOR_ACTIONS);
export type IncubatorAction = z.infer<typeof incubatorActionSchema>;

/** Which statuses each action applies to (the server refuses the others; the console offers only these). */
export const INCUBATOR_ACTION_FROM: Record<IncubatorAction, readonly IncubatorStatus[]> = {
  publish: ['pending', 'votable', 'ready'],
  votable: ['pending'],
  hide: ['pending', 'votable', 'ready', 'ignored'],
  ignore: ['pending', 'votable', 'ready'],
  restore: ['hidden', 'ignored'],
};

/** The actions a proposal in this status offers. */
export function incubatorActionsOf(status: IncubatorStatus): IncubatorAction[] {
  return INCUBATOR_ACTIONS.filter((action) => INCUBATOR_ACTION_FROM[action].includes(status));
}

/** Limits of a proposal: its name becomes a category title, its slogan the category's slogan. */
export const INCUBATOR_NAME_MAX = 100;
export const INCUBATOR_SLOGAN_MAX = 300;
/** The threshold preference (`addons.incubator_subscribers`), clamped by the preference catalogue. */
export const INCUBATOR_THRESHOLD_PREFERENCE = 'incubator_subscribers';

/** A proposal as the console's incubator tab lists it. */
export const incubatorSchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Title of the proposed category'),
  slug: z.string(),
  slogan: z.string(),
  status: incubatorStatusSchema,
  subscribers_count: z.number().int().describe('Adhesions: members subscribed to the proposal'),
  user: z.object({ id: z.number().int(), username: z.string() }).nullable().describe('Who proposed it'),
  created_at: z.string().describe('Submission date'),
  category_id: z.number().int().nullable().describe('The category its publication created'),
  ready_at: z.string().nullable().describe('When it reached the threshold (staff were told)'),
});
export type Incubator = z.infer<typeof incubatorSchema>;

export const incubatorListSchema = z.object({
  count: z.number().int(),
  results: z.array(incubatorSchema),
  threshold: z.number().int().describe('Adhesions that make a votable proposal ready to publish'),
});
export type IncubatorList = z.infer<typeof incubatorListSchema>;

/** `list/`: newest first, paged, filtered by status and by a search in name and slogan. */
export const incubatorListQuerySchema = z.object({
  status: incubatorStatusSchema.optional(),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type IncubatorListQuery = z.infer<typeof incubatorListQuerySchema>;

export const incubatorStatusBodySchema = z.object({ action: incubatorActionSchema });
export type IncubatorStatusBody = z.infer<typeof incubatorStatusBodySchema>;

/** The threshold of adhesions and the bounds the preference clamps it into. */
export const incubatorThresholdSchema = z.object({
  threshold: z.number().int(),
  min: z.number().int(),
  max: z.number().int(),
});
export type IncubatorThreshold = z.infer<typeof incubatorThresholdSchema>;

/** A whole number; outside the bounds it is clamped (the preference catalogue's rule). */
export const incubatorThresholdBodySchema = z.object({
  threshold: z.union([z.number(), z.string().max(20)]),
});
export type IncubatorThresholdBody = z.infer<typeof incubatorThresholdBodySchema>;

/** Error codes of the incubator (besides the shared `required`, `max_length`, `unique`, `not_found`). */
export const IncubatorErrorCode = {
  /** 'Error on update incubator status' (mgmt §8): the action does not apply, or publishing failed. */
  statusFailed: 'incubator_status_failed',
  /** 'Error on update threshold' (mgmt §8): not a whole number. */
  thresholdFailed: 'incubator_threshold_failed',
  /** Subscribing to a proposal that is not open to subscriptions (member API, 409). */
  notVotable: 'incubator_not_votable',
  /** The community switched the incubator off (`addons.incubator_enabled`; member API, 403). */
  disabled: 'incubator_disabled',
} as const;

export const INCUBATOR_MESSAGES = {
  statusError: 'Error on update incubator status',
  thresholdError: 'Error on update threshold',
  nameRequired: 'Name is required.',
  nameTooLong: `Ensure this field has no more than ${INCUBATOR_NAME_MAX} characters.`,
  sloganTooLong: `Ensure this field has no more than ${INCUBATOR_SLOGAN_MAX} characters.`,
  slugInvalid: 'Use only lowercase letters, digits and hyphens.',
  nameTaken: 'A category or a proposal with this name already exists.',
  notFound: 'This proposal is not found.',
  notVotable: 'This proposal is not open to subscriptions.',
  disabled: 'The incubator is not enabled in this community.',
} as const;
