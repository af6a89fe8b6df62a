import type { ColumnType, Generated } from 'kysely';

export interface RateLimitHitsTable {
  id: Generated<number>;
  bucket: string;
  key: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

declare module '../db/schema.ts' {
  interface Database {
    rate_limit_hits: RateLimitHitsTable;
  }
}
