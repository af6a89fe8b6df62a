import { z } from 'zod';
import { staffRoleSchema } from '../stacks/stack-schemas.ts';
import {
  EMAIL_KEY_NAMES,
  EMAIL_LOCALES,
  EMAIL_TEMPLATE_TYPES,
  STAFF_NOTIFICATION_KEYS,
} from './email-keys.ts';

export const EMAIL_NAME_MAX = 100;
export const EMAIL_SUBJECT_MAX = 200;
export const EMAIL_HTML_MAX = 100_000;
export const EMAIL_FOOTER_LINKS_MAX = 10;
export const EMAIL_SECTIONS_MAX = 20;
/** A section's name: what the body writes in `{{> name}}`. */
export const EMAIL_SECTION_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/** The messages of spec mgmt §5 ("fields required") and §8 (template and theme errors). */
export const EMAIL_MANAGER_MESSAGES = {
  required: 'Field required',
  templateNotFound: 'Email template not found',
  themeNotFound: 'Email theme not found',
  templateSaveError: 'Error saving the email template',
  themeSaveError: 'Error saving the email theme',
  templateDeleteError: 'A system email template cannot be deleted.',
  themeDeleteError: 'This theme is in use and cannot be deleted.',
  defaultThemeDeleteError: 'The default theme cannot be deleted.',
  themeAssignError: 'Error assigning the theme to the template',
  noDefaults: 'This template has no shipped default.',
  noContentSlot: 'The theme must hold the content slot {{{content}}}.',
  unknownVariable: 'Unknown variable: {name}',
  tripleStache: 'Only the theme may use a triple-stache, and only for {{{content}}}.',
  partial: 'Partials and delimiter changes are not allowed.',
  parseError: 'The template cannot be read: {reason}',
  invalidUrl: 'This input is not a valid url',
  tooLong: 'Ensure this field has no more than {max} characters.',
  unknownSection: 'Unknown section: {name}',
  sectionName: 'A section name is lowercase letters, digits and _ (at most 40), starting with a letter.',
  sectionDuplicate: 'Two sections have the same name: {name}',
  sectionInSection: 'A section cannot include another section.',
  notStaffNotification: 'Only a staff notification goes to staff roles.',
} as const;

export const EmailManagerErrorCode = {
  templateInvalid: 'email_template_invalid',
  themeInUse: 'email_theme_in_use',
  systemTemplate: 'email_template_system',
} as const;

export const emailLocaleSchema = z.enum(EMAIL_LOCALES);
export const emailTemplateTypeSchema = z.enum(EMAIL_TEMPLATE_TYPES);
export const emailFooterLinkSchema = z.object({ label: z.string(), url: z.string() });
export type EmailFooterLink = z.infer<typeof emailFooterLinkSchema>;
const perLocale = z.object({ en: z.string(), it: z.string() });

/** A named block of a template, per language; the body includes it with `{{> name}}`, in its order. */
export const emailSectionSchema = z.object({ name: z.string().max(100), html: perLocale });
export type EmailSection = z.infer<typeof emailSectionSchema>;

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  key: z.string().nullable().describe('The product email it renders; null for a custom template'),
  name: z.string(),
  type: emailTemplateTypeSchema,
  theme: z.number().int().nullable().describe("Its theme; null uses the community's default theme"),
  subject: perLocale,
  html: perLocale,
  active: z.boolean().describe('Inactive: the product sends the shipped default instead'),
  footer_links: z.array(emailFooterLinkSchema),
  sections: z.array(emailSectionSchema),
  roles: z
    .array(staffRoleSchema)
    .nullable()
    .describe('The staff roles a staff notification goes to; null for an email that is not one'),
  vars: z.array(z.string()),
  is_system: z.boolean(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

export const emailThemeSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  html: z.string(),
  is_default: z.boolean(),
  is_shipped: z.boolean(),
  templates_count: z.number().int(),
  updated_at: z.string(),
  updated_by: z.string().nullable(),
});
export type EmailTheme = z.infer<typeof emailThemeSchema>;

export const emailTemplateListSchema = z.object({
  count: z.number().int(),
  results: z.array(emailTemplateSchema),
});
export type EmailTemplateList = z.infer<typeof emailTemplateListSchema>;
export const emailThemeListSchema = z.object({ count: z.number().int(), results: z.array(emailThemeSchema) });
export type EmailThemeList = z.infer<typeof emailThemeListSchema>;

export const emailListQuerySchema = z.object({
  search: z.string().optional(),
  type: emailTemplateTypeSchema.optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type EmailListQuery = z.infer<typeof emailListQuerySchema>;

/** `vars`: what each product email's template may use, and a theme. */
export const emailVarsSchema = z.object({
  keys: z.array(
    z.object({ key: z.enum(EMAIL_KEY_NAMES as [string, ...string[]]), vars: z.array(z.string()) }),
  ),
  custom: z.array(z.string()),
  theme: z.array(z.string()),
});
export type EmailVars = z.infer<typeof emailVarsSchema>;

/** `templates/add/` and `templates/{id}/update/`: every field optional on update. */
export const emailTemplateWriteBodySchema = z.object({
  name: z.string().optional(),
  type: emailTemplateTypeSchema.optional(),
  theme: z.number().int().min(1).max(2147483647).nullable().optional(),
  subject: perLocale.partial().optional(),
  html: perLocale.partial().optional(),
  active: z.boolean().optional(),
  footer_links: z.array(emailFooterLinkSchema).max(EMAIL_FOOTER_LINKS_MAX).optional(),
  sections: z.array(emailSectionSchema).max(EMAIL_SECTIONS_MAX).optional(),
});
export type EmailTemplateWriteBody = z.infer<typeof emailTemplateWriteBodySchema>;

export const emailThemeWriteBodySchema = z.object({
  name: z.string().optional(),
  html: z.string().optional(),
});
export type EmailThemeWriteBody = z.infer<typeof emailThemeWriteBodySchema>;

export const emailSetThemeBodySchema = z.object({
  theme: z.number().int().min(1).max(2147483647).nullable(),
});

/** `preview/`: a template's subject and body as the server renders them with sample values. */
export const emailPreviewBodySchema = z.object({
  key: z.string().nullable().optional(),
  subject: z.string().max(EMAIL_SUBJECT_MAX * 2),
  html: z.string().max(EMAIL_HTML_MAX),
  theme: z.number().int().min(1).max(2147483647).nullable().optional(),
  footer_links: z.array(emailFooterLinkSchema).max(EMAIL_FOOTER_LINKS_MAX).optional(),
  sections: z
    .array(z.object({ name: z.string().max(100), html: z.string().max(EMAIL_HTML_MAX) }))
    .max(EMAIL_SECTIONS_MAX)
    .optional(),
  locale: emailLocaleSchema.optional(),
});
export type EmailPreviewBody = z.infer<typeof emailPreviewBodySchema>;
export const emailThemePreviewBodySchema = z.object({ html: z.string().max(EMAIL_HTML_MAX) });
export const emailPreviewSchema = z.object({ subject: z.string(), html: z.string(), text: z.string() });
export type EmailPreview = z.infer<typeof emailPreviewSchema>;

/** `templates/roles/`: the staff roles, and who receives each staff notification. */
export const emailRolesSchema = z.object({
  roles: z.array(staffRoleSchema),
  templates: z.array(
    z.object({
      id: z.number().int(),
      key: z.enum(STAFF_NOTIFICATION_KEYS as [string, ...string[]]),
      name: z.string(),
      roles: z.array(staffRoleSchema),
      default_roles: z.array(staffRoleSchema),
    }),
  ),
});
export type EmailRoles = z.infer<typeof emailRolesSchema>;
export const emailSetRolesBodySchema = z.object({ roles: z.array(staffRoleSchema).max(10) });
export type EmailSetRolesBody = z.infer<typeof emailSetRolesBodySchema>;

/** `settings/`: the community's default email language (when a recipient's own is not known). */
export const emailSettingsSchema = z.object({
  default_language: emailLocaleSchema,
  updated_at: z.string().nullable(),
  updated_by: z.string().nullable(),
});
export type EmailSettings = z.infer<typeof emailSettingsSchema>;
export const emailSettingsBodySchema = z.object({ default_language: emailLocaleSchema });
export type EmailSettingsBody = z.infer<typeof emailSettingsBodySchema>;

export const emailDeleteResultSchema = z.object({ deleted: z.number().int() });

const B = '/platform/api/v1/email_manager';
export const emailManagerPaths = {
  templates: `${B}/templates/`,
  vars: `${B}/templates/vars/`,
  templateAdd: `${B}/templates/add/`,
  template: `${B}/templates/:id/`,
  templateUpdate: `${B}/templates/:id/update/`,
  templateDelete: `${B}/templates/:id/delete/`,
  templateDefaults: `${B}/templates/:id/defaults/`,
  templateSetTheme: `${B}/templates/:id/set_theme/`,
  roles: `${B}/templates/roles/`,
  templateRoles: `${B}/templates/:id/roles/`,
  settings: `${B}/settings/`,
  preview: `${B}/preview/`,
  themes: `${B}/themes/`,
  themePreview: `${B}/themes/preview/`,
  themeAdd: `${B}/themes/add/`,
  theme: `${B}/themes/:id/`,
  themeUpdate: `${B}/themes/:id/update/`,
  themeDelete: `${B}/themes/:id/delete/`,
  themeDefaults: `${B}/themes/:id/defaults/`,
  themeSetDefault: `${B}/themes/:id/set_default/`,
} as const;
