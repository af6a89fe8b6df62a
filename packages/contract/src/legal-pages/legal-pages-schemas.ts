import { z } from 'zod';

/**
 * Legal pages (spec mgmt §2 Pages, §3, §4, §8): one page per policy and community, each a chain of
 * versions; members acknowledge a version. SelfCommunity's policy slugs are `tec` (terms and
 * conditions) and `privacy`; `cookies` is the third policy an owner publishes.
 */
export const LEGAL_POLICIES = ['tec', 'privacy', 'cookies'] as const;
export const legalPolicySchema = z.enum(LEGAL_POLICIES);
export type LegalPolicy = z.infer<typeof legalPolicySchema>;

/** The policies every member must have accepted in their current version (ADR 0018). */
export const REQUIRED_LEGAL_POLICIES: readonly LegalPolicy[] = ['tec', 'privacy'];

/** The member API names the pending acceptances in this response header (ADR 0018). */
export const LEGAL_ACCEPTANCE_HEADER = 'X-Legal-Acceptance-Required';

export const LEGAL_LABEL_MAX = 255;
/** HTML bodies are stored sanitised; this bounds what is sent. */
export const LEGAL_BODY_MAX = 200_000;

export const LEGAL_PAGES_MESSAGES = {
  notFound: 'Legal page not found',
  label: 'Insert a valid label',
  labelTooLong: `Ensure this field has no more than ${LEGAL_LABEL_MAX} characters.`,
  body: 'Insert the text of the page',
  policy: 'Choose a policy',
  policyTaken: 'This policy already has a legal page: save a new version of it.',
  dates: 'The end of validity must come after its start.',
  requiredPolicy: 'A required policy cannot be removed: save a new version of it instead.',
  notCurrentVersion: 'Accept the current version of each legal page (legal_page/last_revisions/).',
} as const;

export const legalPagesPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/legal_pages/',
  add: '/platform/api/v1/legal_pages/add/',
  get: '/platform/api/v1/legal_pages/:id/',
  addVersion: '/platform/api/v1/legal_pages/:id/versions/add/',
  forceAccept: '/platform/api/v1/legal_pages/:id/force_accept/',
  remove: '/platform/api/v1/legal_pages/:id/delete/',
} as const;

export const legalVersionSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  html_body: z.string(),
  valid_from: z.string().nullable(),
  valid_to: z.string().nullable(),
  created_at: z.string(),
  /** Members whose acceptance of this version holds (a force-accept clears them all). */
  accepted_count: z.number().int(),
});
export type LegalVersion = z.infer<typeof legalVersionSchema>;

export const legalPageSummarySchema = z.object({
  id: z.number().int(),
  policy: legalPolicySchema,
  required: z.boolean(),
  /** The current version (the newest). */
  version: legalVersionSchema.omit({ html_body: true }),
  versions_count: z.number().int(),
});
export type LegalPageSummary = z.infer<typeof legalPageSummarySchema>;

export const legalPageListSchema = z.object({
  count: z.number().int(),
  results: z.array(legalPageSummarySchema),
});
export type LegalPageList = z.infer<typeof legalPageListSchema>;

export const legalPageDetailSchema = z.object({
  id: z.number().int(),
  policy: legalPolicySchema,
  required: z.boolean(),
  /** Newest first: the first is the current version. */
  versions: z.array(legalVersionSchema),
});
export type LegalPageDetail = z.infer<typeof legalPageDetailSchema>;

/** A day (`YYYY-MM-DD`), or empty for none. */
const dayOrEmpty = z.union([z.iso.date(), z.literal('')]).optional();

/** A new version of a page; `legal_pages/add/` also names its policy. Checked by `checkLegalVersion`. */
export const legalVersionBodySchema = z.object({
  label: z.string().max(LEGAL_BODY_MAX).optional(),
  html_body: z.string().max(LEGAL_BODY_MAX).optional(),
  valid_from: dayOrEmpty,
  valid_to: dayOrEmpty,
});
export type LegalVersionBody = z.infer<typeof legalVersionBodySchema>;
export const legalPageAddBodySchema = legalVersionBodySchema.extend({ policy: z.string().optional() });
export type LegalPageAddBody = z.infer<typeof legalPageAddBodySchema>;

export interface LegalProblem {
  field: 'label' | 'html_body' | 'valid_to' | 'policy';
  code: 'required' | 'invalid' | 'max_length';
  message: string;
}

/** What is wrong with a version's fields (the body is checked again after sanitising on the server). */
export function checkLegalVersion(body: LegalVersionBody): LegalProblem[] {
  const M = LEGAL_PAGES_MESSAGES;
  const problems: LegalProblem[] = [];
  const label = body.label?.trim() ?? '';
  if (!label) problems.push({ field: 'label', code: 'required', message: M.label });
  else if (label.length > LEGAL_LABEL_MAX)
    problems.push({ field: 'label', code: 'max_length', message: M.labelTooLong });
  if (!body.html_body?.trim()) problems.push({ field: 'html_body', code: 'required', message: M.body });
  if (body.valid_from && body.valid_to && body.valid_to <= body.valid_from)
    problems.push({ field: 'valid_to', code: 'invalid', message: M.dates });
  return problems;
}

export const forceAcceptResultSchema = z.object({ round: z.number().int() });
