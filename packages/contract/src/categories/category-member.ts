import { z } from 'zod';
import { feedObjectSchema } from '../member-content/member-content-schemas.ts';
import { rowIdSchema } from '../row-id.ts';

/**
 * Member API of categories (SelfCommunity's paths, relative to `/c/{slug}/api/v2`); the Category
 * object is the member-people contract's `memberCategorySchema`.
 */
export const categoryMemberPaths = {
  list: '/category/',
  search: '/category/search/',
  followed: '/category/followed/',
  popular: '/category/popular/',
  one: '/category/:id/',
  follow: '/category/:id/follow/',
  isFollowed: '/category/:id/is_followed/',
  followers: '/category/:id/followers/',
  audience: '/category/:id/audience/',
  feed: '/category/:id/feed/',
  /** The category's contents by relevance (votes, comments and recency; ADR 0022). */
  trendingFeed: '/category/:id/feed/trending/',
  /** Its followers who published most in it over the last 30 days first, then the newest. */
  trendingFollowers: '/category/:id/followers/trending/',
  /** Enabled categories the caller does not follow, most followed first. */
  suggestion: '/suggestion/category/',
  /** The enabled categories a member follows (`mutual`: only those another member follows too). */
  userCategories: '/user/:id/categories/',
} as const;

/** `user/{id}/categories/?mutual=…`: only the categories this other member follows too. */
export const userCategoriesQuerySchema = z.object({
  mutual: rowIdSchema.optional(),
});

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]);

/** `category/` and `category/search/`: `active` and `deleted` filters work for admins only. */
export const memberCategoryListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(1000).optional(),
  offset: z.coerce.number().int().min(0).default(0),
  search: z.string().optional(),
  active: boolish.optional(),
  deleted: boolish.optional(),
  /** Only the categories the caller may create contents in (staff-only ones are left out for members). */
  can_create_content: boolish.optional(),
});
export type MemberCategoryListQuery = z.infer<typeof memberCategoryListQuerySchema>;

/**
 * `POST category/`, `PUT` and `PATCH category/{id}/` (admins). SelfCommunity's names: `name`,
 * `auto_follow` none/default/forced (default is the console's preselection), `emotional_image_position`
 * as a CSS percentage (0 top, 50 middle, 100 bottom); images are uploaded in the console.
 */
export const memberCategoryWriteBodySchema = z.object({
  name: z.string().optional(),
  name_synonyms: z.string().optional(),
  slug: z.string().optional(),
  slogan: z.string().optional(),
  seo_title: z.string().optional(),
  seo_description: z.string().optional(),
  auto_follow: z.string().optional(),
  content_only_staff: boolish.optional(),
  active: boolish.optional(),
  stream_order_by: z.string().optional(),
  emotional_image_position: z.coerce.number().int().min(0).max(100).optional(),
  order: z.coerce.number().int().min(1).optional(),
});
export type MemberCategoryWriteBody = z.infer<typeof memberCategoryWriteBodySchema>;

export const categoryFollowedStatusSchema = z.object({ is_followed: z.boolean() });

/** `category/{id}/audience/`: who a content in the category reaches. */
export const categoryAudienceSchema = z.object({
  category_audience: z.number().int().describe('Members who follow the category'),
  connections_audience: z
    .number()
    .int()
    .describe('Of them, the people the caller follows or is connected with'),
});

/** One unit of a feed: `{type, <type>: FeedObject, seen_by_id, has_boost}`. */
export const feedUnitSchema = z
  .object({
    type: z.enum(['discussion', 'post', 'status']),
    discussion: feedObjectSchema.optional(),
    post: feedObjectSchema.optional(),
    status: feedObjectSchema.optional(),
    seen_by_id: z.array(z.number().int()),
    has_boost: z.boolean(),
  })
  .describe('A feed unit');
export type FeedUnit = z.infer<typeof feedUnitSchema>;
