import {
  ErrorCode,
  MANUAL_SCORE_ACTION,
  PENALTY_SCORE_ACTION,
  SCORE_ACTIONS,
  SCORE_COMMENT_MAX,
  SCORING_MESSAGES,
  manualPointsError,
  maxDailyPointsError,
  scoreActionSchema,
  scorePointsError,
  type ManualScoreBody,
  type ScoreAction,
  type ScoreConfig,
  type ScoreConfigBody,
  type ScoreHistoryEntry,
  type ScoreHistoryQuery,
} from '@agora/contract';
import { AppError, errorEntry } from '../../platform/errors/app-error.ts';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import * as repo from './scoring.repository.ts';
import * as users from '../users/community-users.repository.ts';
import { namesOf } from '../users/users.repository.ts';
import { awardLoyaltyPoints } from '../loyalty/loyalty.service.ts';

const DAY_MS = 86_400_000;
const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** Actions whose points count towards the daily cap (every automatic one but the penalty). */
const CAPPED_ACTIONS = SCORE_ACTIONS.filter((a) => a !== PENALTY_SCORE_ACTION);

export interface AwardResult {
  /** Points actually given (0 when the cap is reached or the action is worth nothing). */
  points: number;
  /** The user's score afterwards. */
  score: number;
}

/**
 * Gives a member the configured points for an action done at `at`, honouring the community's maximum
 * daily points per user (UTC day): points beyond the cap are not given. The staff penalty
 * (content removed) is always applied. Writes a history row only when points change.
 */
export async function awardPoints(
  deps: Pick<PlatformDeps, 'db'>,
  stackId: number,
  userId: number,
  action: ScoreAction,
  at: Date,
): Promise<AwardResult> {
  // The same events earn loyalty points, by the loyalty program's own rules and ledger (ADR 0026).
  await awardLoyaltyPoints(deps, stackId, userId, action, at);
  return deps.db.transaction().execute(async (trx) => {
    const score = await users.lockScore(trx, stackId, userId);
    if (score === undefined) throw AppError.notFound(SCORING_MESSAGES.userNotFound);
    const config = await repo.readConfig(trx, stackId);
    let points = config.points[action];
    if (points > 0 && action !== PENALTY_SCORE_ACTION && config.max_daily_points > 0) {
      const dayStart = new Date(Math.floor(at.getTime() / DAY_MS) * DAY_MS);
      const earned = await repo.earnedBetween(
        trx,
        stackId,
        userId,
        dayStart,
        new Date(dayStart.getTime() + DAY_MS),
        CAPPED_ACTIONS,
      );
      points = Math.max(0, Math.min(points, config.max_daily_points - earned));
    }
    if (points === 0) return { points: 0, score };
    const row = await repo.applyPoints(trx, {
      stackId,
      userId,
      at,
      points,
      action,
      note: '',
      byStaffId: null,
    });
    return { points, score: row.total_after };
  });
}

function parseBound(value: string | undefined, field: 'from' | 'to'): Date | undefined {
  if (!value) return undefined;
  const date = new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) {
    throw AppError.of(400, ErrorCode.invalid, 'Enter a date as YYYY-MM-DD or an ISO date-time.', field);
  }
  if (field === 'to') return new Date(date.getTime() + (DAY.test(value) ? DAY_MS : 1));
  return date;
}

type HistoryRow = Awaited<ReturnType<typeof repo.listHistory>>[number];
function entryOf(row: HistoryRow, staff: string | null): ScoreHistoryEntry {
  return {
    id: Number(row.id),
    user_id: row.user_id,
    at: new Date(row.at).toISOString(),
    points: row.points,
    total_after: row.total_after,
    action: row.action,
    note: row.note,
    by_staff_id: row.by_staff_id,
    by_staff_username: staff,
  };
}

export function createScoringService(deps: PlatformDeps) {
  const { db, clock } = deps;

  return {
    config: (stackId: number) => repo.readConfig(db, stackId),

    async updateConfig(stackId: number, body: ScoreConfigBody): Promise<ScoreConfig> {
      const current = await repo.readConfig(db, stackId);
      const errors = [];
      const next: ScoreConfig = { max_daily_points: current.max_daily_points, points: { ...current.points } };
      if (body.max_daily_points !== undefined) {
        const message = maxDailyPointsError(body.max_daily_points);
        if (message) errors.push(errorEntry(ErrorCode.invalid, message, 'max_daily_points'));
        else next.max_daily_points = body.max_daily_points as number;
      }
      for (const [key, value] of Object.entries(body.points ?? {})) {
        const action = scoreActionSchema.safeParse(key);
        if (!action.success) {
          errors.push(errorEntry(ErrorCode.invalid, `Unknown action: ${key}.`, `points.${key}`));
          continue;
        }
        const message = scorePointsError(action.data, value);
        if (message) errors.push(errorEntry(ErrorCode.invalid, message, `points.${key}`));
        else next.points[action.data] = value as number;
      }
      if (errors.length > 0) throw new AppError(400, errors);
      await repo.writeConfig(db, stackId, next, clock.now());
      return next;
    },

    async addManual(stackId: number, staffId: number, staffName: string, body: ManualScoreBody) {
      const errors = [];
      const pointsMessage = manualPointsError(body.points);
      if (pointsMessage) errors.push(errorEntry(ErrorCode.invalid, pointsMessage, 'points'));
      const comment = typeof body.comment === 'string' ? body.comment.trim() : '';
      if (!comment) errors.push(errorEntry(ErrorCode.required, SCORING_MESSAGES.commentRequired, 'comment'));
      else if (comment.length > SCORE_COMMENT_MAX) {
        errors.push(errorEntry(ErrorCode.invalid, SCORING_MESSAGES.commentTooLong, 'comment'));
      }
      if (errors.length > 0) throw new AppError(400, errors);
      return db.transaction().execute(async (trx) => {
        const score = await users.lockScore(trx, stackId, body.user_id);
        if (score === undefined) throw AppError.notFound(SCORING_MESSAGES.userNotFound);
        const row = await repo.applyPoints(trx, {
          stackId,
          userId: body.user_id,
          at: clock.now(),
          points: body.points as number,
          action: MANUAL_SCORE_ACTION,
          note: comment,
          byStaffId: staffId,
        });
        return { entry: entryOf(row, staffName), score: row.total_after };
      });
    },

    async history(stackId: number, userId: number, q: ScoreHistoryQuery) {
      const user = await users.findScoredUser(db, stackId, userId);
      if (!user) throw AppError.notFound(SCORING_MESSAGES.userNotFound);
      const from = parseBound(q.from, 'from');
      const until = parseBound(q.to, 'to');
      if (from && until && until <= from) {
        throw AppError.of(400, ErrorCode.invalid, 'The end date must be after the start date.', 'to');
      }
      const filter = { stackId, userId, action: q.action, from, until };
      const [count, rows] = await Promise.all([
        repo.countHistory(db, filter),
        repo.listHistory(db, filter, q.limit, q.offset),
      ]);
      const staffIds = [...new Set(rows.flatMap((r) => (r.by_staff_id === null ? [] : [r.by_staff_id])))];
      const staff = await namesOf(db, stackId, staffIds);
      const staffOf = (r: HistoryRow) =>
        r.by_staff_id === null ? null : (staff.get(r.by_staff_id)?.username ?? null);
      return { user, count, results: rows.map((r) => entryOf(r, staffOf(r))) };
    },
  };
}
