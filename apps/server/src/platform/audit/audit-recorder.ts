import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  AUDIT_DETAILS_MAX_BYTES,
  AUDIT_REDACTED,
  AUDIT_SECRET_KEY_PATTERN,
  auditActionKey,
  auditActionOf,
  ErrorCode,
} from '@agora/contract';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/database.ts';
import { AppError } from '../errors/app-error.ts';
import { storableText } from './storable-text.ts';
import './audit.tables.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Extra details a route adds to its audit entry (secrets are redacted too). `before`, a map of
     * field → earlier value, is shown beside the body's new values as the change's before/after.
     */
    auditDetails?: Record<string, unknown>;
    /** The pending entry of this request's write, completed or removed when the answer is sent. */
    auditEntry?: { stackId: number; id: number };
  }
  interface FastifyInstance {
    /** Where the community scopes' staff writes are recorded (decorated on the root app). */
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
  /** A completed entry at once (for writes made inside the caller's own transaction). */
  record(entry: AuditEntry): Promise<void>;
  /** A pending entry, written before the action; its id. Throws when it cannot be written. */
  begin(entry: AuditEntry): Promise<number>;
  /** The action succeeded: the entry is completed, with the route's final details. */
  complete(stackId: number, id: number, details: Record<string, unknown>): Promise<void>;
  /** The action failed: its pending entry goes. */
  discard(stackId: number, id: number): Promise<void>;
}

const WRITE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `{ name: 'jwt_secret_key', value: … }`: a name/value pair whose name is a secret's. */
function namesSecret(value: Record<string, unknown>): boolean {
  return typeof value.name === 'string' && AUDIT_SECRET_KEY_PATTERN.test(value.name);
}

/**
 * A copy with every value under a secret-looking key (or the `value` of a pair whose `name` is
 * secret-looking) replaced by `[redacted]`, and every string (keys too) made storable: NUL and lone
 * surrogates, which PostgreSQL's jsonb refuses, are replaced.
 */
export function redactSecrets(value: unknown, depth = 0): unknown {
  if (depth > 20) return AUDIT_REDACTED;
  if (typeof value === 'string') return storableText(value);
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v, depth + 1));
  if (value && typeof value === 'object') {
    if (Buffer.isBuffer(value)) return `[${value.length} bytes]`;
    const record = value as Record<string, unknown>;
    const secretPair = namesSecret(record);
    return Object.fromEntries(
      Object.entries(record).map(([k, v]) => [
        storableText(k),
        AUDIT_SECRET_KEY_PATTERN.test(k) || (secretPair && k === 'value')
          ? AUDIT_REDACTED
          : redactSecrets(v, depth + 1),
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
  // The cut may split a surrogate pair.
  return { truncated: true, preview: storableText(preview) };
}

function rowOf(entry: AuditEntry, at: Date) {
  return {
    stack_id: entry.stackId,
    at,
    account_id: entry.accountId,
    community_user_id: entry.communityUserId,
    username: entry.username === null ? null : storableText(entry.username),
    role: entry.role,
    action: auditActionOf(entry.method, entry.route) ?? auditActionKey(entry.route),
    method: entry.method,
    route: storableText(entry.route),
    target: JSON.stringify(redactSecrets(entry.target)),
    details: JSON.stringify(summarizeDetails(entry.details)),
    ip: entry.ip === null ? null : storableText(entry.ip),
  };
}

export function createDbAuditSink(db: Db, clock: Clock): AuditSink {
  return {
    async record(entry) {
      await db.insertInto('audit_log').values(rowOf(entry, clock.now())).execute();
    },

    async begin(entry) {
      const row = await db
        .insertInto('audit_log')
        .values({ ...rowOf(entry, clock.now()), status: 'pending' })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async complete(stackId, id, details) {
      await db
        .updateTable('audit_log')
        .set({ status: 'completed', details: JSON.stringify(summarizeDetails(details)) })
        .where('stack_id', '=', stackId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },

    async discard(stackId, id) {
      await db
        .deleteFrom('audit_log')
        .where('stack_id', '=', stackId)
        .where('id', '=', id)
        .where('status', '=', 'pending')
        .execute();
    },
  };
}

/** The refusal when a staff write cannot be recorded: the write is not made. */
export function auditUnavailableError(): AppError {
  return AppError.of(
    503,
    ErrorCode.auditUnavailable,
    'This change could not be recorded in the audit log, so it was not made. Try again later.',
  );
}

function detailsOf(request: FastifyRequest): Record<string, unknown> {
  const details: Record<string, unknown> = {};
  if (request.body !== undefined && request.body !== null) details.body = request.body;
  if (request.auditDetails) Object.assign(details, request.auditDetails);
  return details;
}

/**
 * preHandler of the community scopes (after the guard and validation): a POST/PUT/PATCH/DELETE by a
 * staff member is written as a pending entry in its own statement before the handler runs. When that
 * fails, the request fails (503) and the handler never runs: no staff write happens unrecorded.
 */
export async function auditBeforeHandler(request: FastifyRequest): Promise<void> {
  const staff = request.staff;
  if (!staff || !WRITE_METHODS.has(request.method)) return;
  const sink = request.server.auditSink;
  if (!sink) throw auditUnavailableError();
  const pattern = request.routeOptions.url ?? request.url;
  const route = pattern.replace(/^\/c\/:slug(?=\/)/, '');
  const { slug: _slug, ...params } = (request.params ?? {}) as Record<string, unknown>;
  const via = request.member?.via;
  try {
    const id = await sink.begin({
      stackId: staff.stackId,
      accountId: staff.accountId,
      communityUserId: staff.userId,
      username: staff.username,
      role: staff.role,
      method: request.method,
      route,
      target: { stack: { id: staff.stackId, slug: staff.slug }, params, ...(via ? { via } : {}) },
      details: detailsOf(request),
      ip: request.ip ?? null,
    });
    request.auditEntry = { stackId: staff.stackId, id };
  } catch (error) {
    request.log.error({ err: error }, 'audit log: the entry could not be written; the write is refused');
    throw auditUnavailableError();
  }
}

/**
 * onSend of the community scopes: before the answer leaves, the pending entry is completed (with the
 * route's before/after details) when the answer is a success, and removed when it is not. A failure
 * here leaves the entry pending — shown as unconfirmed — since the action may already be done.
 */
export async function auditBeforeSend<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  payload: T,
): Promise<T> {
  const pending = request.auditEntry;
  const sink = request.server.auditSink;
  if (!pending || !sink) return payload;
  request.auditEntry = undefined;
  try {
    if (reply.statusCode < 400) await sink.complete(pending.stackId, pending.id, detailsOf(request));
    else await sink.discard(pending.stackId, pending.id);
  } catch (error) {
    request.log.error({ err: error }, 'audit log: the entry could not be completed; it stays unconfirmed');
  }
  return payload;
}

/** Installs the audit hooks on a community scope (console or member API). */
export function installAuditHooks(scope: FastifyInstance): void {
  scope.addHook('preHandler', auditBeforeHandler);
  scope.addHook('onSend', auditBeforeSend);
}
