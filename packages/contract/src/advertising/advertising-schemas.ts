import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Advertising (spec mgmt §2 tabs AdSense and Custom advertising, §3 objects, §4 one system active at a
 * time, §5 custom ad rules, §6 AdSense needs a custom domain, §9 the eight positions; feature flag
 * `advertising`). Members read custom ads through SelfCommunity's `custom_adv/` endpoints.
 */

/**
 * The eight positions (mgmt §9: below topbar, below the post, in post comments, related posts column,
 * widget column, in feed, above the feed — and above a category's feed), with SelfCommunity's codes
 * (`SCCustomAdvPosition`).
 */
export const AD_POSITIONS = [
  'BELOW_TOPBAR',
  'BELOW_THE_POST',
  'IN_POST_COMMENTS',
  'RELATED_POSTS_COLUMN',
  'TOOLS_COLUMN',
  'IN_STREAM',
  'ABOVE_THE_STREAM',
  'ABOVE_THE_STREAM_CATEGORY',
] as const;
export const adPositionSchema = z.enum(AD_POSITIONS);
export type AdPosition = z.infer<typeof adPositionSchema>;

/** The advertising system in use: at most one at a time (mgmt §4). */
export const ADVERTISING_SYSTEMS = ['none', 'adsense', 'custom'] as const;
export const advertisingSystemSchema = z.enum(ADVERTISING_SYSTEMS);
export type AdvertisingSystem = z.infer<typeof advertisingSystemSchema>;

/** AdSense audience: not-logged users only, or all users. */
export const ADSENSE_AUDIENCES = ['anonymous', 'all'] as const;
/** AdSense system: auto ads, or manual ad units placed at the positions. */
export const ADSENSE_MODES = ['auto', 'manual'] as const;

/** The dynamic preference holding the AdSense ad unit code of each position (section advertising). */
export const ADSENSE_CODE_PREFERENCE: Record<AdPosition, string> = {
  BELOW_TOPBAR: 'ads_below_topbar_code',
  BELOW_THE_POST: 'ads_below_the_post_code',
  IN_POST_COMMENTS: 'ads_in_post_comments_code',
  RELATED_POSTS_COLUMN: 'ads_related_posts_column_code',
  TOOLS_COLUMN: 'ads_tools_column_code',
  IN_STREAM: 'ads_in_stream_code',
  ABOVE_THE_STREAM: 'ads_above_the_stream_code',
  ABOVE_THE_STREAM_CATEGORY: 'ads_above_the_stream_category_code',
};

export const AD_TITLE_MAX = 255;
export const AD_LINK_MAX = 2000;
export const AD_EMBED_CODE_MAX = 20_000;
export const ADSENSE_CODE_MAX = 20_000;
export const ADSENSE_VERIFICATION_MAX = 2000;
/** Largest custom ad image: 1 MB (mgmt §5). */
export const AD_IMAGE_MAX_BYTES = 1024 * 1024;
export const AD_PAGE_SIZE = 20;

export const AdvertisingErrorCode = {
  /** AdSense was asked for while the community has no custom domain (mgmt §6). */
  adsenseNeedsDomain: 'adsense_needs_domain',
} as const;

/** The spec's messages (mgmt §5, §6, §8; core's "an AdSense verification code is required"). */
export const ADVERTISING_MESSAGES = {
  title: `Insert a valid title (1 to ${AD_TITLE_MAX} characters).`,
  link: 'Insert a valid link (http or https).',
  code: 'Insert a valid image or embed code.',
  embedTooLong: `The embed code must be at most ${AD_EMBED_CODE_MAX} characters.`,
  image: 'Upload a PNG, JPG, GIF or WebP image.',
  imageTooLarge: 'The image must be at most 1 MB.',
  category: 'Choose a category of this community, or all categories.',
  position: 'Choose one of the eight positions.',
  verificationRequired: 'An AdSense verification code is required.',
  adsenseNeedsDomain: 'Custom ads from AdSense need a custom domain.',
  adNotFound: 'This ad is not found.',
  updateError: 'Error updating ad settings',
} as const;

const person = z.object({ id: z.number().int(), username: z.string() });

export const adsenseSettingsSchema = z.object({
  verification_code: z.string(),
  audience: z.enum(ADSENSE_AUDIENCES),
  mode: z.enum(ADSENSE_MODES),
  codes: z.record(adPositionSchema, z.string()),
});
export type AdsenseSettings = z.infer<typeof adsenseSettingsSchema>;

/** The advertising screen: which system is active, AdSense's settings, custom ads' audience. */
export const advertisingSettingsSchema = z.object({
  system: advertisingSystemSchema,
  adsense: adsenseSettingsSchema,
  custom: z.object({ only_for_anonymous: z.boolean() }),
  /** The community's custom domain (AdSense needs one), or null. */
  custom_domain: z.string().nullable(),
});
export type AdvertisingSettings = z.infer<typeof advertisingSettingsSchema>;

/** Changing the settings: any part; `system` switches the active one (the other is turned off). */
export const advertisingSettingsBodySchema = z.object({
  system: advertisingSystemSchema.optional(),
  adsense: z
    .object({
      verification_code: z.string().max(100_000).optional(),
      audience: z.enum(ADSENSE_AUDIENCES).optional(),
      mode: z.enum(ADSENSE_MODES).optional(),
      codes: z.partialRecord(adPositionSchema, z.string().max(100_000)).optional(),
    })
    .optional(),
  custom: z.object({ only_for_anonymous: z.boolean().optional() }).optional(),
});
export type AdvertisingSettingsBody = z.infer<typeof advertisingSettingsBodySchema>;

/** A custom ad as the console lists it (mgmt §3). */
export const customAdSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string(),
  image: z.string(),
  embed_code: z.string(),
  category: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  position: adPositionSchema,
  active: z.boolean(),
  created_at: z.string(),
  created_by: person.nullable(),
});
export type CustomAd = z.infer<typeof customAdSchema>;
export const customAdListSchema = z.object({ count: z.number().int(), results: z.array(customAdSchema) });
export type CustomAdList = z.infer<typeof customAdListSchema>;

export const customAdListQuerySchema = z.object({
  position: adPositionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(AD_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type CustomAdListQuery = z.input<typeof customAdListQuerySchema>;

const booleanField = z
  .union([z.boolean(), z.enum(['true', 'false'])])
  .transform((v) => v === true || v === 'true');

/**
 * Adding or changing a custom ad (multipart or JSON): title, link, an image upload or an embed code,
 * category (an id, or empty for all categories), position, active. `remove_image` drops the stored image.
 */
export const customAdWriteBodySchema = z.object({
  title: z.string().max(10_000).optional(),
  link: z.string().max(10_000).optional(),
  embed_code: z.string().max(200_000).optional(),
  category: z.union([z.number(), z.string().max(30), z.null()]).optional(),
  position: z.string().max(100).optional(),
  active: booleanField.optional(),
  remove_image: booleanField.optional(),
  image: z.any().optional().meta({
    type: 'string',
    format: 'binary',
    description: 'The image (PNG, JPG, GIF or WebP, at most 1 MB)',
  }),
});
export type CustomAdWriteBody = z.infer<typeof customAdWriteBodySchema>;

export const customAdIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });
export const customAdDeleteResultSchema = z.object({ id: z.number().int(), deleted: z.literal(true) });

/** SelfCommunity's custom adv object (member API). */
export const memberCustomAdSchema = z.object({
  id: z.number().int(),
  position: adPositionSchema,
  title: z.string().nullable(),
  link: z.string().nullable(),
  image: z.string().nullable(),
  embed_code: z.string().nullable(),
  active: z.boolean(),
  created_at: z.string(),
  lastmod_datetime: z.string(),
  category: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
});
export type MemberCustomAd = z.infer<typeof memberCustomAdSchema>;

export const advertisingPaths = {
  /** Console, relative to a stack's internal_url. */
  settings: '/platform/api/v1/advertising/settings/',
  settingsUpdate: '/platform/api/v1/advertising/settings/update/',
  ads: '/platform/api/v1/advertising/custom_ads/',
  adAdd: '/platform/api/v1/advertising/custom_ads/add/',
  adUpdate: '/platform/api/v1/advertising/custom_ads/:id/update/',
  adDelete: '/platform/api/v1/advertising/custom_ads/:id/delete/',
  /** Public ad images, relative to a stack's internal_url. */
  image: '/advertising/images/:hash/:file',
  /** Member API, relative to `/c/{slug}/api/v2`. */
  memberList: '/custom_adv/',
  memberSearch: '/custom_adv/search/',
  memberOne: '/custom_adv/:id/',
} as const;
