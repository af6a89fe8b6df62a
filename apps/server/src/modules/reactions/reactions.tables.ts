import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's reactions (migration 0022); `image` is the public address of the stored file. */
export interface ReactionsTable {
  stack_id: number;
  id: Generated<number>;
  label: string;
  image: string;
  sentiment: number;
  active: Generated<boolean>;
  is_default: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
  updated_by: number | null;
  updated_by_username: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    reactions: ReactionsTable;
  }
}
