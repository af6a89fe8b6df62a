import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { pageOf } from '../envelope.ts';

/** The audit log: every staff write in a community, recorded automatically (issue 5 §6). */
export const auditLogPaths = {
  /** Relative to a stack's internal_url. */
  list: '/platform/api/v1/audit_log/',
  export: '/platform/api/v1/audit_log/export/',
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
  staff: rowIdSchema.optional().describe('Community user id of the staff member'),
  action: z.string().max(120).optional().describe('Prefix of the action key, e.g. `dynamic_preference`'),
  from: z.string().max(40).optional().describe('YYYY-MM-DD or ISO date-time; entries from this moment'),
  to: z.string().max(40).optional().describe('YYYY-MM-DD (the whole day) or ISO date-time; entries until'),
  limit: z.coerce.number().int().min(1).max(AUDIT_LOG_MAX_LIMIT).default(AUDIT_LOG_DEFAULT_LIMIT),
  offset: z.coerce.number().int().min(0).default(0),
});
export type AuditLogQuery = z.infer<typeof auditLogQuerySchema>;

export const auditLogEntrySchema = z.object({
  id: z.number().int(),
  at: z.string().describe('ISO date-time'),
  account_id: z.number().int().nullable(),
  community_user_id: z.number().int().nullable(),
  username: z.string().nullable(),
  role: z.string().nullable(),
  action: z.string().describe('Readable key derived from the path, e.g. `dynamic_preference.update_multi`'),
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

export const auditLogStaffSchema = z.object({
  community_user_id: z.number().int(),
  username: z.string().nullable(),
});
export type AuditLogStaff = z.infer<typeof auditLogStaffSchema>;

export const auditLogPageSchema = pageOf(auditLogEntrySchema).extend({
  staff: z.array(auditLogStaffSchema).describe('Every staff member found in this log (for the filter)'),
});
export type AuditLogPage = z.infer<typeof auditLogPageSchema>;

/** The readable action key of a route: `/platform/api/v1/tags/:id/assign/` → `tags.assign`. */
export function auditActionKey(route: string): string {
  const parts = route
    .replace(/^\/c\/:slug/, '')
    .replace(/^\/(platform\/api\/v\d+|api\/v\d+)\//, '/')
    .split('/')
    .filter((p) => p !== '' && !p.startsWith(':') && !p.startsWith('{'));
  return parts.join('.') || '/';
}
