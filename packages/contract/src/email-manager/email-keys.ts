/**
 * The emails the product sends, each rendered from a template of the email manager (ADR 0023). A key
 * names the email; its variables are what its template may use (`vars`), besides the ones every
 * template has (`community_name`). Values reach the template HTML-escaped; a template holds no logic
 * beyond mustache's sections over these plain values.
 */
export const EMAIL_TEMPLATE_TYPES = ['system', 'invite', 'data_provisioning'] as const;
export type EmailTemplateType = (typeof EMAIL_TEMPLATE_TYPES)[number];

export const EMAIL_LOCALES = ['en', 'it'] as const;
export type EmailLocale = (typeof EMAIL_LOCALES)[number];

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
  invitation: { type: 'invite', vars: ['name', 'code', 'signup_url'] },
} as const satisfies Record<string, { type: EmailTemplateType; vars: readonly string[] }>;
export type EmailKey = keyof typeof EMAIL_KEYS;
export const EMAIL_KEY_NAMES = Object.keys(EMAIL_KEYS) as EmailKey[];

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
