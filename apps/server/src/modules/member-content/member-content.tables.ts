import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;
type BigId = ColumnType<number, number | bigint, number>;

/** Kysely types of the poll tables (migration 0015). */
export interface PollsTable {
  stack_id: number;
  contribution_id: BigId;
  title: Generated<string>;
  expiration_at: Timestamp | null;
  created_at: Timestamp;
}
export interface PollChoicesTable {
  stack_id: number;
  id: Generated<number>;
  contribution_id: BigId;
  position: number;
  choice: string;
  created_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    polls: PollsTable;
    poll_choices: PollChoicesTable;
  }
}
