import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the scoring tables (migration 0013). */
export interface ScoreConfigTable {
  stack_id: number;
  max_daily_points: number;
  points: ColumnType<Record<string, number>, string, string>;
  updated_at: Timestamp;
}
export interface ScoreHistoryTable {
  stack_id: number;
  id: Generated<string>;
  user_id: number;
  at: Timestamp;
  points: number;
  total_after: number;
  action: string;
  note: Generated<string>;
  by_staff_id: number | null;
}
export interface BansTable {
  stack_id: number;
  user_id: number;
  status: Generated<string>;
  ban_start: ColumnType<Date, Date | string | undefined, Date | string>;
  ban_until: Timestamp | null;
}

declare module '../../platform/db/schema.ts' {
  interface Database {
    score_config: ScoreConfigTable;
    score_history: ScoreHistoryTable;
    bans: BansTable;
  }
}
