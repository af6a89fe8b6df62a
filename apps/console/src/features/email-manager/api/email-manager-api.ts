import {
  emailManagerPaths as paths,
  emailPreviewSchema,
  emailRolesSchema,
  emailSettingsSchema,
  emailTemplateListSchema,
  emailTemplateSchema,
  emailThemeListSchema,
  emailThemeSchema,
  emailVarsSchema,
  type EmailFooterLink,
  type EmailLocale,
  type EmailPreview,
  type EmailRoles,
  type EmailSection,
  type EmailSettings,
  type StaffRole,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTheme,
  type EmailThemeList,
  type EmailVars,
} from '@agora/contract';
import { apiData } from '../../../core/http/api-client.ts';
import type { JsonValue } from '../../../core/http/http-request.ts';

/** Query keys of the email manager, per community (internal_url). */
export const emailKeys = {
  all: ['email-manager'] as const,
  templates: (internalUrl: string) => [...emailKeys.all, 'templates', internalUrl] as const,
  templatePage: (internalUrl: string, page: EmailPageQuery) =>
    [...emailKeys.templates(internalUrl), page] as const,
  template: (internalUrl: string, id: number) => [...emailKeys.all, 'template', internalUrl, id] as const,
  themes: (internalUrl: string) => [...emailKeys.all, 'themes', internalUrl] as const,
  themePage: (internalUrl: string, page: EmailPageQuery) => [...emailKeys.themes(internalUrl), page] as const,
  theme: (internalUrl: string, id: number) => [...emailKeys.all, 'theme', internalUrl, id] as const,
  vars: (internalUrl: string) => [...emailKeys.all, 'vars', internalUrl] as const,
  roles: (internalUrl: string) => [...emailKeys.all, 'roles', internalUrl] as const,
  settings: (internalUrl: string) => [...emailKeys.all, 'settings', internalUrl] as const,
};

/** Rows per page of both lists (the one pager, core/lists). */
export const EMAIL_PAGE_SIZE = 25;

export interface EmailPageQuery {
  offset: number;
  limit: number;
}

const withId = (path: string, id: number) => path.replace(':id', String(id));
const post = (path: string, body: JsonValue) =>
  apiData<unknown>({ target: 'stack', method: 'POST', path, json: true, body });

/** What the template screen sends. */
export interface TemplateFields {
  name: string;
  type: EmailTemplate['type'];
  theme: number | null;
  subject: Record<EmailLocale, string>;
  html: Record<EmailLocale, string>;
  active: boolean;
  footer_links: EmailFooterLink[];
  sections: EmailSection[];
}

export interface ThemeFields {
  name: string;
  html: string;
}

export interface PreviewRequest {
  key: string | null;
  subject: string;
  html: string;
  theme: number | null;
  footer_links: EmailFooterLink[];
  sections: Array<{ name: string; html: string }>;
  locale: EmailLocale;
}

export async function fetchTemplates(page: EmailPageQuery): Promise<EmailTemplateList> {
  return emailTemplateListSchema.parse(
    await apiData<unknown>({ target: 'stack', path: paths.templates, query: { ...page } }),
  );
}
export async function fetchTemplate(id: number): Promise<EmailTemplate> {
  return emailTemplateSchema.parse(
    await apiData<unknown>({ target: 'stack', path: withId(paths.template, id) }),
  );
}
export async function fetchVars(): Promise<EmailVars> {
  return emailVarsSchema.parse(await apiData<unknown>({ target: 'stack', path: paths.vars }));
}
export async function saveTemplate(id: number | null, body: TemplateFields): Promise<EmailTemplate> {
  const path = id === null ? paths.templateAdd : withId(paths.templateUpdate, id);
  return emailTemplateSchema.parse(
    await post(path, {
      ...body,
      footer_links: body.footer_links.map((l) => ({ ...l })),
      sections: body.sections.map((s) => ({ name: s.name, html: { ...s.html } })),
    }),
  );
}
export async function deleteTemplate(id: number): Promise<void> {
  await post(withId(paths.templateDelete, id), {});
}
export async function restoreTemplate(id: number): Promise<EmailTemplate> {
  return emailTemplateSchema.parse(await post(withId(paths.templateDefaults, id), {}));
}
export async function previewTemplate(body: PreviewRequest): Promise<EmailPreview> {
  return emailPreviewSchema.parse(
    await post(paths.preview, {
      ...body,
      footer_links: body.footer_links.map((l) => ({ ...l })),
      sections: body.sections.map((s) => ({ ...s })),
    }),
  );
}
export async function previewTheme(html: string): Promise<EmailPreview> {
  return emailPreviewSchema.parse(await post(paths.themePreview, { html }));
}

export async function fetchThemes(page: EmailPageQuery): Promise<EmailThemeList> {
  return emailThemeListSchema.parse(
    await apiData<unknown>({ target: 'stack', path: paths.themes, query: { ...page } }),
  );
}
export async function fetchTheme(id: number): Promise<EmailTheme> {
  return emailThemeSchema.parse(await apiData<unknown>({ target: 'stack', path: withId(paths.theme, id) }));
}
export async function saveTheme(id: number | null, body: ThemeFields): Promise<EmailTheme> {
  const path = id === null ? paths.themeAdd : withId(paths.themeUpdate, id);
  return emailThemeSchema.parse(await post(path, { ...body }));
}
export async function deleteTheme(id: number): Promise<void> {
  await post(withId(paths.themeDelete, id), {});
}
export async function restoreTheme(id: number): Promise<EmailTheme> {
  return emailThemeSchema.parse(await post(withId(paths.themeDefaults, id), {}));
}
export async function setDefaultTheme(id: number): Promise<EmailTheme> {
  return emailThemeSchema.parse(await post(withId(paths.themeSetDefault, id), {}));
}

export async function fetchRoles(): Promise<EmailRoles> {
  return emailRolesSchema.parse(await apiData<unknown>({ target: 'stack', path: paths.roles }));
}
export async function saveRoles(input: { id: number; roles: StaffRole[] }): Promise<EmailTemplate> {
  return emailTemplateSchema.parse(
    await post(withId(paths.templateRoles, input.id), { roles: [...input.roles] }),
  );
}
export async function fetchSettings(): Promise<EmailSettings> {
  return emailSettingsSchema.parse(await apiData<unknown>({ target: 'stack', path: paths.settings }));
}
export async function saveSettings(language: EmailLocale): Promise<EmailSettings> {
  return emailSettingsSchema.parse(await post(paths.settings, { default_language: language }));
}
