import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<Record<string, unknown>, string, never>;

/**
 * `pending` while the action runs (written before it, so an action that cannot be recorded does not
 * happen), `completed` once it succeeded; a pending entry of a failed action is removed.
 */
export type AuditStatus = 'pending' | 'completed';

/** One recorded staff write (append-only: only a pending entry's status and details may change, once). */
export interface AuditLogTable {
  stack_id: number;
  id: Generated<number>;
  at: ColumnType<Date, Date | string, never>;
  account_id: number | null;
  community_user_id: number | null;
  username: string | null;
  role: string | null;
  action: string;
  method: string;
  route: string;
  target: Json;
  details: ColumnType<Record<string, unknown>, string, string>;
  ip: string | null;
  status: ColumnType<AuditStatus, AuditStatus | undefined, 'completed'>;
}

declare module '../db/schema.ts' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
