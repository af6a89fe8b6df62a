import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Sharing a contribution, as SelfCommunity's member API does it: `POST /media/` with
 * `{type: "share", shared_object: <contribution id>}` (the SDK names the field `share_object`) answers
 * a media of type `share` the member then attaches to a post. Only shares are created here.
 */
export const mediaPaths = { create: '/media/' } as const;

/** Largest image a member uploads: 5 MB, as the media library's. */
export const MEMBER_IMAGE_MAX_MB = 5;
export const MEMBER_IMAGE_MAX_BYTES = MEMBER_IMAGE_MAX_MB * 1024 * 1024;
export const MEMBER_IMAGE_TITLE_MAX = 300;

export const SHARE_MESSAGES = {
  typeUnsupported: 'Only a media of type share or image can be created.',
  imageRequired: 'Choose an image to upload.',
  imageTooLarge: `The image must be at most ${MEMBER_IMAGE_MAX_MB} MB.`,
  imageFormat: 'Upload a PNG, JPEG, GIF or WebP image.',
  imageTitle: `The image's description can be at most ${MEMBER_IMAGE_TITLE_MAX} characters.`,
  sharedObjectRequired: 'Choose the contribution to share.',
  sharedObjectInvalid: 'This contribution cannot be shared.',
} as const;

export const mediaCreateBodySchema = z.looseObject({
  type: z.string().max(20),
  shared_object: rowIdSchema.optional(),
  share_object: rowIdSchema.optional(),
  /** `type: "image"` (multipart): the file, PNG, JPEG, GIF or WebP, checked by its content. */
  image: z.any().optional().meta({ type: 'string', format: 'binary' }),
  /** `type: "image"`: its description, the image's alternative text. */
  title: z.string().max(MEMBER_IMAGE_TITLE_MAX).optional(),
});
export type MediaCreateBody = z.infer<typeof mediaCreateBodySchema>;

/** SelfCommunity's Media object for a share: the shared contribution is its embed. */
export const shareMediaSchema = z.object({
  id: z.number().int(),
  added_at: z.string(),
  type: z.literal('share'),
  title: z.string(),
  description: z.string(),
  url: z.string().nullable(),
  image: z.string().nullable(),
  image_width: z.number().nullable(),
  image_height: z.number().nullable(),
  order: z.number().int(),
  embed: z.object({
    embed_type: z.literal('sc_shared_object'),
    embed_id: z.string(),
    metadata: z.object({ id: z.number().int(), type: z.string() }),
  }),
});
export type ShareMedia = z.infer<typeof shareMediaSchema>;

/** SelfCommunity's Media object for an uploaded image (`url` and `image` both its address). */
export const imageMediaSchema = z.object({
  id: z.number().int(),
  added_at: z.string(),
  type: z.literal('image'),
  title: z.string(),
  description: z.string(),
  url: z.string(),
  image: z.string(),
  image_width: z.number().int(),
  image_height: z.number().int(),
  image_mimetype: z.string(),
  size: z.number().int(),
  order: z.number().int(),
  embed: z.null(),
});
export type ImageMedia = z.infer<typeof imageMediaSchema>;

/** What `POST /media/` answers: a share or an image. */
export const createdMediaSchema = z.union([shareMediaSchema, imageMediaSchema]);
