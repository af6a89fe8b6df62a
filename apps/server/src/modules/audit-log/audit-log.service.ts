import {
  AUDIT_PEOPLE_LIMIT,
  AUDIT_PENDING_GRACE_SECONDS,
  auditActionSpec,
  ErrorCode,
  readOnlyAuditRoutes,
  type AuditAction,
  type AuditLogEntry,
  type AuditLogQuery,
  type AuditPerson,
} from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import {
  countEntries,
  listEntries,
  searchAuthors,
  type AuditLogFilter,
} from '../../platform/audit/audit-log-list.ts';
import { personNameRows, personNamesOf } from '../users/person-name-rows.repository.ts';
import { actionOf, changesOf, personRefOf, subjectOf } from './audit-entry-view.ts';
import { auditCsv } from './audit-csv.ts';

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

export type AuditLogFilters = Omit<AuditLogQuery, 'limit' | 'offset'>;

export function filterOf(stackId: number, q: AuditLogFilters, now: Date): AuditLogFilter {
  const from = parseBound(q.from, 'from');
  const until = parseBound(q.to, 'to');
  if (from && until && until <= from) {
    throw AppError.of(400, ErrorCode.invalid, 'The end date must be after the start date.', 'to');
  }
  return {
    stackId,
    person: q.person,
    routes: q.action ? auditActionSpec(q.action as AuditAction).routes : undefined,
    exceptRoutes: q.read_only === 'true' ? undefined : readOnlyAuditRoutes(),
    from,
    until,
    pendingBefore: pendingCutoff(now),
  };
}

type Row = Awaited<ReturnType<typeof listEntries>>[number];
type Known = { id: number; username: string; real_name: string | null };

const personOf = (user: Known): AuditPerson => ({
  id: user.id,
  username: user.username,
  name: user.real_name || null,
});

export function createAuditLogService(deps: Pick<PlatformDeps, 'db' | 'clock'>) {
  const { db } = deps;

  /** The entries of these rows, with the people they name resolved in one query. */
  async function entriesOf(stackId: number, rows: Row[]): Promise<AuditLogEntry[]> {
    const views = rows.map((row) => {
      const action = actionOf(row.method, row.route);
      return { row, action, ref: personRefOf(action, row.target, row.details) };
    });
    const ids = views.flatMap((v) => (v.ref && 'id' in v.ref ? [v.ref.id] : []));
    const usernames = views.flatMap((v) => (v.ref && 'username' in v.ref ? [v.ref.username] : []));
    const known = await personNamesOf(db, stackId, [...new Set(ids)], [...new Set(usernames)]);
    const byId = new Map(known.map((u) => [u.id, u]));
    const byUsername = new Map(known.map((u) => [u.username, u]));
    return views.map(({ row, action, ref }) => {
      const found = ref && ('id' in ref ? byId.get(ref.id) : byUsername.get(ref.username));
      const person: AuditPerson | null = found
        ? personOf(found)
        : ref
          ? { id: 'id' in ref ? ref.id : null, username: 'username' in ref ? ref.username : null, name: null }
          : null;
      const actor: AuditPerson | null =
        row.community_user_id === null && row.username === null
          ? null
          : {
              id: row.community_user_id,
              username: row.actor_username ?? row.username,
              name: row.actor_name || null,
            };
      return {
        id: Number(row.id),
        at: new Date(row.at).toISOString(),
        account_id: row.account_id,
        community_user_id: row.community_user_id,
        username: row.username,
        role: row.role,
        action,
        read_only: action !== 'unknown' && auditActionSpec(action).readOnly === true,
        actor,
        person,
        subject: subjectOf(action, row.target, row.details),
        changes: changesOf(action, row.details),
        method: row.method,
        route: row.route,
        target: row.target,
        details: row.details,
        ip: row.ip,
        status: row.status === 'completed' ? 'completed' : 'unconfirmed',
      };
    });
  }

  return {
    async page(stackId: number, q: AuditLogQuery) {
      const filter = filterOf(stackId, q, deps.clock.now());
      const [count, rows] = await Promise.all([
        countEntries(db, filter),
        listEntries(db, filter, personNameRows(db), q.limit, q.offset),
      ]);
      return { count, results: await entriesOf(stackId, rows) };
    },

    /** Who made changes in this log, by part of their username or real name. */
    async people(stackId: number, search: string | undefined) {
      const found = await searchAuthors(db, stackId, personNameRows(db), search ?? '', AUDIT_PEOPLE_LIMIT);
      return { results: found.map((u) => ({ ...personOf(u), id: u.id })) };
    },

    async csv(stackId: number, q: AuditLogFilters): Promise<string> {
      const filter = filterOf(stackId, q, deps.clock.now());
      const rows = await listEntries(db, filter, personNameRows(db), AUDIT_EXPORT_MAX_ROWS, 0);
      return auditCsv(await entriesOf(stackId, rows));
    },
  };
}
