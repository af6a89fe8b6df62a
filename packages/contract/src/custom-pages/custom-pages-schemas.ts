import { z } from 'zod';
import { isMenuUrl } from '../menus/menu-input.ts';
import { memberListQuerySchema, queryBoolean } from '../member-list.ts';

/**
 * General (custom) pages (spec mgmt §2 Pages, §3 "Custom (general) page", §8): a title, a slug unique
 * in the community (derived from the title when empty), a label, and either an alternative URL the page
 * leads to or an HTML body, active or not. SelfCommunity's members read them through `custom_page/`.
 */
export const CUSTOM_PAGE_TITLE_MAX = 255;
export const CUSTOM_PAGE_SLUG_MAX = 100;
export const CUSTOM_PAGE_LABEL_MAX = 100;
export const CUSTOM_PAGE_URL_MAX = 2000;
/** HTML bodies are stored sanitised; this bounds what is sent. */
export const CUSTOM_PAGE_BODY_MAX = 200_000;

/** Lowercase words of letters and digits joined by single hyphens. */
export const CUSTOM_PAGE_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const CUSTOM_PAGES_MESSAGES = {
  notFound: 'Custom page not found',
  updateError: 'Error in editing the Custom page',
  removeError: 'Error in removing the Custom page',
  title: 'Insert a title',
  titleTooLong: `Ensure this field has no more than ${CUSTOM_PAGE_TITLE_MAX} characters.`,
  slug: 'Use only lowercase letters, digits and single hyphens.',
  slugTooLong: `Ensure this field has no more than ${CUSTOM_PAGE_SLUG_MAX} characters.`,
  slugTaken: 'Another page already uses this slug: choose a different one.',
  labelTooLong: `Ensure this field has no more than ${CUSTOM_PAGE_LABEL_MAX} characters.`,
  content: 'Write the text of the page, or give the alternative URL it leads to.',
  both: 'A page has either a text or an alternative URL, not both.',
  url: 'Invalid absolute or relative url',
} as const;

export const customPagesPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/custom_pages/',
  add: '/platform/api/v1/custom_pages/add/',
  get: '/platform/api/v1/custom_pages/:id/',
  update: '/platform/api/v1/custom_pages/:id/update/',
  remove: '/platform/api/v1/custom_pages/:id/delete/',
} as const;

/** A general page as the console shows it. */
export const customPageSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  label: z.string(),
  /** Where the page leads instead of showing a text (null when it has a text). */
  alternative_url: z.string().nullable(),
  html_body: z.string(),
  active: z.boolean(),
  created_at: z.string(),
  created_by: z.number().int().nullable(),
  updated_at: z.string(),
  updated_by: z.number().int().nullable(),
  updated_by_username: z.string().nullable(),
});
export type CustomPage = z.infer<typeof customPageSchema>;

export const customPageSummarySchema = customPageSchema.omit({ html_body: true });
export type CustomPageSummary = z.infer<typeof customPageSummarySchema>;

export const customPageListSchema = z.object({
  count: z.number().int(),
  results: z.array(customPageSummarySchema),
});
export type CustomPageList = z.infer<typeof customPageListSchema>;

export const customPageListQuerySchema = z.object({
  search: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(500).optional(),
  offset: z.coerce.number().int().min(0).optional(),
});
export type CustomPageListQuery = z.infer<typeof customPageListQuerySchema>;

/**
 * `custom_pages/add/` and `custom_pages/{id}/update/` (the whole page each time). Fields are loose on
 * purpose: `checkCustomPage` answers each bad field with its own message.
 */
export const customPageWriteBodySchema = z.object({
  title: z.string().max(CUSTOM_PAGE_BODY_MAX).optional(),
  slug: z.string().max(CUSTOM_PAGE_BODY_MAX).optional(),
  label: z.string().max(CUSTOM_PAGE_BODY_MAX).optional(),
  alternative_url: z.string().max(CUSTOM_PAGE_BODY_MAX).nullable().optional(),
  html_body: z.string().max(CUSTOM_PAGE_BODY_MAX).optional(),
  active: z.boolean().optional(),
});
export type CustomPageWriteBody = z.infer<typeof customPageWriteBodySchema>;

export interface CustomPageProblem {
  field: 'title' | 'slug' | 'label' | 'alternative_url' | 'html_body';
  code: 'required' | 'invalid' | 'max_length';
  message: string;
}

/**
 * What is wrong with a page's fields (console form and server alike). `text` is the body's plain
 * text: the server checks it again after sanitising, so markup alone is no text.
 */
export function checkCustomPage(body: CustomPageWriteBody, text: string): CustomPageProblem[] {
  const M = CUSTOM_PAGES_MESSAGES;
  const problems: CustomPageProblem[] = [];
  const title = body.title?.trim() ?? '';
  if (!title) problems.push({ field: 'title', code: 'required', message: M.title });
  else if (title.length > CUSTOM_PAGE_TITLE_MAX)
    problems.push({ field: 'title', code: 'max_length', message: M.titleTooLong });
  const slug = body.slug?.trim() ?? '';
  if (slug.length > CUSTOM_PAGE_SLUG_MAX)
    problems.push({ field: 'slug', code: 'max_length', message: M.slugTooLong });
  else if (slug && !CUSTOM_PAGE_SLUG.test(slug))
    problems.push({ field: 'slug', code: 'invalid', message: M.slug });
  if ((body.label?.trim() ?? '').length > CUSTOM_PAGE_LABEL_MAX)
    problems.push({ field: 'label', code: 'max_length', message: M.labelTooLong });
  const url = body.alternative_url?.trim() ?? '';
  const hasText = text.trim() !== '';
  if (url && hasText) problems.push({ field: 'alternative_url', code: 'invalid', message: M.both });
  else if (url && !isMenuUrl(url))
    problems.push({ field: 'alternative_url', code: 'invalid', message: M.url });
  else if (!url && !hasText) problems.push({ field: 'html_body', code: 'required', message: M.content });
  return problems;
}

/** SelfCommunity's custom page object (`type: normal`), with the page's label and alternative URL. */
export const memberCustomPageSchema = z.object({
  id: z.number().int(),
  type: z.literal('normal'),
  slug: z.string(),
  title: z.string(),
  label: z.string(),
  alternative_url: z.string().nullable(),
  html_summary: z.string(),
  html_body: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  active: z.boolean(),
  created_by: z.number().int().nullable(),
  updated_by: z.number().int().nullable(),
});
export type MemberCustomPage = z.infer<typeof memberCustomPageSchema>;

/** `custom_page/` and `custom_page/search/`: `active` is honoured for admins and editors only. */
export const memberCustomPageQuerySchema = memberListQuerySchema.extend({
  search: z.string().max(200).optional(),
  active: queryBoolean.optional(),
});
export type MemberCustomPageQuery = z.infer<typeof memberCustomPageQuerySchema>;
