/** Message ids of each check's label (literal ids: the translation test finds them). */
export const CHECK_LABELS: Record<string, string> = {
  logo: 'readinessChecks.check.logo',
  application_name: 'readinessChecks.check.application_name',
  content_types: 'readinessChecks.check.content_types',
  mail_server: 'readinessChecks.check.mail_server',
  seo: 'readinessChecks.check.seo',
  slogan: 'readinessChecks.check.slogan',
  cover_image: 'readinessChecks.check.cover_image',
  categories: 'readinessChecks.check.categories',
  legal_pages: 'readinessChecks.check.legal_pages',
  staff: 'readinessChecks.check.staff',
  custom_domain: 'readinessChecks.check.custom_domain',
  default_avatar: 'readinessChecks.check.default_avatar',
  tag_manager: 'readinessChecks.check.tag_manager',
  jwt_key: 'readinessChecks.check.jwt_key',
  app_icon: 'readinessChecks.check.app_icon',
};

export const GROUP_LABELS = {
  required: 'readinessChecks.group.required',
  recommended: 'readinessChecks.group.recommended',
  best_practices: 'readinessChecks.group.best_practices',
} as const;

export const GROUP_HINTS = {
  required: 'readinessChecks.groupHint.required',
  recommended: 'readinessChecks.groupHint.recommended',
  best_practices: 'readinessChecks.groupHint.best_practices',
} as const;
