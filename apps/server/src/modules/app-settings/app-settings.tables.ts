import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's request for its own app in one store. */
export interface AppRequestsTable {
  stack_id: number;
  platform: string;
  status: string;
  account: ColumnType<Record<string, string>, string, string>;
  sent_at: Timestamp;
  updated_at: Timestamp;
}

/** One status change of an app request. */
export interface AppRequestEventsTable {
  stack_id: number;
  id: Generated<number>;
  platform: string;
  status: string;
  account_id: number | null;
  at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    app_requests: AppRequestsTable;
    app_request_events: AppRequestEventsTable;
  }
}
