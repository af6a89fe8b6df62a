import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** A community's promo codes (migration 0034); `tag_ids` are user tags given at sign-up. */
export interface PromoCodesTable {
  stack_id: number;
  id: Generated<number>;
  name: string;
  code: string;
  tag_ids: ColumnType<number[], number[], number[]>;
  valid_from: Timestamp;
  valid_to: Timestamp;
  created_at: Timestamp;
  created_by: number | null;
  created_by_username: string | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    promo_codes: PromoCodesTable;
  }
}
