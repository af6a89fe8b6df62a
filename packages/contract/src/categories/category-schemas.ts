import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** Vertical position of the category image (spec mgmt §3: top, middle, bottom). */
export const CATEGORY_IMAGE_POSITIONS = ['top', 'middle', 'bottom'] as const;
export const categoryImagePositionSchema = z.enum(CATEGORY_IMAGE_POSITIONS);
export type CategoryImagePosition = z.infer<typeof categoryImagePositionSchema>;

/**
 * Auto-follow (spec mgmt §3): none; preselection (preselected at sign-up); forced (every member
 * follows it and cannot unfollow). SelfCommunity calls preselection "default" (member API).
 */
export const CATEGORY_AUTO_FOLLOW = ['none', 'preselection', 'forced'] as const;
export const categoryAutoFollowSchema = z.enum(CATEGORY_AUTO_FOLLOW);
export type CategoryAutoFollow = z.infer<typeof categoryAutoFollowSchema>;

/** Content sorting of the category feed (SelfCommunity's `stream_order_by`). */
export const CATEGORY_CONTENT_SORTING = ['recent', 'last_activity', 'relevance'] as const;
export const categoryContentSortingSchema = z.enum(CATEGORY_CONTENT_SORTING);
export type CategoryContentSorting = z.infer<typeof categoryContentSortingSchema>;

/** The two images of a category: the wide image (1920×1280) and the thumbnail (600×600). */
export const CATEGORY_IMAGE_KINDS = ['image', 'thumbnail'] as const;
export const categoryImageKindSchema = z.enum(CATEGORY_IMAGE_KINDS);
export type CategoryImageKind = z.infer<typeof categoryImageKindSchema>;

/** Limits of spec mgmt §9 and the SEO advice counters of issue 13 §1. */
export const CATEGORY_TITLE_MAX = 100;
export const CATEGORY_SLUG_MAX = 100;
export const CATEGORY_SLOGAN_MAX = 300;
export const CATEGORY_SEO_TITLE_ADVICE = 70;
export const CATEGORY_SEO_DESCRIPTION_ADVICE = 150;
export const CATEGORY_SEO_TITLE_MAX = 255;
export const CATEGORY_SEO_DESCRIPTION_MAX = 1000;
export const CATEGORY_SYNONYMS_MAX = 1000;
/** Suggested sizes (spec mgmt §9). */
export const CATEGORY_IMAGE_SUGGESTED = {
  image: { width: 1920, height: 1280 },
  thumbnail: { width: 600, height: 600 },
} as const;
/** Largest accepted upload, in MB. */
export const CATEGORY_IMAGE_MAX_MB = 5;

/** A category as the console sees it. */
export const categorySchema = z.object({
  id: z.number().int(),
  name: z.string().describe('Title'),
  name_synonyms: z.string().describe('Synonyms, one a line'),
  slug: z.string().describe('Permalink, unique in the community'),
  slogan: z.string(),
  seo_title: z.string(),
  seo_description: z.string(),
  image_url: z.string().nullable(),
  image_position: categoryImagePositionSchema,
  thumbnail_url: z.string().nullable(),
  auto_follow: categoryAutoFollowSchema,
  active: z.boolean().describe('Enabled: members see it'),
  order: z.number().int(),
  content_only_staff: z.boolean().describe('Only staff may create contents in it'),
  stream_order_by: categoryContentSortingSchema,
  created_at: z.string(),
  updated_at: z.string(),
  contents_count: z.number().int().describe('Contents (not deleted) in the category'),
  followers_count: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const categoryListSchema = z.object({
  count: z.number().int(),
  results: z.array(categorySchema),
});
export type CategoryList = z.infer<typeof categoryListSchema>;

const boolish = z.union([z.boolean(), z.enum(['true', 'false', '1', '0'])]);

/** `list_all/`: every category of the community in its manual order (then by id). */
export const categoryListQuerySchema = z.object({
  search: z.string().optional(),
  active: boolish.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

/** `add/` and `{id}/update/` (every field optional on update). Checked by `checkCategoryInput`. */
export const categoryWriteBodySchema = z.object({
  name: z.string().optional(),
  name_synonyms: z.string().optional(),
  slug: z.string().optional().describe('Empty or absent: derived from the title'),
  slogan: z.string().optional(),
  seo_title: z.string().optional(),
  seo_description: z.string().optional(),
  image_position: z.string().optional(),
  auto_follow: z.string().optional(),
  active: z.boolean().optional(),
  content_only_staff: z.boolean().optional(),
  stream_order_by: z.string().optional(),
});
export type CategoryWriteBody = z.infer<typeof categoryWriteBodySchema>;

/** `order_all/`: the ids of the community's categories in their new order (first is order 1). */
export const categoryOrderBodySchema = z.object({ ids: z.array(rowIdSchema).min(1) });
export type CategoryOrderBody = z.infer<typeof categoryOrderBodySchema>;

/** `GET {id}/delete/`: what deleting would do (the console asks before). */
export const categoryDeletePreviewSchema = z.object({
  id: z.number().int(),
  contents_count: z.number().int(),
  /** True when the category holds contents: a `move_to` category is then required. */
  needs_target: z.boolean(),
});
export type CategoryDeletePreview = z.infer<typeof categoryDeletePreviewSchema>;

/** `POST {id}/delete/`: with contents, `move_to` names the category that receives them. */
export const categoryDeleteBodySchema = z.object({
  move_to: rowIdSchema.nullable().optional(),
});
export type CategoryDeleteBody = z.infer<typeof categoryDeleteBodySchema>;

export const categoryDeleteResultSchema = z.object({
  deleted: z.literal(true),
  moved_contents: z.number().int(),
  moved_to: z.number().int().nullable(),
});
export type CategoryDeleteResult = z.infer<typeof categoryDeleteResultSchema>;

/** `name/{name}/`: whether a title is taken, and the permalink it derives to. */
export const categoryNameLookupSchema = z.object({
  name: z.string(),
  exists: z.boolean(),
  id: z.number().int().nullable().describe('The category with this title, if any'),
  slug: z.string().describe('Permalink derived from the title'),
  slug_taken: z.boolean().describe('Another category already has this permalink'),
});
export type CategoryNameLookup = z.infer<typeof categoryNameLookupSchema>;

/** `{id}/image/?kind=image|thumbnail` (multipart, field `file`). */
export const categoryImageQuerySchema = z.object({ kind: categoryImageKindSchema });
export type CategoryImageQuery = z.infer<typeof categoryImageQuerySchema>;

/** `{id}/image/` upload body (multipart): the file field `file`. */
export const categoryImageBodySchema = z.object({
  file: z
    .any()
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'The image (PNG, JPEG, GIF, WebP)' }),
});
