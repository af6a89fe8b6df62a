import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the tables this module owns: a community's dynamic preferences. */
export interface DynamicPreferencesTable {
  stack_id: number;
  name: string;
  section: string;
  value: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dynamic_preferences: DynamicPreferencesTable;
  }
}
