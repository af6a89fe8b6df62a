import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * The loyalty program (spec mgmt §2 tabs configure and manage, §3 objects, §4 confirmations, §5
 * rules; feature flag `loyalty`). Members earn points for their activity, spend them on prizes by
 * asking for one (a prize request), and staff accept or refuse each request; a refused request gives
 * its points back.
 */

/** The actions that earn points (spec mgmt §3), as the console names them. */
export const LOYALTY_ACTIONS = [
  'article',
  'post',
  'comment',
  'vote',
  'connection',
  'follower',
  'social_share',
  'app',
  'visits',
] as const;
export const loyaltyActionSchema = z.enum(LOYALTY_ACTIONS);
export type LoyaltyAction = z.infer<typeof loyaltyActionSchema>;

export const LOYALTY_POINTS_MAX = 10_000;
export const PRIZE_POINTS_MAX = 10_000_000;
export const PRIZE_TITLE_MAX = 200;
export const PRIZE_DESCRIPTION_MAX = 2000;
export const PRIZE_LINK_MAX = 2000;
/** Largest prize image: 5 MB (suggested 1920×1280, spec mgmt §10). */
export const PRIZE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const LOYALTY_PAGE_SIZE = 20;

export const PRIZE_REQUEST_STATUSES = ['pending', 'accepted', 'refused'] as const;
export const prizeRequestStatusSchema = z.enum(PRIZE_REQUEST_STATUSES);
export type PrizeRequestStatus = z.infer<typeof prizeRequestStatusSchema>;

export const LoyaltyErrorCode = {
  /** The member's balance does not cover the prize. */
  notEnoughPoints: 'not_enough_points',
  /** The request was already accepted or refused. */
  requestDecided: 'prize_request_decided',
} as const;

export const LOYALTY_MESSAGES = {
  points: `Insert a whole number of points from 0 to ${LOYALTY_POINTS_MAX}.`,
  title: `Insert a valid title (1 to ${PRIZE_TITLE_MAX} characters).`,
  prizePoints: `Insert the points the prize costs (1 to ${PRIZE_POINTS_MAX}).`,
  description: `Insert a description (1 to ${PRIZE_DESCRIPTION_MAX} characters).`,
  link: 'Insert a valid link (http or https).',
  image: 'Upload a PNG, JPG, GIF or WebP image.',
  imageRequired: 'A prize needs an image.',
  imageTooLarge: 'The image must be at most 5 MB.',
  prizeNotFound: 'This prize is not found.',
  prizeUnavailable: 'This prize is not available.',
  requestNotFound: 'This prize request is not found.',
  notEnoughPoints: 'You do not have enough points for this prize.',
  requestDecided: 'This prize request was already accepted or refused.',
  exportEmpty: 'Select at least one request to export.',
  prizeUpdateError: 'Error in updating the prize.',
  requestUpdateError: 'Error in updating the request status.',
} as const;

export const loyaltyConfigSchema = z.object({
  points: z.record(loyaltyActionSchema, z.number().int()),
});
export type LoyaltyConfig = { points: Record<LoyaltyAction, number> };

export const loyaltyConfigBodySchema = z.object({
  points: z.record(z.string().max(100), z.unknown()),
});
export type LoyaltyConfigBody = z.infer<typeof loyaltyConfigBodySchema>;

const person = z.object({ id: z.number().int(), username: z.string() });

/** A prize as the console lists it. */
export const prizeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  points: z.number().int(),
  link: z.string(),
  description: z.string(),
  image: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  created_by: person.nullable(),
});
export type Prize = z.infer<typeof prizeSchema>;
export const prizeListSchema = z.object({ count: z.number().int(), results: z.array(prizeSchema) });
export type PrizeList = z.infer<typeof prizeListSchema>;

export const loyaltyListQuerySchema = z.object({
  status: prizeRequestStatusSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(LOYALTY_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type LoyaltyListQuery = z.input<typeof loyaltyListQuerySchema>;

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');
const imageField = z
  .any()
  .optional()
  .meta({ type: 'string', format: 'binary', description: 'The image (PNG, JPG, GIF or WebP, at most 5 MB)' });

/** Adding a prize (multipart: title, points, link, description, active, image). */
export const prizeWriteBodySchema = z.object({
  title: z.string().max(10_000).optional(),
  points: z.union([z.number(), z.string().max(30)]).optional(),
  link: z.string().max(10_000).optional(),
  description: z.string().max(100_000).optional(),
  active: booleanField.optional(),
  image: imageField,
});
export type PrizeWriteBody = z.infer<typeof prizeWriteBodySchema>;

/** A prize request as the console lists it. */
export const prizeRequestSchema = z.object({
  id: z.number().int(),
  user: person,
  prize: z.object({ id: z.number().int(), title: z.string() }),
  prize_points: z.number().int(),
  created_at: z.string(),
  status: prizeRequestStatusSchema,
  decided_at: z.string().nullable(),
  decided_by: person.nullable(),
});
export type PrizeRequest = z.infer<typeof prizeRequestSchema>;
export const prizeRequestListSchema = z.object({
  count: z.number().int(),
  results: z.array(prizeRequestSchema),
});
export type PrizeRequestList = z.infer<typeof prizeRequestListSchema>;

export const prizeRequestStatusBodySchema = z.object({ status: z.enum(['accepted', 'refused']) });
export type PrizeRequestStatusBody = z.infer<typeof prizeRequestStatusBodySchema>;

export const prizeRequestExportBodySchema = z.object({ ids: z.array(rowIdSchema).max(1000) });
export type PrizeRequestExportBody = z.infer<typeof prizeRequestExportBodySchema>;

export const loyaltyIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

/** SelfCommunity's prize (member API). */
export const memberPrizeSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  title: z.string(),
  description: z.string(),
  points: z.number().int(),
  link: z.string(),
  image: z.string(),
  created_at: z.string(),
  lastmod_datetime: z.string(),
  created_by: person.nullable(),
});
export type MemberPrize = z.infer<typeof memberPrizeSchema>;

/** SelfCommunity's status of a prize request: 0 pending, 1 refused, 2 sent (accepted). */
export const MEMBER_REQUEST_STATUS: Record<PrizeRequestStatus, number> = {
  pending: 0,
  refused: 1,
  accepted: 2,
};

/** SelfCommunity's prize request (PrizeUser). */
export const memberPrizeRequestSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  prize: memberPrizeSchema,
  prize_points: z.number().int(),
  pending_at: z.string(),
  status: z.number().int(),
  status_description: z.string(),
});
export type MemberPrizeRequest = z.infer<typeof memberPrizeRequestSchema>;

export const memberPrizeRequestBodySchema = z.looseObject({ prize: rowIdSchema });
export const memberLoyaltyPointsSchema = z.object({ points: z.number().int() });

export const loyaltyPaths = {
  /** Console, relative to a stack's internal_url. */
  config: '/platform/api/v1/loyalty/config/',
  configUpdate: '/platform/api/v1/loyalty/config/update/',
  prizes: '/platform/api/v1/loyalty/prizes/',
  prizeAdd: '/platform/api/v1/loyalty/prizes/add/',
  prizeUpdate: '/platform/api/v1/loyalty/prizes/:id/update/',
  requests: '/platform/api/v1/loyalty/requests/',
  requestStatus: '/platform/api/v1/loyalty/requests/:id/status/',
  requestsExport: '/platform/api/v1/loyalty/requests/export/',
  /** Public prize images, relative to a stack's internal_url. */
  image: '/loyalty/images/:hash/:file',
  /** Member API, relative to `/c/{slug}/api/v2`. */
  memberPoints: '/user/:id/loyalty/points/',
  memberPrizes: '/loyalty/prize/',
  memberPrize: '/loyalty/prize/:id/',
  memberRequests: '/loyalty/request/',
  memberRequest: '/loyalty/request/:id/',
} as const;
