import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/**
 * Kysely types of the table user moderation owns: a member's ban and when it ends (created by
 * migration 0013 with the scoring tables). A member's standing is read through this module's
 * repository (`memberStanding`).
 */
export interface BansTable {
  stack_id: number;
  user_id: number;
  status: Generated<string>;
  ban_start: ColumnType<Date, Date | string | undefined, Date | string>;
  ban_until: Timestamp | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    bans: BansTable;
  }
}
