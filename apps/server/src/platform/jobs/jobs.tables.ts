import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

export interface JobsTable {
  id: Generated<number>;
  stack_id: number | null;
  kind: string;
  payload: ColumnType<unknown, string, string>;
  run_at: Timestamp;
  attempts: Generated<number>;
  max_attempts: number;
  locked_at: Timestamp | null;
  locked_by: string | null;
  finished_at: Timestamp | null;
  failed_at: Timestamp | null;
  last_error: string | null;
  dedupe_key: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../db/schema.ts' {
  interface Database {
    jobs: JobsTable;
  }
}
