import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { contentCommentSchema, feedObjectSchema } from '../member-content/member-content-schemas.ts';
import { memberUserSchema } from '../member-people/member-people-schemas.ts';

/**
 * Members' notifications (issue 18 §2, ADR 0037), in SelfCommunity's shapes (`@selfcommunity/types`:
 * `SCNotificationAggregatedType`, `SCNotificationType` and its typed variants, `SCUserSettingsType`).
 * A notification is derived from its cause's `notification.*` event (ADR 0034): its type is the
 * event's name without `notification.`.
 */
export const MEMBER_NOTIFICATION_PREFIX = 'notification.';

/** SelfCommunity's `SCNotificationType`, with the fields of the typed variants Agora fills. */
export const memberNotificationSchema = z.object({
  sid: z.string().describe('The notification (one per row)'),
  is_new: z.boolean().describe('Not seen yet'),
  type: z.string().describe("SelfCommunity's typology, e.g. comment, nested_comment, vote_up, user_follow"),
  active_at: z.string(),
  comment: contentCommentSchema.optional(),
  post: feedObjectSchema.optional(),
  discussion: feedObjectSchema.optional(),
  status: feedObjectSchema.optional(),
  user: memberUserSchema.optional().describe('Who voted (vote_up), who wrote (custom_notification)'),
  follower: memberUserSchema.optional(),
  request_user: memberUserSchema.optional(),
  accept_user: memberUserSchema.optional(),
  blocked_settings: z
    .object({
      blocked_at: z.string(),
      days_blocked: z.number().int().nullable(),
      expire_at: z.string().nullable(),
    })
    .optional(),
  custom_notification: z
    .object({
      id: z.number().int(),
      type: z.string(),
      title: z.string().optional(),
      description: z.string().optional(),
      embed: z.record(z.string(), z.unknown()).optional(),
    })
    .optional(),
});
export type MemberNotification = z.infer<typeof memberNotificationSchema>;

/** SelfCommunity's `SCNotificationAggregatedType`: a group of notifications about one object. */
export const memberNotificationGroupSchema = z.object({
  sid: z.string(),
  is_new: z.boolean(),
  post: feedObjectSchema.optional(),
  discussion: feedObjectSchema.optional(),
  status: feedObjectSchema.optional(),
  aggregated: z.array(memberNotificationSchema),
});
export type MemberNotificationGroup = z.infer<typeof memberNotificationGroupSchema>;

/** `notification/read/`: the SDK's `markReadNotification(sids)` sends `{sids}`; none marks them all. */
export const notificationReadBodySchema = z
  .object({ sids: z.array(z.string().max(40)).max(500).optional() })
  .nullish();
export const notificationCountSchema = z.object({ count: z.number().int() });

/** `notification/notify/` (admin): SelfCommunity's custom notification to one member or their connections. */
export const customNotificationBodySchema = z.object({
  recipients_type: z.enum(['user', 'connections']).optional(),
  type: z.string().trim().min(1).max(60),
  title: z.string().trim().max(255).optional(),
  description: z.string().trim().max(2000).optional(),
  embed: z.record(z.string(), z.unknown()).optional(),
  user: rowIdSchema,
});
export type CustomNotificationBody = z.infer<typeof customNotificationBodySchema>;

/**
 * SelfCommunity's `SCUserSettingsType` (`user/{id}/settings/`), integers. `qa_frequency` and
 * `email_notification_not_qa` are frequencies of email (0: never); Agora sends a notification email
 * at once whenever `email_notification_not_qa` is not 0, and the one-click unsubscribe sets it to 0.
 */
export const MEMBER_SETTING_NAMES = [
  'qa_frequency',
  'email_notification_not_qa',
  'mobile_notifications_scmty',
  'show_toast_notifications',
  'toast_notifications_emit_sound',
] as const;
export type MemberSettingName = (typeof MEMBER_SETTING_NAMES)[number];
const settingValue = z.coerce.number().int().min(0).max(10_000);
export const memberSettingsSchema = z.object({
  qa_frequency: z.number().int(),
  email_notification_not_qa: z.number().int(),
  mobile_notifications_scmty: z.number().int(),
  show_toast_notifications: z.number().int(),
  toast_notifications_emit_sound: z.number().int(),
});
export type MemberSettings = z.infer<typeof memberSettingsSchema>;
export const memberSettingsPatchSchema = z
  .object({
    qa_frequency: settingValue,
    email_notification_not_qa: settingValue,
    mobile_notifications_scmty: settingValue,
    show_toast_notifications: settingValue,
    toast_notifications_emit_sound: settingValue,
  })
  .partial()
  .strict();
export type MemberSettingsPatch = z.infer<typeof memberSettingsPatchSchema>;
/** What a member has before they change anything: email notifications on, toasts on. */
export const DEFAULT_MEMBER_SETTINGS: MemberSettings = {
  qa_frequency: 1,
  email_notification_not_qa: 1,
  mobile_notifications_scmty: 1,
  show_toast_notifications: 1,
  toast_notifications_emit_sound: 0,
};

/** RFC 8058's one-click body (`List-Unsubscribe=One-Click`, form-encoded). */
export const oneClickUnsubscribeBodySchema = z
  .object({ 'List-Unsubscribe': z.string().max(40).optional() })
  .nullish();

export const memberNotificationPaths = {
  list: '/notification/',
  read: '/notification/read/',
  unseenCount: '/notification/unseen/count/',
  notify: '/notification/notify/',
  settings: '/user/:id/settings/',
  /** Ours (SelfCommunity documents none): the address in `List-Unsubscribe`, no sign-in. */
  unsubscribe: '/notification/unsubscribe/:token/',
} as const;

/** The words a member reads on the unsubscribe page, English and Italian. */
export const NOTIFICATION_UNSUBSCRIBE_TEXTS = {
  en: {
    title: 'Email notifications',
    confirm: 'Stop receiving notification emails from {community}?',
    button: 'Unsubscribe',
    done: 'You will no longer receive notification emails from {community}. You can turn them on again in your settings.',
  },
  it: {
    title: 'Notifiche via email',
    confirm: 'Non vuoi più ricevere email di notifica da {community}?',
    button: 'Annulla iscrizione',
    done: 'Non riceverai più email di notifica da {community}. Puoi riattivarle dalle tue impostazioni.',
  },
} as const;

export const NOTIFICATION_MESSAGES = {
  badUnsubscribeToken: 'This unsubscribe link is not valid.',
  settingsOfOthers: 'Not found: a member reads and changes only their own settings.',
  recipientNotFound: 'No such member in this community.',
} as const;
