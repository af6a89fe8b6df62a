import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string, Date | string>;

/** Kysely types of the scoring tables (migration 0013; its `bans` table belongs to user moderation). */
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

declare module '../../platform/db/schema.ts' {
  interface Database {
    score_config: ScoreConfigTable;
    score_history: ScoreHistoryTable;
  }
}
