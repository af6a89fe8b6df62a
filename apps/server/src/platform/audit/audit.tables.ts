import type { ColumnType, Generated } from 'kysely';

type Json = ColumnType<Record<string, unknown>, string, never>;

/** One recorded staff write (append-only: no column can be updated). */
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
  details: Json;
  ip: string | null;
}

declare module '../db/schema.ts' {
  interface Database {
    audit_log: AuditLogTable;
  }
}
