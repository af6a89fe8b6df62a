import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/**
 * Email invitations (spec mgmt §2 "Email invitations", §3 "Invitation", §4, §5 "Invitation CSV"; issue
 * 14 §3): staff invite people by email with a forced username, a role, user tags and categories; the
 * invitation's code is the way in at sign-up (`invite_code`), the only one when the community is
 * invitation-only.
 */

/** Roles an invitation may give (spec mgmt §5); none: a plain member. */
export const INVITATION_ROLES = ['admin', 'moderator', 'editor', 'publisher'] as const;
export type InvitationRole = (typeof INVITATION_ROLES)[number];

/** To be sent → sent → used (registered), spec mgmt §4. */
export const INVITATION_STATUSES = ['to_send', 'sent', 'used'] as const;
export type InvitationStatus = (typeof INVITATION_STATUSES)[number];

/** The console's two tabs: management (processing: to be sent or sent) and registered (accepted: used). */
export const INVITATION_TABS = ['processing', 'accepted'] as const;
export type InvitationTab = (typeof INVITATION_TABS)[number];

export const INVITATION_NAME_MAX = 255;
export const INVITATION_USERNAME_MAX = 255;
export const INVITATION_EMAIL_MAX = 254;
/** Spec mgmt §5 and §9: at most 5,000 rows per upload. */
export const INVITATION_CSV_MAX_ROWS = 5000;
/** Bytes an uploaded CSV may have (5,000 rows of long names, tags and categories fit well under it). */
export const INVITATION_CSV_MAX_BYTES = 5 * 1024 * 1024;
/** How many bad rows the import report lists; the rest are counted ('...and other errors({count})'). */
export const INVITATION_CSV_REPORTED_ERRORS = 20;
/** Invitations one call adds, updates, deletes or sends. */
export const INVITATION_BATCH_MAX = 5000;
/** The CSV's columns (the header row names them; tags and categories hold names separated by `|`). */
export const INVITATION_CSV_COLUMNS = ['name', 'email', 'username', 'role', 'tags', 'categories'] as const;

export const InvitationErrorCode = {
  /** The uploaded file is not a readable CSV (spec core §8 'Error parsing CSV file'). */
  csvParse: 'invitation_csv_parse',
  /** The file holds more rows than one upload takes. */
  csvTooManyRows: 'invitation_csv_too_many_rows',
  /** The invite code is known but already used. */
  codeUsed: 'invite_code_used',
  /** Sign-up with an invite code that does not exist in the community. */
  codeInvalid: 'invite_code_invalid',
  /** The invitation was used: it cannot be changed or sent any more. */
  alreadyUsed: 'invitation_used',
} as const;

/** Messages of spec core §8 and mgmt §5, word for word where the spec has them. */
export const INVITATION_MESSAGES = {
  required: 'This field is required.',
  nameTooLong: `Ensure this field has no more than ${INVITATION_NAME_MAX} characters.`,
  emailInvalid: 'Enter a valid email address.',
  usernameInvalid:
    'Enter a valid username. This value may contain only letters, numbers, and _ or - characters.',
  roleInvalid: 'Choose admin, moderator, editor or publisher.',
  tagsInvalid: 'Choose user tags of this community.',
  categoriesInvalid: 'Choose categories of this community.',
  emailMember: 'A member with this email already exists.',
  usernameMember: 'A member with this username already exists.',
  emailInvited: 'An invitation for this email already exists.',
  usernameInvited: 'An invitation for this username already exists.',
  emailTwice: 'This email is on another row of the file.',
  usernameTwice: 'This username is on another row of the file.',
  csvParse: 'Error parsing CSV file',
  csvColumns: 'Error parsing CSV file: the header row must name the columns name, email, username and role.',
  csvTooManyRows: `The file holds more than ${INVITATION_CSV_MAX_ROWS} rows: upload at most ${INVITATION_CSV_MAX_ROWS} at a time.`,
  csvFileRequired: 'Choose a CSV file to upload.',
  otherErrors: (count: number) => `...and other errors(${count}) found in the csv to be imported!`,
  notFound: 'This invitation is not found.',
  alreadyUsed: 'This invitation has been used: it cannot be changed or sent again.',
  codeInvalid: 'This invite code is not valid.',
  codeUsed: 'This invite code has already been used.',
  codeRequired: 'This community accepts new members by invitation only: sign up with your invite code.',
} as const;

const USERNAME = /^[A-Za-z0-9_-]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface InvitationInput {
  name?: string;
  email?: string;
  username?: string;
  role?: string | null;
}

export interface InvitationFieldProblem {
  field: 'name' | 'email' | 'username' | 'role';
  message: string;
}

/** The syntax of one invitation's fields (the console's dialog, the add call and every CSV row). */
export function checkInvitationInput(input: InvitationInput): InvitationFieldProblem[] {
  const m = INVITATION_MESSAGES;
  const problems: InvitationFieldProblem[] = [];
  const name = (input.name ?? '').trim();
  if (name.length > INVITATION_NAME_MAX) problems.push({ field: 'name', message: m.nameTooLong });
  const email = (input.email ?? '').trim();
  if (email === '') problems.push({ field: 'email', message: m.required });
  else if (email.length > INVITATION_EMAIL_MAX || !EMAIL.test(email))
    problems.push({ field: 'email', message: m.emailInvalid });
  const username = (input.username ?? '').trim();
  if (username === '') problems.push({ field: 'username', message: m.required });
  else if (username.length > INVITATION_USERNAME_MAX || !USERNAME.test(username))
    problems.push({ field: 'username', message: m.usernameInvalid });
  const role = input.role ?? '';
  if (role !== '' && !(INVITATION_ROLES as readonly string[]).includes(role))
    problems.push({ field: 'role', message: m.roleInvalid });
  return problems;
}

const namedRefSchema = z.object({ id: z.number().int(), name: z.string() });

export const invitationSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  email: z.string(),
  username: z.string().describe('Forced at sign-up'),
  role: z.enum(INVITATION_ROLES).nullable().describe('null: a plain member'),
  tags: z.array(namedRefSchema).describe('User tags the member gets'),
  categories: z.array(namedRefSchema).describe('Categories the member follows'),
  code: z.string(),
  status: z.enum(INVITATION_STATUSES),
  created_at: z.string(),
  sent_at: z.string().nullable(),
  used_at: z.string().nullable(),
  user_id: z.number().int().nullable().describe('The member who signed up with it'),
});
export type Invitation = z.infer<typeof invitationSchema>;

export const invitationListSchema = z.object({ count: z.number().int(), results: z.array(invitationSchema) });
export type InvitationList = z.infer<typeof invitationListSchema>;

export const invitationListQuerySchema = z.object({
  tab: z.enum(INVITATION_TABS).default('processing'),
  status: z.enum(INVITATION_STATUSES).optional(),
  search: z.string().max(255).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(20),
  offset: z.coerce.number().int().min(0).max(1_000_000_000).default(0),
});
export type InvitationListQuery = z.infer<typeof invitationListQuerySchema>;

export const invitationWriteSchema = z.object({
  name: z.string().max(1000).optional(),
  email: z.string().max(1000).optional(),
  username: z.string().max(1000).optional(),
  role: z.string().max(50).nullable().optional(),
  tags: z.array(rowIdSchema).max(200).optional(),
  categories: z.array(rowIdSchema).max(500).optional(),
});
export type InvitationWrite = z.infer<typeof invitationWriteSchema>;

/** `invitations/add/`: the add list call. */
export const invitationAddBodySchema = z.object({
  invitations: z.array(invitationWriteSchema).min(1).max(INVITATION_BATCH_MAX),
});
export type InvitationAddBody = z.infer<typeof invitationAddBodySchema>;
export const invitationAddResultSchema = z.object({ results: z.array(invitationSchema) });

export const invitationIdsBodySchema = z.object({
  ids: z.array(rowIdSchema).min(1).max(INVITATION_BATCH_MAX),
});
export type InvitationIdsBody = z.infer<typeof invitationIdsBodySchema>;
export const invitationDeleteResultSchema = z.object({ deleted: z.number().int() });

/** A sending task of the send list call: progress until every chosen invitation is sent or failed. */
export const invitationSendSchema = z.object({
  id: z.number().int(),
  status: z.enum(['running', 'done']),
  total: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type InvitationSend = z.infer<typeof invitationSendSchema>;

/** Why a row was left out, for the console to word: a key of INVITATION_MESSAGES (or `columns`). */
export const invitationImportProblemSchema = z.object({
  field: z.string(),
  code: z.string(),
  value: z.string().optional().describe('The unknown names, or the cells found'),
});
export type InvitationImportProblem = z.infer<typeof invitationImportProblemSchema>;

export const invitationImportErrorSchema = z.object({
  line: z.number().int().describe('The line of the file (the header is line 1)'),
  message: z.string(),
  problems: z.array(invitationImportProblemSchema),
});
export type InvitationImportError = z.infer<typeof invitationImportErrorSchema>;

export const invitationImportResultSchema = z.object({
  imported: z.number().int(),
  errors: z.array(invitationImportErrorSchema).describe('The first bad rows, by line'),
  error_count: z.number().int().describe('Every bad row'),
  other_errors: z.string().nullable().describe("'...and other errors({count})' beyond the listed ones"),
});
export type InvitationImportResult = z.infer<typeof invitationImportResultSchema>;

/** The upload: multipart with the CSV in the field `file` (as every CSV upload of the product). */
export const invitationImportBodySchema = z.object({
  file: z
    .any()
    .optional()
    .meta({ type: 'string', format: 'binary', description: 'The CSV file (UTF-8, `,` or `;` separated)' }),
});

export const invitationsPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/invitations/',
  add: '/platform/api/v1/invitations/add/',
  update: '/platform/api/v1/invitations/:id/update/',
  remove: '/platform/api/v1/invitations/delete/',
  send: '/platform/api/v1/invitations/send/',
  sendStatus: '/platform/api/v1/invitations/sends/:id/',
  import: '/platform/api/v1/invitations/import/',
} as const;
