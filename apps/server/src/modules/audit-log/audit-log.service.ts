import {
  AUDIT_PENDING_GRACE_SECONDS,
  ErrorCode,
  type AuditLogEntry,
  type AuditLogQuery,
} from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import {
  countEntries,
  distinctStaff,
  listEntries,
  type AuditLogFilter,
} from '../../platform/audit/audit-log-list.ts';

/** Most rows one CSV export holds. */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `YYYY-MM-DD` (the day's start; for `to`, the whole day) or an ISO date-time. */
function parseBound(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  const date = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) {
    throw AppError.of(400, ErrorCode.invalid, 'Enter a date as YYYY-MM-DD or an ISO date-time.', field);
  }
  if (field === 'to')
    return DAY.test(value) ? new Date(date.getTime() + 86_400_000) : new Date(date.getTime() + 1);
  return date;
}

/** Pending entries older than the grace period are shown (unconfirmed); younger ones are in progress. */
export function pendingCutoff(now: Date): Date {
  return new Date(now.getTime() - AUDIT_PENDING_GRACE_SECONDS * 1000);
}

export function filterOf(
  stackId: number,
  q: Omit<AuditLogQuery, 'limit' | 'offset'>,
  now: Date,
): AuditLogFilter {
  const from = parseBound(q.from, 'from');
  const until = parseBound(q.to, 'to');
  if (from && until && until <= from) {
    throw AppError.of(400, ErrorCode.invalid, 'The end date must be after the start date.', 'to');
  }
  return {
    stackId,
    staff: q.staff,
    actionPrefix: q.action?.trim() || undefined,
    from,
    until,
    pendingBefore: pendingCutoff(now),
  };
}

type Row = Awaited<ReturnType<typeof listEntries>>[number];

function entryOf(row: Row): AuditLogEntry {
  return {
    id: Number(row.id),
    at: new Date(row.at).toISOString(),
    account_id: row.account_id,
    community_user_id: row.community_user_id,
    username: row.username,
    role: row.role,
    action: row.action,
    method: row.method,
    route: row.route,
    target: row.target,
    details: row.details,
    ip: row.ip,
    status: row.status === 'completed' ? 'completed' : 'unconfirmed',
  };
}

/** A CSV cell: quoted, and never read as a formula by a spreadsheet (= + - @ tab CR escaped). */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export const AUDIT_CSV_COLUMNS = [
  'id',
  'at',
  'username',
  'community_user_id',
  'account_id',
  'role',
  'action',
  'method',
  'route',
  'target',
  'details',
  'ip',
  'status',
] as const;

export function createAuditLogService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  return {
    async page(stackId: number, q: AuditLogQuery) {
      const filter = filterOf(stackId, q, deps.clock.now());
      const [count, rows, staff] = await Promise.all([
        countEntries(deps.db, filter),
        listEntries(deps.db, filter, q.limit, q.offset),
        distinctStaff(deps.db, stackId, filter.pendingBefore),
      ]);
      return { count, results: rows.map(entryOf), staff };
    },

    async csv(stackId: number, q: Omit<AuditLogQuery, 'limit' | 'offset'>): Promise<string> {
      const rows = await listEntries(
        deps.db,
        filterOf(stackId, q, deps.clock.now()),
        AUDIT_EXPORT_MAX_ROWS,
        0,
      );
      const lines = [AUDIT_CSV_COLUMNS.join(',')];
      for (const entry of rows.map(entryOf))
        lines.push(AUDIT_CSV_COLUMNS.map((c) => csvCell(entry[c])).join(','));
      return `${lines.join('\r\n')}\r\n`;
    },
  };
}
