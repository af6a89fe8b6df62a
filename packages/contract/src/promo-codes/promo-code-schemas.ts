import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Promo codes (spec mgmt §2 "Table and dialog", §3: name, code, tags, valid from, valid to, created at
 * and by). A member who signs up with a code valid at that moment gets its tags (SelfCommunity's
 * `promo_code` on `account/create/`); the code is read publicly at `promo_code/{id or code}/`.
 */

export const PROMO_CODE_NAME_MAX = 100;
export const PROMO_CODE_CODE_MAX = 50;
/** Letters, digits, dash and underscore: a code is typed by people and put in links. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]+$/;

export const PROMO_CODE_MESSAGES = {
  name: `Insert a name (1 to ${PROMO_CODE_NAME_MAX} characters).`,
  code: `Insert a code of 1 to ${PROMO_CODE_CODE_MAX} letters, digits, dashes or underscores.`,
  unique: 'This field must be unique',
  tags: 'Choose existing user tags.',
  validFrom: 'Insert a valid start date.',
  validTo: 'Insert a valid end date.',
  order: 'The end date must be after the start date.',
  notFound: 'This promo code is not found.',
  updateError: 'Error in updating the promo code.',
  /** Sign-up with a code. */
  unknown: 'This promo code does not exist.',
  expired: 'This promo code has expired.',
  notYetValid: 'This promo code is not valid yet.',
} as const;

export const promoCodeTagSchema = z.object({ id: z.number().int(), name: z.string(), color: z.string() });

/** A promo code as the console lists it. */
export const promoCodeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  tags: z.array(promoCodeTagSchema),
  valid_from: z.string(),
  valid_to: z.string(),
  is_valid_now: z.boolean(),
  created_at: z.string(),
  created_by: z.object({ id: z.number().int(), username: z.string() }).nullable(),
});
export type PromoCode = z.infer<typeof promoCodeSchema>;

export const promoCodeListSchema = z.object({ count: z.number().int(), results: z.array(promoCodeSchema) });
export type PromoCodeList = z.infer<typeof promoCodeListSchema>;

export const PROMO_CODE_PAGE_SIZE = 20;
export const promoCodeListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PROMO_CODE_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type PromoCodeListQuery = z.input<typeof promoCodeListQuerySchema>;

/** Adding or changing a promo code (JSON); dates are ISO date-times or YYYY-MM-DD. */
export const promoCodeWriteBodySchema = z.object({
  name: z.string().max(10_000).optional(),
  code: z.string().max(10_000).optional(),
  tags: z.array(rowIdSchema).max(500).optional(),
  valid_from: z.string().max(100).optional(),
  valid_to: z.string().max(100).optional(),
});
export type PromoCodeWriteBody = z.infer<typeof promoCodeWriteBodySchema>;

export const promoCodeIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

/** SelfCommunity's promo code (member API, public). */
export const memberPromoCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  is_valid_now: z.boolean(),
  valid_from: z.string(),
  valid_to: z.string(),
});
export type MemberPromoCode = z.infer<typeof memberPromoCodeSchema>;

export const promoCodePaths = {
  /** Console, relative to a stack's internal_url. */
  list: '/platform/api/v1/promo_codes/',
  add: '/platform/api/v1/promo_codes/add/',
  update: '/platform/api/v1/promo_codes/:id/update/',
  delete: '/platform/api/v1/promo_codes/:id/delete/',
  /** Member API, relative to `/c/{slug}/api/v2`. */
  memberDetail: '/promo_code/:code/',
} as const;
