import type { ColumnType } from 'kysely';

/** Kysely types of the dashboard layouts (migration 0007). */
export interface DashboardLayoutsTable {
  stack_id: number;
  user_id: number;
  layout: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dashboard_layouts: DashboardLayoutsTable;
  }
}
