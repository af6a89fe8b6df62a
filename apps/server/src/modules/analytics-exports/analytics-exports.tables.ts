import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the analytics exports (migration 0007). */
export interface AnalyticsExportsTable {
  stack_id: number;
  id: Generated<number>;
  requested_by: number;
  account_id: number | null;
  type: 'users' | 'contributions' | 'categories' | 'thread';
  date_from: Timestamp | null;
  date_to: Timestamp | null;
  contribution_id: number | null;
  include_email: boolean;
  status: Generated<'pending' | 'running' | 'done' | 'failed'>;
  error: string | null;
  rows: number | null;
  bytes: number | null;
  created_at: Timestamp;
  completed_at: Timestamp | null;
  expires_at: Timestamp | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    analytics_exports: AnalyticsExportsTable;
  }
}
