import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  AUDIT_DETAILS_MAX_BYTES,
  AUDIT_REDACTED,
  AUDIT_SECRET_KEY_PATTERN,
  auditActionKey,
} from '@agora/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import './audit.tables.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Extra before/after details a route adds to its audit entry (secrets are redacted too). */
    auditDetails?: Record<string, unknown>;
  }
  interface FastifyInstance {
    /** Where the community scope's writes are recorded (decorated by the audit-log module). */
    auditSink?: AuditSink;
  }
}

export interface AuditEntry {
  stackId: number;
  accountId: number | null;
  communityUserId: number | null;
  username: string | null;
  role: string | null;
  method: string;
  /** Route pattern relative to the community (`/platform/api/v1/…/`). */
  route: string;
  target: Record<string, unknown>;
  details: Record<string, unknown>;
  ip: string | null;
}

export interface AuditSink {
  record(entry: AuditEntry): Promise<void>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A copy with every value under a secret-looking key replaced by `[redacted]`. */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return AUDIT_REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>).map(([k, v]) => [
        k,
        AUDIT_SECRET_KEY_PATTERN.test(k) ? AUDIT_REDACTED : redactSecrets(v, depth + 1),
      ]),
    );
  }
  return value;
}

/** The stored details: redacted, and cut to a 4 KB preview when larger. */
export function summarizeDetails(details: Record<string, unknown>): Record<string, unknown> {
  const redacted = redactSecrets(details) as Record<string, unknown>;
  const json = JSON.stringify(redacted) ?? '{}';
  if (Buffer.byteLength(json) <= AUDIT_DETAILS_MAX_BYTES) return redacted;
  let preview = json.slice(0, AUDIT_DETAILS_MAX_BYTES);
  while (Buffer.byteLength(preview) > AUDIT_DETAILS_MAX_BYTES) preview = preview.slice(0, -1);
  return { truncated: true, preview };
}

export function createDbAuditSink(db: Db, clock: Clock): AuditSink {
  return {
    async record(entry) {
      await db
        .insertInto('audit_log')
        .values({
          stack_id: entry.stackId,
          at: clock.now(),
          account_id: entry.accountId,
          community_user_id: entry.communityUserId,
          username: entry.username,
          role: entry.role,
          action: auditActionKey(entry.route),
          method: entry.method,
          route: entry.route,
          target: JSON.stringify(redactSecrets(entry.target)),
          details: JSON.stringify(summarizeDetails(entry.details)),
          ip: entry.ip,
        })
        .execute();
    },
  };
}

/**
 * Records a successful (status < 400) POST/PUT/PATCH/DELETE by a staff member who passed the guard.
 * A failure to record is logged, never thrown.
 */
export async function recordStaffWrite(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const staff = request.staff;
  const sink = request.server.auditSink;
  if (!staff || !sink || !WRITE_METHODS.has(request.method) || reply.statusCode >= 400) return;
  const pattern = request.routeOptions.url ?? request.url;
  const route = pattern.replace(/^\/c\/:slug(?=\/)/, '');
  const { slug: _slug, ...params } = (request.params ?? {}) as Record<string, unknown>;
  const details: Record<string, unknown> = {};
  if (request.body !== undefined && request.body !== null) details.body = request.body;
  if (request.auditDetails) Object.assign(details, request.auditDetails);
  try {
    await sink.record({
      stackId: staff.stackId,
      accountId: staff.accountId,
      communityUserId: staff.userId,
      username: staff.username,
      role: staff.role,
      method: request.method,
      route,
      target: { stack: { id: staff.stackId, slug: staff.slug }, params },
      details,
      ip: request.ip ?? null,
    });
  } catch (error) {
    request.log.error({ err: error }, 'audit log: recording failed');
  }
}

/**
 * onSend hook of the community scopes: the entry is written before the answer leaves, so a caller
 * who got the answer can already find the action in the log.
 */
export async function auditBeforeSend<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: T,
): Promise<T> {
  await recordStaffWrite(request, reply);
  return payload;
}
