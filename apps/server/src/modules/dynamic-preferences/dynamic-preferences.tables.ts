import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the tables this module owns: a community's dynamic preferences and its sealed secrets. */
export interface DynamicPreferencesTable {
  stack_id: number;
  name: string;
  section: string;
  value: string;
  updated_at: Timestamp;
  updated_by: number | null;
}

export interface StackSecretsTable {
  stack_id: number;
  name: string;
  sealed: string;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    dynamic_preferences: DynamicPreferencesTable;
    stack_secrets: StackSecretsTable;
  }
}
