import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { pageOf } from '../envelope.ts';
import { auditActionNames } from './audit-actions.ts';

/** The audit log: every staff write in a community, recorded automatically (issue 5 §6). */
export const auditLogPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/audit_log/',
  export: '/platform/api/v1/audit_log/export/',
  /** The people found in the log (who made changes), searched by name. */
  people: '/platform/api/v1/audit_log/people/',
} as const;

export const AUDIT_LOG_DEFAULT_LIMIT = 20;
export const AUDIT_LOG_MAX_LIMIT = 100;
/** Largest stored details (request body summary), in bytes of JSON. */
export const AUDIT_DETAILS_MAX_BYTES = 4096;
/** Body keys whose values are never stored. */
export const AUDIT_SECRET_KEY_PATTERN = /password|secret|token|key/i;
export const AUDIT_REDACTED = '[redacted]';
/** A pending entry older than this is shown as `unconfirmed`; younger ones are actions in progress. */
export const AUDIT_PENDING_GRACE_SECONDS = 60;

export const auditLogQuerySchema = z.object({
  person: rowIdSchema.optional().describe('Community user id of the staff member who made the change'),
  action: z
    .enum(auditActionNames() as [string, ...string[]])
    .optional()
    .describe('An action of the registry (`AUDIT_ACTIONS`), e.g. `settings.update`'),
  from: z.string().max(40).optional().describe('YYYY-MM-DD or ISO date-time; entries from this moment'),
  to: z.string().max(40).optional().describe('YYYY-MM-DD (the whole day) or ISO date-time; entries until'),
  read_only: z
    .enum(['true', 'false'])
    .optional()
    .describe('`true` also lists read-only events (sign-ins, test mails, exports); hidden by default'),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).default(AUDIT_LOG_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

/** A person as the log names them: never a bare id when the community still knows them. */
export const auditPersonSchema = z.object({
  id: z.number().int().nullable().describe('Community user id (null when only the username is known)'),
  username: z.string().nullable(),
  name: z.string().nullable().describe('Real name, when the user has one'),
});
export type AuditPerson = z.infer<typeof auditPersonSchema>;

/** One field an action changed, as text; null where the log holds no value (e.g. no earlier value). */
export const auditChangeSchema = z.object({
  field: z.string(),
  before: z.string().nullable(),
  after: z.string().nullable(),
});
export type AuditChange = z.infer<typeof auditChangeSchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO date-time'),
  account_id: z.number().int().nullable(),
  community_user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  action: z
    .string()
    .describe('The action of the registry (`AUDIT_ACTIONS`), or `unknown` for a route no longer in it'),
  read_only: z.boolean().describe('A sign-in, test or export: nothing in the community changed'),
  actor: auditPersonSchema.nullable().describe('Who made the change'),
  person: auditPersonSchema.nullable().describe('The person the action was done to, when there is one'),
  subject: z
    .string()
    .nullable()
    .describe('What the sentence names besides the person: a role, a settings group, a platform, a name'),
  changes: z.array(auditChangeSchema).describe('Fields set by the action, with earlier values when known'),
  method: z.string(),
  route: z.string().describe('Route pattern relative to the community, e.g. `/platform/api/v1/…/`'),
  target: z.record(z.string(), z.unknown()),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
  status: z
    .enum(['completed', 'unconfirmed'])
    .describe(
      '`completed`: the action succeeded. `unconfirmed`: it was started but never confirmed (the server ' +
        'stopped or could not complete the entry) — it may or may not have happened',
    ),
});
export type AuditLogEntry = z.infer<typeof auditLogEntrySchema>;

export const auditLogPageSchema = pageOf(auditLogEntrySchema);
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

export const auditLogPeopleQuerySchema = z.object({
  search: z.string().max(100).optional().describe('Part of a username or real name'),
});
export const auditLogPeopleSchema = z.object({
  results: z.array(auditPersonSchema.extend({ id: z.number().int() })).describe('At most 20, by username'),
});
export type AuditLogPeople = z.infer<typeof auditLogPeopleSchema>;
export const AUDIT_PEOPLE_LIMIT = 20;

/** The readable action key of a route: `/platform/api/v1/tags/:id/assign/` → `tags.assign`. */
export function auditActionKey(route: string): string {
  const parts = route
    .replace(/^\/c\/:slug/, '')
    .replace(/^\/(platform\/api\/v\d+|api\/v\d+)\//, '/')
    .split('/')
    .filter((p) => p !== '' && !p.startsWith(':') && !p.startsWith('{'));
  return parts.join('.') || '/';
}
