import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's custom ads (migration 0037). */
export interface CustomAdsTable {
  stack_id: number;
  id: Generated<number>;
  title: string;
  link: string;
  image: string;
  embed_code: string;
  category_id: number | null;
  position: string;
  active: Generated<boolean>;
  created_at: Timestamp;
  created_by: number | null;
  created_by_username: string | null;
  updated_at: Timestamp;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    custom_ads: CustomAdsTable;
  }
}
