import { z } from 'zod';

/**
 * Error pages (spec mgmt §2 Pages, "error pages": page not found, service unavailable): the HTML a
 * community's members meet when it answers 404 or 503 (ADR 0020). Each community may write its own;
 * until then, and after "restore default", the shipped default shows in the visitor's language.
 */
export const ERROR_PAGE_KINDS = ['page_not_found', 'service_unavailable'] as const;
export const errorPageKindSchema = z.enum(ERROR_PAGE_KINDS);
export type ErrorPageKind = z.infer<typeof errorPageKindSchema>;

export const ERROR_PAGE_STATUS: Record<ErrorPageKind, 404 | 503> = {
  page_not_found: 404,
  service_unavailable: 503,
};

export const ERROR_PAGE_LOCALES = ['en', 'it'] as const;
export type ErrorPageLocale = (typeof ERROR_PAGE_LOCALES)[number];

/** The shipped defaults, in the allow-list of the page sanitiser (headings, paragraphs, links). */
export const ERROR_PAGE_DEFAULTS: Record<ErrorPageKind, Record<ErrorPageLocale, string>> = {
  page_not_found: {
    en: '<h2>Page not found</h2><p>The page you asked for does not exist or has moved.</p><p>Check the address, or go back to the community’s home page.</p>',
    it: '<h2>Pagina non trovata</h2><p>La pagina che hai chiesto non esiste o è stata spostata.</p><p>Controlla l’indirizzo, oppure torna alla pagina principale della community.</p>',
  },
  service_unavailable: {
    en: '<h2>Service unavailable</h2><p>The community is closed for maintenance right now.</p><p>Please come back in a little while.</p>',
    it: '<h2>Servizio non disponibile</h2><p>La community è chiusa per manutenzione in questo momento.</p><p>Torna tra poco.</p>',
  },
};

export const ERROR_PAGE_BODY_MAX = 200_000;

export const ERROR_PAGES_MESSAGES = {
  body: 'Insert the text of the page',
  updateError: 'Error in editing the error page',
} as const;

export const errorPagesPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/error_pages/',
  update: '/platform/api/v1/error_pages/:kind/update/',
  restore: '/platform/api/v1/error_pages/:kind/restore/',
} as const;

export const errorPageSchema = z.object({
  kind: errorPageKindSchema,
  status: z.union([z.literal(404), z.literal(503)]),
  /** The community's own HTML; null while the shipped default shows. */
  html_body: z.string().nullable(),
  updated_at: z.string().nullable(),
  updated_by_username: z.string().nullable(),
});
export type ErrorPage = z.infer<typeof errorPageSchema>;

export const errorPageListSchema = z.object({ results: z.array(errorPageSchema) });
export type ErrorPageList = z.infer<typeof errorPageListSchema>;

export const errorPageBodySchema = z.object({ html_body: z.string().max(ERROR_PAGE_BODY_MAX).optional() });
export type ErrorPageBody = z.infer<typeof errorPageBodySchema>;
