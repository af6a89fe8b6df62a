import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the tables this module owns: an account's console preferences. */
export interface UserPreferencesTable {
  id: Generated<number>;
  account_id: number;
  key: string;
  value: string;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    user_preferences: UserPreferencesTable;
  }
}
