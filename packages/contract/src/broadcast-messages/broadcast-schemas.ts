import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** Limits of a broadcast message (spec mgmt §3 "Broadcast message", §5, §9). */
export const BROADCAST_NAME_MAX = 100;
export const BROADCAST_TITLE_MAX = 150;
export const BROADCAST_TEXT_MAX = 2000;
/** Advice only, not enforced (spec mgmt §5: "broadcast body up to 180"). */
export const BROADCAST_TEXT_ADVICE = 180;
export const BROADCAST_LINK_TEXT_MAX = 100;
export const BROADCAST_LINK_MAX = 2000;
/** Chosen users of one message. */
export const BROADCAST_USERS_MAX = 5000;
export const BROADCAST_TAGS_MAX = 100;
/** Spec mgmt §9: suggested broadcast image size. */
export const BROADCAST_IMAGE_SUGGESTED = { width: 1920, height: 1280 } as const;
export const BROADCAST_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

export const BROADCAST_STATUSES = ['template', 'scheduled', 'sent'] as const;
export type BroadcastStatus = (typeof BROADCAST_STATUSES)[number];
export const BROADCAST_AUDIENCES = ['all', 'tags', 'users'] as const;
export type BroadcastAudience = (typeof BROADCAST_AUDIENCES)[number];
export const BROADCAST_LINK_TYPES = ['internal', 'external'] as const;
export type BroadcastLinkType = (typeof BROADCAST_LINK_TYPES)[number];

/** The server's messages (spec mgmt §5 and §8 "Broadcast template, send and schedule errors"). */
export const BROADCAST_MESSAGES = {
  required: 'Field required',
  nameTooLong: `Ensure this field has no more than ${BROADCAST_NAME_MAX} characters.`,
  titleTooLong: `Ensure this field has no more than ${BROADCAST_TITLE_MAX} characters.`,
  textTooLong: `Ensure this field has no more than ${BROADCAST_TEXT_MAX} characters.`,
  linkTextTooLong: `Ensure this field has no more than ${BROADCAST_LINK_TEXT_MAX} characters.`,
  invalidInternalLink: 'An internal page is a path of this community, starting with /.',
  invalidExternalLink: 'Enter a valid URL (http or https).',
  linkTextWithoutLink: 'A link text needs a link.',
  invalidImage: 'Upload the image through the broadcast image upload.',
  tagsRequired: 'Choose at least one tag.',
  usersRequired: 'Choose at least one user.',
  unknownTag: 'Some of these tags are not user tags of this community.',
  unknownUser: 'Some of these users are not members of this community.',
  scheduleInPast: 'The schedule date must be in the future.',
  notFound: 'Broadcast message not found',
  alreadySent: 'This message was already sent: edit it as new.',
  notSent: 'Only a sent message can be edited as new.',
  addressingAll: 'Your tags let you send broadcast messages only to holders of some tags.',
  addressingTags: 'Your tags do not let you send broadcast messages to holders of these tags.',
  addressingUsers: 'Your tags do not let you send broadcast messages to some of these users.',
} as const;

/** A broadcast message as the console shows it. */
export const broadcastMessageSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  title: z.string(),
  body_text: z.string(),
  link_text: z.string(),
  link: z.string(),
  link_type: z.enum(BROADCAST_LINK_TYPES),
  open_in_new_tab: z.boolean(),
  image: z.string().nullable(),
  audience: z.enum(BROADCAST_AUDIENCES),
  audience_tags: z.array(z.object({ id: z.number().int(), name: z.string(), color: z.string() })),
  audience_users: z.array(z.object({ id: z.number().int(), username: z.string() })),
  status: z.enum(BROADCAST_STATUSES),
  scheduled_at: z.string().nullable(),
  sent_at: z.string().nullable(),
  sender: z.object({ id: z.number().int(), username: z.string() }).nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BroadcastMessage = z.infer<typeof broadcastMessageSchema>;

export const broadcastListSchema = z.object({
  count: z.number().int(),
  results: z.array(broadcastMessageSchema),
});
export type BroadcastList = z.infer<typeof broadcastListSchema>;

export const broadcastListQuerySchema = z.object({
  status: z.enum(BROADCAST_STATUSES),
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
  offset: z.coerce.number().int().min(0).max(1_000_000).optional(),
});
export type BroadcastListQuery = z.infer<typeof broadcastListQuerySchema>;

/**
 * `broadcast_messages/save/` and `…/{id}/update/` (every field optional on update). Loose on purpose:
 * the service answers each bad field with its message on that field (`checkBroadcastInput`).
 */
export const broadcastWriteBodySchema = z.object({
  name: z.string().max(10_000).optional(),
  title: z.string().max(10_000).optional(),
  body_text: z.string().max(100_000).optional(),
  link_text: z.string().max(10_000).optional(),
  link: z.string().max(10_000).optional(),
  link_type: z.enum(BROADCAST_LINK_TYPES).optional(),
  open_in_new_tab: z.boolean().optional(),
  image: z.string().max(10_000).nullable().optional(),
  audience: z.enum(BROADCAST_AUDIENCES).optional(),
  audience_tags: z.array(rowIdSchema).max(BROADCAST_TAGS_MAX).optional(),
  audience_users: z.array(rowIdSchema).max(BROADCAST_USERS_MAX).optional(),
});
export type BroadcastWriteBody = z.infer<typeof broadcastWriteBodySchema>;

export const broadcastScheduleBodySchema = z.object({
  scheduled_at: z.iso.datetime({ offset: true }).describe('When to send it (ISO 8601, in the future)'),
});
export type BroadcastScheduleBody = z.infer<typeof broadcastScheduleBodySchema>;

export const broadcastAudienceCountSchema = z.object({ count: z.number().int() });
export const broadcastDeleteResultSchema = z.object({ deleted: z.number().int() });
export const broadcastImageResultSchema = z.object({ url: z.string() });

/** The audience pickers: user tags and members by name (the dialog's choices). */
export const broadcastPickQuerySchema = z.object({ search: z.string().max(200).optional() });
export const broadcastTagChoicesSchema = z.array(
  z.object({ id: z.number().int(), name: z.string(), color: z.string() }),
);
export const broadcastUserChoicesSchema = z.array(z.object({ id: z.number().int(), username: z.string() }));
export type BroadcastTagChoice = z.infer<typeof broadcastTagChoicesSchema>[number];
export type BroadcastUserChoice = z.infer<typeof broadcastUserChoicesSchema>[number];

export const broadcastPaths = {
  tagChoices: '/platform/api/v1/broadcast_messages/recipients/tags/',
  userChoices: '/platform/api/v1/broadcast_messages/recipients/users/',
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/broadcast_messages/',
  save: '/platform/api/v1/broadcast_messages/save/',
  image: '/platform/api/v1/broadcast_messages/image/',
  get: '/platform/api/v1/broadcast_messages/:id/',
  update: '/platform/api/v1/broadcast_messages/:id/update/',
  remove: '/platform/api/v1/broadcast_messages/:id/delete/',
  send: '/platform/api/v1/broadcast_messages/:id/send/',
  schedule: '/platform/api/v1/broadcast_messages/:id/schedule/',
  copy: '/platform/api/v1/broadcast_messages/:id/copy/',
  audience: '/platform/api/v1/broadcast_messages/:id/audience/',
} as const;
