import type { Db } from '../db/database.ts';
import { escapeLike } from '../db/like-pattern.ts';
import './audit.tables.ts';

// The list of a community's audit log, beside the recorder that writes it: the platform owns
// `audit_log`, and the audit-log module's screen and export ask these.

export interface AuditLogFilter {
  stackId: number;
  staff?: number;
  actionPrefix?: string;
  from?: Date;
  /** Excluded upper bound. */
  until?: Date;
  /**
   * Pending entries written before this moment are shown (as unconfirmed); younger ones are actions
   * in progress and are not shown. Completed entries always are.
   */
  pendingBefore: Date;
}

function filtered(db: Db, f: AuditLogFilter) {
  let q = db
    .selectFrom('audit_log')
    .where('stack_id', '=', f.stackId)
    .where((eb) => eb.or([eb('status', '=', 'completed'), eb('at', '<', f.pendingBefore)]));
  if (f.staff !== undefined) q = q.where('community_user_id', '=', f.staff);
  if (f.actionPrefix) q = q.where('action', 'like', `${escapeLike(f.actionPrefix)}%`);
  if (f.from) q = q.where('at', '>=', f.from);
  if (f.until) q = q.where('at', '<', f.until);
  return q;
}

const COLUMNS = [
  'id',
  'at',
  'account_id',
  'community_user_id',
  'username',
  'role',
  'action',
  'method',
  'route',
  'target',
  'details',
  'ip',
  'status',
] as const;

export async function countEntries(db: Db, f: AuditLogFilter): Promise<number> {
  const row = await filtered(db, f)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function listEntries(db: Db, f: AuditLogFilter, limit: number, offset: number) {
  return filtered(db, f)
    .select(COLUMNS)
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The staff members found in a community's log, for the console's filter. */
export async function distinctStaff(db: Db, stackId: number, pendingBefore: Date) {
  const rows = await filtered(db, { stackId, pendingBefore })
    .where('community_user_id', 'is not', null)
    .select(['community_user_id', (eb) => eb.fn.max('username').as('username')])
    .groupBy('community_user_id')
    .execute();
  return rows
    .map((r) => ({ community_user_id: Number(r.community_user_id), username: r.username ?? null }))
    .sort((a, b) => (a.username ?? '').localeCompare(b.username ?? ''));
}
