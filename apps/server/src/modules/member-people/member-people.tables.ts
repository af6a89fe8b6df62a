import type { ColumnType } from 'kysely';
import '../activity/activity.tables.ts';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A member asked another to connect (migration 0014); accepting turns it into a `connections` row. */
export interface ConnectionRequestsTable {
  stack_id: number;
  from_id: number;
  to_id: number;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    connection_requests: ConnectionRequestsTable;
  }
}
