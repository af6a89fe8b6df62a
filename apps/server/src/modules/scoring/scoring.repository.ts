import { sql } from 'kysely';
import {
  DEFAULT_MAX_DAILY_POINTS,
  DEFAULT_SCORE_POINTS,
  SCORE_ACTIONS,
  type ScoreAction,
  type ScoreConfig,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import { addToScore } from '../users/community-users.repository.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import './scoring.tables.ts';

type Executor = Db;

export async function readConfig(db: Executor, stackId: number): Promise<ScoreConfig> {
  const row = await db
    .selectFrom('score_config')
    .select(['max_daily_points', 'points'])
    .where('stack_id', '=', stackId)
    .executeTakeFirst();
  const points = { ...DEFAULT_SCORE_POINTS };
  for (const action of SCORE_ACTIONS) {
    const value = row?.points[action];
    if (typeof value === 'number') points[action] = value;
  }
  return { max_daily_points: row?.max_daily_points ?? DEFAULT_MAX_DAILY_POINTS, points };
}

export async function writeConfig(db: Db, stackId: number, config: ScoreConfig, at: Date): Promise<void> {
  const points = JSON.stringify(config.points);
  await db
    .insertInto('score_config')
    .values({ stack_id: stackId, max_daily_points: config.max_daily_points, points, updated_at: at })
    .onConflict((oc) =>
      oc
        .column('stack_id')
        .doUpdateSet({ max_daily_points: config.max_daily_points, points, updated_at: at }),
    )
    .execute();
}

/** Points given by automatic actions (the penalty excluded) in [from, until). */
export async function earnedBetween(
  db: Db,
  stackId: number,
  userId: number,
  from: Date,
  until: Date,
  actions: readonly ScoreAction[],
): Promise<number> {
  const row = await db
    .selectFrom('score_history')
    .select(sql<string>`coalesce(sum(points), 0)`.as('total'))
    .where('stack_id', '=', stackId)
    .where('user_id', '=', userId)
    .where('at', '>=', from)
    .where('at', '<', until)
    .where('action', 'in', actions)
    .where('points', '>', 0)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

export interface NewHistoryRow {
  stackId: number;
  userId: number;
  at: Date;
  points: number;
  action: string;
  note: string;
  byStaffId: number | null;
}

/**
 * Adds the points to the user's score and writes the history row, inside the caller's transaction,
 * with SelfCommunity's `user.score_updated` webhook event: the one place a score changes.
 */
export async function applyPoints(db: Db, row: NewHistoryRow) {
  const totalAfter = await addToScore(db, row.stackId, row.userId, row.points);
  const data = {
    user: { id: row.userId, score: totalAfter },
    score: totalAfter,
    points: row.points,
    action: row.action,
    comment: row.note,
    by: row.byStaffId === null ? null : { id: row.byStaffId },
  };
  await recordEvent(db, { stackId: row.stackId, type: 'user.score_updated', data, at: row.at });
  return db
    .insertInto('score_history')
    .values({
      stack_id: row.stackId,
      user_id: row.userId,
      at: row.at,
      points: row.points,
      total_after: totalAfter,
      action: row.action,
      note: row.note,
      by_staff_id: row.byStaffId,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export interface HistoryFilter {
  stackId: number;
  userId: number;
  action?: string;
  from?: Date;
  until?: Date;
}

function filtered(db: Db, f: HistoryFilter) {
  let q = db
    .selectFrom('score_history as h')
    .where('h.stack_id', '=', f.stackId)
    .where('h.user_id', '=', f.userId);
  if (f.action) q = q.where('h.action', '=', f.action);
  if (f.from) q = q.where('h.at', '>=', f.from);
  if (f.until) q = q.where('h.at', '<', f.until);
  return q;
}

export async function countHistory(db: Db, f: HistoryFilter): Promise<number> {
  const row = await filtered(db, f)
    .select(sql<string>`count(*)`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export function listHistory(db: Db, f: HistoryFilter, limit: number, offset: number) {
  return filtered(db, f)
    .select(['h.id', 'h.user_id', 'h.at', 'h.points', 'h.total_after', 'h.action', 'h.note', 'h.by_staff_id'])
    .orderBy('h.at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

/** The last manual score change of each member (for the v2 `last_score_variation`). */
export async function lastManualScores(db: Db, stackId: number, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('score_history')
    .distinctOn('user_id')
    .select(['user_id', 'points', 'note', 'at', 'by_staff_id'])
    .where('stack_id', '=', stackId)
    .where('user_id', 'in', [...ids])
    .where('action', '=', 'manual')
    .orderBy('user_id')
    .orderBy('at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}
