import {
  ERROR_PAGE_DEFAULTS,
  ERROR_PAGE_KINDS,
  ERROR_PAGE_STATUS,
  ERROR_PAGES_MESSAGES as M,
  ErrorCode,
  type ErrorPage,
  type ErrorPageBody,
  type ErrorPageKind,
  type ErrorPageList,
  type ErrorPageLocale,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { htmlToText, sanitizeHtml } from '../../platform/content/content-html.ts';
import { hasFeature } from '../features/features.service.ts';
import * as repo from './custom-pages.repository.ts';

/** The visitor's language from Accept-Language: Italian when preferred before English, else English. */
export function errorPageLocale(acceptLanguage: string | undefined): ErrorPageLocale {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.trim().slice(0, 2).toLowerCase();
    if (tag === 'it' || tag === 'en') return tag;
  }
  return 'en';
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * The document around an error page's body: no script and no external reference, so the server's
 * strict security headers hold. The body is stored sanitised and is sanitised again here. A page has
 * one top heading: the community's name, a link to its home (which the shipped bodies point to), above
 * a body that brings none of its own (the shipped bodies start at h2).
 */
export function errorDocument(input: {
  community: string;
  body: string;
  locale: ErrorPageLocale;
  /** The community's home on the site, on this host. */
  home: string;
}): string {
  const body = sanitizeHtml(input.body);
  const title = htmlToText(input.body).split('\n')[0]?.trim() || input.community;
  const heading = /<h1[\s>]/i.test(body)
    ? ''
    : `<h1><a href="${escapeHtml(input.home)}">${escapeHtml(input.community)}</a></h1>\n`;
  return `<!doctype html>
<html lang="${input.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)} · ${escapeHtml(input.community)}</title>
<style>
  body { margin: 0; min-height: 100vh; display: flex; align-items: center; justify-content: center;
    background: #f5f5f5; color: #212121; font-family: system-ui, sans-serif; font-size: 16px; line-height: 1.5; }
  main { max-width: 40rem; margin: 1.5rem; padding: 2rem; border-radius: 12px; background: #fff;
    box-shadow: 0 2px 12px rgba(0,0,0,.08); }
  main > h1:first-child { margin: 0 0 1rem; font-size: 1rem; font-weight: 600; }
  a { color: #1a5a5a; }
</style>
</head>
<body>
<main data-error-page>${heading}${body}</main>
</body>
</html>
`;
}

export function createErrorPagesService(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;

  return {
    /** Both error pages, each with the community's own HTML or null while the default shows. */
    async list(stackId: number): Promise<ErrorPageList> {
      const rows = await repo.errorPages(db, stackId);
      return {
        results: ERROR_PAGE_KINDS.map((kind): ErrorPage => {
          const row = rows.find((r) => r.kind === kind);
          return {
            kind,
            status: ERROR_PAGE_STATUS[kind],
            html_body: row?.html_body ?? null,
            updated_at: row ? new Date(row.updated_at).toISOString() : null,
            updated_by_username: row?.updated_by_username ?? null,
          };
        }),
      };
    },

    /** Saves a community's own HTML, sanitised with the content allow-list (never trusted as sent). */
    async save(
      stackId: number,
      kind: ErrorPageKind,
      by: { userId: number; username: string },
      body: ErrorPageBody,
    ): Promise<void> {
      const html = sanitizeHtml(body.html_body ?? '');
      if (!htmlToText(html)) throw AppError.of(400, ErrorCode.required, M.body, 'html_body');
      await repo.saveErrorPage(db, stackId, kind, html, by, clock.now());
    },

    /** Back to the shipped default. */
    async restore(stackId: number, kind: ErrorPageKind): Promise<void> {
      await repo.deleteErrorPage(db, stackId, kind);
    },

    /**
     * The body members meet: the community's own while `system_pages` is on and it wrote one, else the
     * shipped default in the visitor's language.
     */
    async bodyFor(stackId: number, kind: ErrorPageKind, locale: ErrorPageLocale): Promise<string> {
      if (await hasFeature(db, stackId, 'system_pages')) {
        const own = (await repo.errorPages(db, stackId)).find((r) => r.kind === kind);
        if (own) return own.html_body;
      }
      return ERROR_PAGE_DEFAULTS[kind][locale];
    },
  };
}
