import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** The transactional outbox (migration 0035): what happened in a community, kept for its subscribers. */
export interface EventsTable {
  id: Generated<number>;
  stack_id: number;
  type: string;
  data: ColumnType<unknown, string, string>;
  created_at: Timestamp;
  dispatched_at: Timestamp | null;
}

/** The event types some subscriber of a community wants: only these are recorded. */
export interface EventInterestsTable {
  stack_id: number;
  type: string;
}

declare module '../db/schema.ts' {
  interface Database {
    events: EventsTable;
    event_interests: EventInterestsTable;
  }
}
