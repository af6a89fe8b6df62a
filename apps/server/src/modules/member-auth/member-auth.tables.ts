import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the table this module owns (migration 0006): each member sign-in, desktop or app. */
export interface LoginsTable {
  stack_id: number;
  user_id: number;
  at: Timestamp;
  source: 'desktop' | 'app';
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    logins: LoginsTable;
  }
}
