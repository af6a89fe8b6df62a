import { z } from 'zod';
import { memberCategorySchema, memberUserSchema } from '../member-people/member-people-schemas.ts';

/**
 * SelfCommunity's status numbers: 0 pending, 1 proposal (open to subscriptions: votable or ready),
 * 2 approved (published), 3 ignored. Hidden proposals are not shown to members.
 */
export const INCUBATOR_MEMBER_STATUS = {
  pending: 0,
  votable: 1,
  ready: 1,
  published: 2,
  ignored: 3,
} as const;

/** SelfCommunity's Incubator object (A16). */
export const memberIncubatorSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    slogan: z.string(),
    status: z.number().int().describe('0 pending, 1 proposal, 2 approved, 3 ignored'),
    approved_category: memberCategorySchema.nullable(),
    added_at: z.string(),
    user: memberUserSchema.nullable(),
    subscribers_count: z.number().int(),
    subscribers_threshold: z.number().int(),
    subscribed: z.boolean(),
  })
  .describe('An incubator proposal');
export type MemberIncubator = z.infer<typeof memberIncubatorSchema>;

export const MEMBER_INCUBATOR_ORDERINGS = [
  'id',
  '-id',
  'name',
  '-name',
  'added_at',
  '-added_at',
  'subscribers_count',
  '-subscribers_count',
] as const;

/** `incubator/` and `incubator/search/`: search in name and slogan, status, ordering (newest first). */
export const memberIncubatorListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().max(200).optional(),
  status: z.coerce.number().int().min(0).max(3).optional(),
  ordering: z.enum(MEMBER_INCUBATOR_ORDERINGS).optional(),
});
export type MemberIncubatorListQuery = z.infer<typeof memberIncubatorListQuerySchema>;

/** `POST incubator/` `{name, slug?, slogan?}` → 201. */
export const memberIncubatorCreateBodySchema = z.object({
  name: z.string().max(1000),
  slug: z.string().max(1000).optional(),
  slogan: z.string().max(1000).optional(),
});
export type MemberIncubatorCreateBody = z.infer<typeof memberIncubatorCreateBodySchema>;

export const incubatorSubscribedSchema = z.object({ subscribed: z.boolean() });
