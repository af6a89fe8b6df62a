/**
 * The emails the product sends, each rendered from a template of the email manager (ADR 0023). A key
 * names the email; its variables are what its template may use (`vars`), besides the ones every
 * template has (`community_name`). Values reach the template HTML-escaped; a template holds no logic
 * beyond mustache's sections over these plain values.
 */
import type { StaffRole } from '../stacks/stack-schemas.ts';

export const EMAIL_TEMPLATE_TYPES = ['system', 'invite', 'data_provisioning'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const EMAIL_LOCALES = ['en', 'it'] as const;
export type EmailLocale = (typeof EMAIL_LOCALES)[number];

/** A language an email can be written in, from a language tag ('it', 'it-IT', 'en_GB'); null otherwise. */
export function emailLanguageOf(value: unknown): EmailLocale | null {
  if (typeof value !== 'string') return null;
  const primary = value.trim().toLowerCase().split(/[-_]/)[0];
  return (EMAIL_LOCALES as readonly string[]).includes(primary ?? '') ? (primary as EmailLocale) : null;
}

/** Variables every template and theme may use. */
export const COMMON_EMAIL_VARS = ['community_name'] as const;

export const EMAIL_KEYS = {
  registration_approved: { type: 'system', vars: ['username', 'sign_in_url'] },
  moderation_warning: { type: 'system', vars: ['message', 'excerpt'] },
  report_notice: { type: 'system', vars: ['message', 'excerpt'] },
  registration_alert: {
    type: 'system',
    vars: [
      'level',
      'percent',
      'threshold',
      'registrations',
      'period',
      'blocks_now',
      'will_block',
      'settings_url',
    ],
  },
  staff_role_assigned: { type: 'system', vars: ['role'] },
  staff_role_removed: { type: 'system', vars: [] },
  export_ready: { type: 'system', vars: ['export_type', 'download_url', 'expires_at'] },
  test_email: { type: 'system', vars: [] },
  incubator_ready: { type: 'system', vars: ['proposal', 'subscribers', 'threshold', 'incubator_url'] },
  /** To the staff when a webhook endpoint answered 410 Gone and was switched off. */
  webhook_disabled: { type: 'system', vars: ['target', 'endpoint_url'] },
  /** To a member who signed up (or asked again): the link that proves their email address is theirs. */
  account_verify_email: { type: 'system', vars: ['username', 'verify_url', 'expires_in_hours'] },
  /** To a member who asked to recover their password: the link to choose a new one. */
  account_password_reset: { type: 'system', vars: ['username', 'reset_url', 'expires_in_minutes'] },
  /** To a member about one of their notifications, when their settings ask for emails (ADR 0037). */
  member_notification: {
    type: 'system',
    vars: ['username', 'summary', 'community_url', 'unsubscribe_url'],
  },
  invitation: { type: 'invite', vars: ['name', 'code', 'signup_url'] },
  /** Sent to chosen members from the analytics tables (send, type invite). */
  member_invite: { type: 'invite', vars: ['username', 'name'] },
  /** Sent to chosen members from the analytics tables (send, type data provisioning). */
  member_activity: { type: 'data_provisioning', vars: ['username', 'name'] },
} as const satisfies Record<string, { type: EmailTemplateType; vars: readonly string[] }>;
export type EmailKey = keyof typeof EMAIL_KEYS;
export const EMAIL_KEY_NAMES = Object.keys(EMAIL_KEYS) as EmailKey[];

/**
 * Staff notifications: product emails that go to the community's staff rather than to one person.
 * The email manager's `roles` call sets which staff roles receive each (ADR 0030); staff who turned
 * internal notifications off never get them. The defaults are what the product did before it could
 * be chosen: the incubator's "ready" notice to the staff of the categories area, the registration
 * alert only to the addresses the threshold settings list (roles add to them), a switched-off
 * webhook to the admins (who manage webhooks).
 */
export const STAFF_NOTIFICATION_DEFAULT_ROLES = {
  incubator_ready: ['admin', 'editor'],
  registration_alert: [],
  webhook_disabled: ['admin'],
} as const satisfies Partial<Record<EmailKey, readonly StaffRole[]>>;
export type StaffNotificationKey = keyof typeof STAFF_NOTIFICATION_DEFAULT_ROLES;
export const STAFF_NOTIFICATION_KEYS = Object.keys(
  STAFF_NOTIFICATION_DEFAULT_ROLES,
) as StaffNotificationKey[];
export function isStaffNotificationKey(key: string | null): key is StaffNotificationKey {
  return key !== null && key in STAFF_NOTIFICATION_DEFAULT_ROLES;
}

/** What a custom template (one staff add, sent to chosen members) may use. */
export const CUSTOM_EMAIL_VARS = ['username', 'name'] as const;

/** What a theme may use: the content slot (the one triple-stache), the subject and the footer links. */
export const THEME_VARS = ['content', 'subject', 'footer_links', 'label', 'url'] as const;
/** The slot a theme must hold, written `{{{content}}}`. */
export const THEME_CONTENT_SLOT = '{{{content}}}';

/** The variables a template may use: its email's own plus the common ones. */
export function varsOfKey(key: string | null): readonly string[] {
  const own = key !== null && key in EMAIL_KEYS ? EMAIL_KEYS[key as EmailKey].vars : CUSTOM_EMAIL_VARS;
  return [...COMMON_EMAIL_VARS, ...own];
}

/** Spec mgmt §9: the subject advice, not enforced. */
export const EMAIL_SUBJECT_ADVICE = { min: 40, max: 60 } as const;
