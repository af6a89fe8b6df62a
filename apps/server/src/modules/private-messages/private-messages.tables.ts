import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** One thread per pair of members (migration 0045): the lower id first, each one's deleted-up-to id. */
export interface PmThreadsTable {
  stack_id: number;
  id: Generated<number>;
  user_lo: number;
  user_hi: number;
  lo_cleared_id: Generated<number>;
  hi_cleared_id: Generated<number>;
  last_message_at: Timestamp;
}

/** A thread's messages (migration 0045): seen by the receiver or not, deleted by the sender or not. */
export interface PmMessagesTable {
  stack_id: number;
  id: Generated<number>;
  thread_id: number;
  sender_id: number;
  receiver_id: number;
  message: string;
  created_at: Timestamp;
  seen_at: Timestamp | null;
  deleted_at: Timestamp | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    pm_threads: PmThreadsTable;
    pm_messages: PmMessagesTable;
  }
}
