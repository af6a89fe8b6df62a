import {
  EMAIL_FOOTER_LINKS_MAX,
  EMAIL_HTML_MAX,
  EMAIL_KEY_NAMES,
  EMAIL_KEYS,
  EMAIL_MANAGER_MESSAGES as M,
  EMAIL_NAME_MAX,
  EMAIL_SECTION_NAME,
  EMAIL_SECTIONS_MAX,
  EMAIL_SUBJECT_MAX,
  STAFF_NOTIFICATION_DEFAULT_ROLES,
  STAFF_NOTIFICATION_KEYS,
  STAFF_ROLES,
  isStaffNotificationKey,
  CUSTOM_EMAIL_VARS,
  COMMON_EMAIL_VARS,
  EmailManagerErrorCode,
  ErrorCode,
  THEME_VARS,
  type EmailKey,
  type EmailListQuery,
  type EmailLocale,
  type EmailPreview,
  type EmailPreviewBody,
  type EmailTemplate,
  type EmailTemplateList,
  type EmailTemplateWriteBody,
  type EmailTheme,
  type EmailThemeList,
  type EmailThemeWriteBody,
  type EmailVars,
  type EmailFooterLink,
  type EmailRoles,
  type EmailSection,
  type EmailSettings,
  type StaffRole,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import { findAccountByLogin } from '../auth/account.repository.ts';
import { memberLanguages } from '../users/member-language.repository.ts';
import { findStack } from '../stacks/stack-row.repository.ts';
import { checkSource, TemplateProblem, type EmailView } from './email-engine.ts';
import { SHIPPED_TEMPLATES, SHIPPED_THEME_HTML, SHIPPED_THEME_NAME, sampleView } from './email-defaults.ts';
import {
  allowedVars,
  compose,
  sectionsIn,
  THEME_ALLOWED,
  type RenderedEmail,
  type TemplateSource,
} from './email-render.ts';
import * as repo from './email-manager.repository.ts';

export type { RenderedEmail } from './email-render.ts';

/** Values a sender gives its template; `community_name` is filled in when missing. */
export type EmailVarValues = Record<string, string | number | boolean>;

async function communityView(db: Db, stackId: number, vars: EmailVarValues): Promise<EmailView> {
  const name = vars.community_name ?? (await findStack(db, stackId))?.name ?? '';
  return { ...vars, community_name: name };
}

async function themeHtmlOf(db: Db, stackId: number, themeId: number | null): Promise<string> {
  const theme =
    (themeId === null ? undefined : await repo.themeById(db, stackId, themeId)) ??
    (await repo.defaultTheme(db, stackId));
  return theme?.html ?? SHIPPED_THEME_HTML;
}

function firstThatRenders(attempts: Array<() => RenderedEmail>): RenderedEmail {
  let last: unknown;
  for (const attempt of attempts) {
    try {
      return attempt();
    } catch (error) {
      if (!(error instanceof TemplateProblem)) throw error;
      last = error;
    }
  }
  throw last;
}

/**
 * Renders one product email for a community, in a language: the community's edited template in its
 * theme when it is active and renders, otherwise the shipped default (in that theme, else in the
 * shipped theme). Sending never breaks on an owner's edit (ADR 0023).
 */
export async function renderEmail(
  db: Db,
  stackId: number | null,
  key: EmailKey,
  locale: EmailLocale,
  vars: EmailVarValues,
): Promise<RenderedEmail> {
  const shipped = SHIPPED_TEMPLATES[key];
  const allowed = allowedVars(key);
  if (stackId === null) {
    const view: EmailView = { community_name: '', ...vars };
    return compose(shippedSource(key, locale), SHIPPED_THEME_HTML, view, allowed);
  }
  const [row, view] = await Promise.all([
    repo.templateByKey(db, stackId, key),
    communityView(db, stackId, vars),
  ]);
  const themeHtml = await themeHtmlOf(db, stackId, row?.theme_id ?? null);
  const fallback: TemplateSource = {
    subject: shipped.subject[locale],
    html: shipped.html[locale],
    footer_links: row?.footer_links ?? [],
  };
  const attempts: Array<() => RenderedEmail> = [];
  if (row?.active) attempts.push(() => compose(storedSource(row, locale), themeHtml, view, allowed));
  attempts.push(() => compose(fallback, themeHtml, view, allowed));
  attempts.push(() => compose({ ...fallback, footer_links: [] }, SHIPPED_THEME_HTML, view, allowed));
  return firstThatRenders(attempts);
}

/**
 * Renders a staff-written email (send customised; a custom template) in the community's default
 * theme. Unlike a product email there is no default to fall back to: a subject or body that does not
 * render is refused with the reason (400), before anything is sent.
 */
export async function renderCustomEmail(
  db: Db,
  stackId: number,
  email: { subject: string; html: string; footer_links?: readonly EmailFooterLink[] },
  vars: EmailVarValues,
): Promise<RenderedEmail> {
  const view = await communityView(db, stackId, vars);
  const themeHtml = await themeHtmlOf(db, stackId, null);
  const allowed = [...COMMON_EMAIL_VARS, ...CUSTOM_EMAIL_VARS];
  const source = { subject: email.subject, html: email.html, footer_links: email.footer_links ?? [] };
  try {
    return compose(source, themeHtml, view, allowed);
  } catch (error) {
    if (!(error instanceof TemplateProblem)) throw error;
    try {
      return compose(source, SHIPPED_THEME_HTML, view, allowed);
    } catch (inner) {
      if (inner instanceof TemplateProblem) throw refusal('html', inner);
      throw inner;
    }
  }
}

/** Renders a stored custom template by id (send with a chosen template); 404 when it is not there. */
export async function renderTemplateById(
  db: Db,
  stackId: number,
  templateId: number,
  locale: EmailLocale,
  vars: EmailVarValues,
): Promise<RenderedEmail> {
  const row = await repo.templateById(db, stackId, templateId);
  if (!row) throw AppError.notFound(M.templateNotFound);
  if (row.key !== null && row.key in EMAIL_KEYS)
    return renderEmail(db, stackId, row.key as EmailKey, locale, vars);
  const view = await communityView(db, stackId, vars);
  const themeHtml = await themeHtmlOf(db, stackId, row.theme_id);
  try {
    return firstThatRenders([
      () => compose(storedSource(row, locale), themeHtml, view, allowedVars(null)),
      () => compose(storedSource(row, locale), SHIPPED_THEME_HTML, view, allowedVars(null)),
    ]);
  } catch (error) {
    if (error instanceof TemplateProblem) throw refusal('html', error);
    throw error;
  }
}

/** The community's default email language: what its email settings say, else English. */
export async function communityLanguage(db: Db, stackId: number | null): Promise<EmailLocale> {
  if (stackId === null) return 'en';
  return (await repo.findSettings(db, stackId))?.default_language ?? 'en';
}

/**
 * The language of an email to each of these addresses (ADR 0030): the language of the community's
 * member with that address when known, else the console language of the account signing in with it,
 * else the community's default language (else English).
 */
export async function recipientLocales(
  db: Db,
  stackId: number | null,
  emails: readonly string[],
): Promise<Map<string, EmailLocale>> {
  const fallback = await communityLanguage(db, stackId);
  const members =
    stackId === null ? new Map<string, EmailLocale>() : await memberLanguages(db, stackId, emails);
  const out = new Map<string, EmailLocale>();
  for (const email of emails) {
    const member = members.get(email.trim().toLowerCase());
    if (member) {
      out.set(email, member);
      continue;
    }
    const account = email ? await findAccountByLogin(db, email) : undefined;
    out.set(email, account?.language === 'it' ? 'it' : account?.language === 'en' ? 'en' : fallback);
  }
  return out;
}

/** One email to these addresses: their common language, the community's default when they differ. */
export async function recipientLocale(
  db: Db,
  stackId: number | null,
  emails: readonly string[],
): Promise<EmailLocale> {
  const found = new Set((await recipientLocales(db, stackId, emails.slice(0, 20))).values());
  return found.size === 1 ? [...found][0]! : communityLanguage(db, stackId);
}

/** Addresses grouped by their language: a notice to several people goes once per language. */
export async function recipientsByLocale(
  db: Db,
  stackId: number,
  emails: readonly string[],
): Promise<Array<{ locale: EmailLocale; to: string[] }>> {
  const groups = new Map<EmailLocale, string[]>();
  for (const [email, locale] of await recipientLocales(db, stackId, emails)) {
    groups.set(locale, [...(groups.get(locale) ?? []), email]);
  }
  return [...groups].map(([locale, to]) => ({ locale, to }));
}

/**
 * The staff roles a staff notification goes to in a community (the email manager's `roles`): what
 * its template says, else the shipped default. The sender mails the staff of these roles who take
 * internal notifications.
 */
export async function staffNotificationRoles(
  db: Db,
  stackId: number,
  key: keyof typeof STAFF_NOTIFICATION_DEFAULT_ROLES,
): Promise<readonly StaffRole[]> {
  const row = await repo.templateByKey(db, stackId, key);
  return rolesOf(key, row?.roles ?? null);
}

function rolesOf(key: keyof typeof STAFF_NOTIFICATION_DEFAULT_ROLES, stored: StaffRole[] | null) {
  const roles = stored ?? STAFF_NOTIFICATION_DEFAULT_ROLES[key];
  return STAFF_ROLES.filter((role) => (roles as readonly string[]).includes(role));
}

function shippedSource(key: EmailKey, locale: EmailLocale): TemplateSource {
  const shipped = SHIPPED_TEMPLATES[key];
  return { subject: shipped.subject[locale], html: shipped.html[locale], footer_links: [] };
}

function storedSource(row: repo.TemplateRow, locale: EmailLocale): TemplateSource {
  return {
    subject: locale === 'it' ? row.subject_it : row.subject_en,
    html: locale === 'it' ? row.html_it : row.html_en,
    footer_links: row.footer_links,
    sections: sectionsIn(row.sections ?? [], locale),
  };
}

function refusal(field: string, problem: TemplateProblem): AppError {
  return AppError.of(400, EmailManagerErrorCode.templateInvalid, problem.message, field);
}

const iso = (value: Date) => new Date(value).toISOString();

function toTemplate(row: repo.TemplateRow): EmailTemplate {
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    type: row.type,
    theme: row.theme_id,
    subject: { en: row.subject_en, it: row.subject_it },
    html: { en: row.html_en, it: row.html_it },
    active: row.active,
    footer_links: row.footer_links,
    sections: row.sections ?? [],
    roles: isStaffNotificationKey(row.key) ? [...rolesOf(row.key, row.roles)] : null,
    vars: [...allowedVars(row.key)],
    is_system: row.key !== null,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
  };
}

function toTheme(row: repo.ThemeRow, templatesCount: number): EmailTheme {
  return {
    id: row.id,
    name: row.name,
    html: row.html,
    is_default: row.is_default,
    is_shipped: row.shipped,
    templates_count: templatesCount,
    updated_at: iso(row.updated_at),
    updated_by: row.updated_by,
  };
}

type Problem = {
  field: string;
  code: typeof ErrorCode.required | typeof ErrorCode.invalid | typeof ErrorCode.maxLength;
  message: string;
};

function invalid(problems: Problem[]): AppError {
  return new AppError(
    400,
    problems.map((p) => errorEntry(p.code, p.message, p.field)),
  );
}

function checkText(
  problems: Problem[],
  field: string,
  value: string | undefined,
  max: number,
  needed: boolean,
) {
  if (value === undefined) {
    if (needed) problems.push({ field, code: ErrorCode.required, message: M.required });
    return;
  }
  if (value.trim() === '') problems.push({ field, code: ErrorCode.required, message: M.required });
  else if (value.length > max) {
    problems.push({ field, code: ErrorCode.maxLength, message: M.tooLong.replace('{max}', String(max)) });
  }
}

function checkLinks(problems: Problem[], links: readonly EmailFooterLink[] | undefined) {
  if (!links) return;
  if (links.length > EMAIL_FOOTER_LINKS_MAX) {
    problems.push({
      field: 'footer_links',
      code: ErrorCode.invalid,
      message: M.tooLong.replace('{max}', String(EMAIL_FOOTER_LINKS_MAX)),
    });
  }
  for (const link of links) {
    if (link.label.trim() === '' || link.label.length > EMAIL_NAME_MAX) {
      problems.push({ field: 'footer_links', code: ErrorCode.required, message: M.required });
      return;
    }
    let ok = false;
    try {
      const url = new URL(link.url);
      ok =
        (url.protocol === 'https:' || url.protocol === 'http:' || url.protocol === 'mailto:') &&
        link.url.length <= 2000;
    } catch {
      ok = false;
    }
    if (!ok) {
      problems.push({ field: 'footer_links', code: ErrorCode.invalid, message: M.invalidUrl });
      return;
    }
  }
}

function checkOne(problems: Problem[], field: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    if (!(error instanceof TemplateProblem)) throw error;
    problems.push({ field, code: ErrorCode.invalid, message: error.message });
  }
}

/** Sections: unique valid names, each block a source that renders with the template's variables. */
function checkSections(problems: Problem[], key: string | null, sections: readonly EmailSection[]) {
  if (sections.length > EMAIL_SECTIONS_MAX) {
    problems.push({
      field: 'sections',
      code: ErrorCode.invalid,
      message: M.tooLong.replace('{max}', String(EMAIL_SECTIONS_MAX)),
    });
    return;
  }
  const seen = new Set<string>();
  sections.forEach((section, index) => {
    if (!EMAIL_SECTION_NAME.test(section.name)) {
      problems.push({ field: `sections.${index}.name`, code: ErrorCode.invalid, message: M.sectionName });
    } else if (seen.has(section.name)) {
      problems.push({
        field: `sections.${index}.name`,
        code: ErrorCode.invalid,
        message: M.sectionDuplicate.replace('{name}', section.name),
      });
    }
    seen.add(section.name);
    for (const locale of ['en', 'it'] as const) {
      const field = `sections.${index}.html.${locale}`;
      // A section may be empty in a language (nothing to add there); it is never too long.
      if (section.html[locale].length > EMAIL_HTML_MAX) {
        problems.push({
          field,
          code: ErrorCode.maxLength,
          message: M.tooLong.replace('{max}', String(EMAIL_HTML_MAX)),
        });
      }
      checkOne(problems, field, () => checkSource(section.html[locale], allowedVars(key), 'section'));
    }
  });
}

/**
 * Each source must parse, use only its variables and include only its sections: refused at save with
 * the reason, on its field. The sections are the body's own when it sends them, else the stored ones.
 */
function checkSources(
  problems: Problem[],
  key: string | null,
  body: EmailTemplateWriteBody,
  sections: readonly EmailSection[],
) {
  const allowed = allowedVars(key);
  const names = sections.map((s) => s.name);
  for (const locale of ['en', 'it'] as const) {
    for (const part of ['subject', 'html'] as const) {
      const source = body[part]?.[locale];
      if (source === undefined || source.trim() === '') continue;
      checkOne(problems, `${part}.${locale}`, () => checkSource(source, allowed, 'template', names));
    }
  }
}

/** A template as it will be once saved must render in both languages (sections removed still in use). */
function checkWhole(
  problems: Problem[],
  key: string | null,
  row: repo.TemplateRow,
  body: EmailTemplateWriteBody,
) {
  if (body.sections === undefined || problems.length > 0) return;
  const names = body.sections.map((s) => s.name);
  for (const locale of ['en', 'it'] as const) {
    for (const part of ['subject', 'html'] as const) {
      if (body[part]?.[locale] !== undefined) continue;
      const stored = row[`${part}_${locale}`];
      checkOne(problems, `${part}.${locale}`, () => checkSource(stored, allowedVars(key), 'template', names));
    }
  }
}

export function createEmailManagerService(deps: { db: Db }) {
  const { db } = deps;

  async function template(stackId: number, id: number): Promise<repo.TemplateRow> {
    const row = await repo.templateById(db, stackId, id);
    if (!row) throw AppError.notFound(M.templateNotFound);
    return row;
  }
  async function theme(stackId: number, id: number): Promise<repo.ThemeRow> {
    const row = await repo.themeById(db, stackId, id);
    if (!row) throw AppError.notFound(M.themeNotFound);
    return row;
  }
  async function requireThemeField(stackId: number, themeId: number | null | undefined) {
    if (themeId === null || themeId === undefined) return;
    if (!(await repo.themeById(db, stackId, themeId))) {
      throw AppError.of(400, ErrorCode.invalid, M.themeNotFound, 'theme');
    }
  }
  async function themeWithCount(stackId: number, row: repo.ThemeRow): Promise<EmailTheme> {
    return toTheme(row, await repo.countThemeUses(db, stackId, row.id));
  }

  function checkTemplateBody(body: EmailTemplateWriteBody, current: repo.TemplateRow | null) {
    const key = current?.key ?? null;
    const creating = current === null;
    const problems: Problem[] = [];
    checkText(problems, 'name', body.name, EMAIL_NAME_MAX, creating);
    for (const locale of ['en', 'it'] as const) {
      checkText(problems, `subject.${locale}`, body.subject?.[locale], EMAIL_SUBJECT_MAX, creating);
      checkText(problems, `html.${locale}`, body.html?.[locale], EMAIL_HTML_MAX, creating);
    }
    checkLinks(problems, body.footer_links);
    if (body.sections !== undefined) checkSections(problems, key, body.sections);
    checkSources(problems, key, body, body.sections ?? current?.sections ?? []);
    if (current) checkWhole(problems, key, current, body);
    if (problems.length > 0) throw invalid(problems);
  }

  function checkThemeBody(body: EmailThemeWriteBody, creating: boolean) {
    const problems: Problem[] = [];
    checkText(problems, 'name', body.name, EMAIL_NAME_MAX, creating);
    checkText(problems, 'html', body.html, EMAIL_HTML_MAX, creating);
    if (body.html !== undefined && body.html.trim() !== '' && problems.every((p) => p.field !== 'html')) {
      try {
        checkSource(body.html, THEME_ALLOWED, 'theme');
      } catch (error) {
        if (!(error instanceof TemplateProblem)) throw error;
        problems.push({ field: 'html', code: ErrorCode.invalid, message: error.message });
      }
    }
    if (problems.length > 0) throw invalid(problems);
  }

  return {
    async listTemplates(stackId: number, query: EmailListQuery): Promise<EmailTemplateList> {
      await repo.ensureShipped(db, stackId);
      const { count, rows } = await repo.listTemplates(db, stackId, {
        search: query.search?.trim() || undefined,
        type: query.type,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      });
      return { count, results: rows.map(toTemplate) };
    },

    vars(): EmailVars {
      return {
        keys: EMAIL_KEY_NAMES.map((key) => ({ key, vars: [...allowedVars(key)] })),
        custom: [...allowedVars(null)],
        theme: [...THEME_VARS.filter((v) => v !== 'label' && v !== 'url'), 'community_name'],
      };
    },

    async getTemplate(stackId: number, id: number): Promise<EmailTemplate> {
      return toTemplate(await template(stackId, id));
    },

    async addTemplate(stackId: number, body: EmailTemplateWriteBody, by: string): Promise<EmailTemplate> {
      checkTemplateBody(body, null);
      await requireThemeField(stackId, body.theme);
      const row = await repo.insertTemplate(
        db,
        stackId,
        {
          name: body.name!.trim(),
          type: body.type === 'system' || !body.type ? 'data_provisioning' : body.type,
          theme_id: body.theme ?? null,
          subject_en: body.subject!.en!,
          subject_it: body.subject!.it!,
          html_en: body.html!.en!,
          html_it: body.html!.it!,
          active: body.active ?? true,
          footer_links: body.footer_links ?? [],
          sections: body.sections ?? [],
        },
        by,
      );
      return toTemplate(row);
    },

    async updateTemplate(
      stackId: number,
      id: number,
      body: EmailTemplateWriteBody,
      by: string,
    ): Promise<EmailTemplate> {
      const current = await template(stackId, id);
      checkTemplateBody(body, current);
      await requireThemeField(stackId, body.theme);
      const values: repo.TemplateValues = {};
      if (body.name !== undefined) values.name = body.name.trim();
      // A product email keeps its type; a custom one is invite or data provisioning.
      if (body.type !== undefined && current.key === null && body.type !== 'system') values.type = body.type;
      if (body.theme !== undefined) values.theme_id = body.theme;
      if (body.subject?.en !== undefined) values.subject_en = body.subject.en;
      if (body.subject?.it !== undefined) values.subject_it = body.subject.it;
      if (body.html?.en !== undefined) values.html_en = body.html.en;
      if (body.html?.it !== undefined) values.html_it = body.html.it;
      if (body.active !== undefined) values.active = body.active;
      if (body.footer_links !== undefined) values.footer_links = body.footer_links;
      if (body.sections !== undefined) values.sections = body.sections;
      const row = await repo.updateTemplate(db, stackId, id, values, by);
      if (!row) throw AppError.notFound(M.templateNotFound);
      return toTemplate(row);
    },

    async deleteTemplate(stackId: number, id: number): Promise<{ deleted: number }> {
      const current = await template(stackId, id);
      if (current.key !== null) {
        throw AppError.of(400, EmailManagerErrorCode.systemTemplate, M.templateDeleteError);
      }
      return { deleted: await repo.deleteTemplate(db, stackId, id) };
    },

    /** Puts a product email's template back to the shipped default (its theme and links kept). */
    async restoreTemplate(stackId: number, id: number, by: string): Promise<EmailTemplate> {
      const current = await template(stackId, id);
      if (current.key === null || !(current.key in SHIPPED_TEMPLATES)) {
        throw AppError.of(400, ErrorCode.invalid, M.noDefaults);
      }
      const shipped = SHIPPED_TEMPLATES[current.key as EmailKey];
      const row = await repo.updateTemplate(
        db,
        stackId,
        id,
        {
          name: shipped.name,
          subject_en: shipped.subject.en,
          subject_it: shipped.subject.it,
          html_en: shipped.html.en,
          html_it: shipped.html.it,
          sections: [],
          active: true,
        },
        by,
      );
      if (!row) throw AppError.notFound(M.templateNotFound);
      return toTemplate(row);
    },

    async setTheme(stackId: number, id: number, themeId: number | null, by: string): Promise<EmailTemplate> {
      await template(stackId, id);
      if (themeId !== null && !(await repo.themeById(db, stackId, themeId))) {
        throw AppError.of(400, ErrorCode.invalid, M.themeAssignError, 'theme');
      }
      const row = await repo.updateTemplate(db, stackId, id, { theme_id: themeId }, by);
      if (!row) throw AppError.notFound(M.templateNotFound);
      return toTemplate(row);
    },

    /** The subject and body as the server renders them, with sample values; a problem is a 400 with its reason. */
    async preview(stackId: number, body: EmailPreviewBody): Promise<EmailPreview> {
      const key = body.key ?? null;
      const allowed = allowedVars(key);
      const stack = await findStack(db, stackId);
      const view = sampleView(allowed, stack?.name ?? '');
      const themeHtml = await themeHtmlOf(db, stackId, body.theme ?? null);
      try {
        const sections: Record<string, string> = {};
        for (const section of body.sections ?? []) sections[section.name] = section.html;
        return compose(
          { subject: body.subject, html: body.html, footer_links: body.footer_links ?? [], sections },
          themeHtml,
          view,
          allowed,
        );
      } catch (error) {
        if (error instanceof TemplateProblem) throw refusal('html', error);
        throw error;
      }
    },

    async previewTheme(stackId: number, html: string): Promise<EmailPreview> {
      const stack = await findStack(db, stackId);
      const sample = SHIPPED_TEMPLATES.test_email;
      try {
        return compose(
          {
            subject: sample.subject.en,
            html: sample.html.en,
            footer_links: [{ label: 'Help', url: 'https://example.com/help' }],
          },
          html,
          { community_name: stack?.name ?? '' },
          allowedVars('test_email'),
        );
      } catch (error) {
        if (error instanceof TemplateProblem) throw refusal('html', error);
        throw error;
      }
    },

    /** `roles`: the staff roles, and the roles each staff notification goes to. */
    async roles(stackId: number): Promise<EmailRoles> {
      await repo.ensureShipped(db, stackId);
      const rows = await repo.staffNotificationRows(db, stackId, STAFF_NOTIFICATION_KEYS);
      return {
        roles: [...STAFF_ROLES],
        templates: rows.flatMap((row) =>
          isStaffNotificationKey(row.key)
            ? [
                {
                  id: row.id,
                  key: row.key,
                  name: row.name,
                  roles: [...rolesOf(row.key, row.roles)],
                  default_roles: [...STAFF_NOTIFICATION_DEFAULT_ROLES[row.key]],
                },
              ]
            : [],
        ),
      };
    },

    /** Sets the roles a staff notification goes to; another template has none (400). */
    async setRoles(
      stackId: number,
      id: number,
      roles: readonly StaffRole[],
      by: string,
    ): Promise<EmailTemplate> {
      const current = await template(stackId, id);
      if (!isStaffNotificationKey(current.key)) {
        throw AppError.of(400, ErrorCode.invalid, M.notStaffNotification, 'roles');
      }
      const chosen = STAFF_ROLES.filter((role) => roles.includes(role));
      const row = await repo.updateTemplate(db, stackId, id, { roles: chosen }, by);
      if (!row) throw AppError.notFound(M.templateNotFound);
      return toTemplate(row);
    },

    async settings(stackId: number): Promise<EmailSettings> {
      const row = await repo.findSettings(db, stackId);
      return {
        default_language: row?.default_language ?? 'en',
        updated_at: row ? iso(row.updated_at) : null,
        updated_by: row?.updated_by ?? null,
      };
    },

    async saveSettings(stackId: number, language: EmailLocale, by: string): Promise<EmailSettings> {
      await repo.saveSettings(db, stackId, language, by);
      return this.settings(stackId);
    },

    async listThemes(stackId: number, query: EmailListQuery): Promise<EmailThemeList> {
      await repo.ensureShipped(db, stackId);
      const { count, rows } = await repo.listThemes(db, stackId, {
        search: query.search?.trim() || undefined,
        limit: query.limit ?? 50,
        offset: query.offset ?? 0,
      });
      return { count, results: rows.map((row) => toTheme(row, row.templates_count)) };
    },

    async getTheme(stackId: number, id: number): Promise<EmailTheme> {
      return themeWithCount(stackId, await theme(stackId, id));
    },

    async addTheme(stackId: number, body: EmailThemeWriteBody, by: string): Promise<EmailTheme> {
      checkThemeBody(body, true);
      await repo.ensureShipped(db, stackId);
      return toTheme(
        await repo.insertTheme(db, stackId, { name: body.name!.trim(), html: body.html! }, by),
        0,
      );
    },

    async updateTheme(
      stackId: number,
      id: number,
      body: EmailThemeWriteBody,
      by: string,
    ): Promise<EmailTheme> {
      await theme(stackId, id);
      checkThemeBody(body, false);
      const row = await repo.updateTheme(
        db,
        stackId,
        id,
        {
          ...(body.name !== undefined ? { name: body.name.trim() } : {}),
          ...(body.html !== undefined ? { html: body.html } : {}),
        },
        by,
      );
      if (!row) throw AppError.notFound(M.themeNotFound);
      return themeWithCount(stackId, row);
    },

    async deleteTheme(stackId: number, id: number): Promise<{ deleted: number }> {
      const current = await theme(stackId, id);
      if (current.is_default) {
        throw AppError.of(409, EmailManagerErrorCode.themeInUse, M.defaultThemeDeleteError);
      }
      const deleted = await repo.deleteUnusedTheme(db, stackId, id);
      if (deleted === 0) throw AppError.of(409, EmailManagerErrorCode.themeInUse, M.themeDeleteError);
      return { deleted };
    },

    /** Puts the shipped theme back to its shipped HTML; another theme cannot be restored. */
    async restoreTheme(stackId: number, id: number, by: string): Promise<EmailTheme> {
      const current = await theme(stackId, id);
      if (!current.shipped) throw AppError.of(400, ErrorCode.invalid, M.noDefaults);
      const row = await repo.updateTheme(
        db,
        stackId,
        id,
        { name: SHIPPED_THEME_NAME, html: SHIPPED_THEME_HTML },
        by,
      );
      if (!row) throw AppError.notFound(M.themeNotFound);
      return themeWithCount(stackId, row);
    },

    async setDefaultTheme(stackId: number, id: number, by: string): Promise<EmailTheme> {
      const row = await repo.setDefaultTheme(db, stackId, id, by);
      if (!row) throw AppError.notFound(M.themeNotFound);
      return themeWithCount(stackId, row);
    },
  };
}
