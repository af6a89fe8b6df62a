import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Status = 'pending' | 'votable' | 'ready' | 'published' | 'hidden' | 'ignored';

/** Kysely types of the incubator's tables (migration 0026), owned by this module. */
export interface IncubatorsTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  slug: string;
  slogan: Generated<string>;
  status: ColumnType<Status, Status | undefined, Status>;
  restore_status: 'pending' | 'votable' | 'ready' | 'ignored' | null;
  user_id: number | null;
  category_id: number | null;
  ready_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: Timestamp;
}

export interface IncubatorSubscriptionsTable {
  stack_id: number;
  incubator_id: number;
  user_id: number;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    incubators: IncubatorsTable;
    incubator_subscriptions: IncubatorSubscriptionsTable;
  }
}
