import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Sharing a contribution, as SelfCommunity's member API does it: `POST /media/` with
 * `{type: "share", shared_object: <contribution id>}` (the SDK names the field `share_object`) answers
 * a media of type `share` the member then attaches to a post. Only shares are created here.
 */
export const mediaPaths = { create: '/media/' } as const;

export const SHARE_MESSAGES = {
  typeUnsupported: 'Only a media of type share can be created.',
  sharedObjectRequired: 'Choose the contribution to share.',
  sharedObjectInvalid: 'This contribution cannot be shared.',
} as const;

export const mediaCreateBodySchema = z.looseObject({
  type: z.string().max(20),
  shared_object: rowIdSchema.optional(),
  share_object: rowIdSchema.optional(),
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
