import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** SelfCommunity's banner (`SCBannerType`): a notification banner made from a broadcast message. */
export const memberBannerSchema = z.object({
  type_banner: z.enum(['html_banner', 'notification_banner']),
  title: z.string(),
  body_text: z.string(),
  link_text: z.string(),
  link: z.string(),
  image: z.string().nullable(),
  open_in_new_tab: z.boolean(),
  added_at: z.string(),
});

/** SelfCommunity's broadcast message (`SCBroadcastMessageType`) in `notification/banner/`. */
export const memberBroadcastSchema = z.object({
  id: z.number().int(),
  banner: memberBannerSchema,
  added_at: z.string(),
  disposed_at: z.string().nullable(),
  viewed_at: z.string().nullable(),
});
export type MemberBroadcast = z.infer<typeof memberBroadcastSchema>;

/** `notification/banner/read/` and `…/dispose/` (SDK `markReadBroadcastMessages(banner_ids)`). */
export const bannerIdsBodySchema = z.object({ banner_ids: z.array(rowIdSchema).min(1).max(100) });
export const bannerCountSchema = z.object({ count: z.number().int() });

/** The W3C PushSubscription's JSON (`subscription.toJSON()`), registered by a member's browser. */
export const pushSubscriptionBodySchema = z.object({
  endpoint: z.string().max(2000),
  keys: z.object({ p256dh: z.string().max(200), auth: z.string().max(100) }),
});
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBodySchema>;
export const pushSubscriptionSchema = z.object({
  id: z.number().int(),
  endpoint: z.string(),
  created_at: z.string(),
});
export const pushPublicKeySchema = z.object({
  public_key: z.string().describe("The community's VAPID public key (applicationServerKey)"),
});

/** What a push message carries (JSON, encrypted aes128gcm for the subscription). */
export interface BroadcastPushPayload {
  type: 'notification_banner';
  id: number;
  title: string;
  body: string;
  link: string;
  open_in_new_tab: boolean;
  image: string | null;
}

export const memberBannerPaths = {
  list: '/notification/banner/',
  read: '/notification/banner/read/',
  dispose: '/notification/banner/dispose/',
  unseenCount: '/notification/banner/unseen/count/',
  undisposedCount: '/notification/banner/undisposed/count/',
  pushKey: '/notification/push/public_key/',
  pushSubscription: '/notification/push/subscription/',
  pushSubscriptionRemove: '/notification/push/subscription/:id/',
} as const;
