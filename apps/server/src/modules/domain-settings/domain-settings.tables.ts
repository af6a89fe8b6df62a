import type { ColumnType } from 'kysely';

export interface StackDomainsTable {
  stack_id: number;
  domain: string;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    stack_domains: StackDomainsTable;
  }
}
