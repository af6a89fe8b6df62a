import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** The 13 scored actions of spec mgmt §3, in the order the console shows them. */
export const SCORE_ACTIONS = [
  'publish_article',
  'publish_post',
  'like_article_received',
  'like_post_received',
  'like_comment_received',
  'like_reply_received',
  'publish_comment',
  'publish_reply',
  'connection',
  'new_follower',
  'app_used',
  'daily_visit',
  'content_removed',
] as const;
export const scoreActionSchema = z.enum(SCORE_ACTIONS);
export type ScoreAction = z.infer<typeof scoreActionSchema>;

/** "Green" actions (spec mgmt §5): publishing and engagement, which can never be worth zero points. */
export const GREEN_SCORE_ACTIONS: readonly ScoreAction[] = [
  'publish_article',
  'publish_post',
  'like_article_received',
  'like_post_received',
  'like_comment_received',
  'like_reply_received',
  'publish_comment',
  'publish_reply',
];
/** The staff penalty: always applied, never capped, and never positive. */
export const PENALTY_SCORE_ACTION: ScoreAction = 'content_removed';
/** Actions written by staff by hand in the history (besides the 13 automatic ones). */
export const MANUAL_SCORE_ACTION = 'manual';

export const SCORE_POINTS_MAX = 1000;
export const SCORE_DAILY_MAX = 100_000;
export const MANUAL_POINTS_MAX = 10_000;
export const SCORE_COMMENT_MAX = 500;

export const SCORING_MESSAGES = {
  invalidPoints: `Enter a whole number between -${SCORE_POINTS_MAX} and ${SCORE_POINTS_MAX}.`,
  zeroRefused: 'Zero cannot be assigned to this action.',
  penaltyPositive: 'The penalty for content removed by staff cannot be positive.',
  invalidDaily: `Enter a whole number between 0 (no limit) and ${SCORE_DAILY_MAX}.`,
  invalidScore: 'A valid score is required.',
  commentRequired: 'A comment is required.',
  commentTooLong: `The comment can be at most ${SCORE_COMMENT_MAX} characters.`,
  userNotFound: 'User not found.',
} as const;

export const DEFAULT_SCORE_POINTS: Record<ScoreAction, number> = {
  publish_article: 10,
  publish_post: 5,
  like_article_received: 2,
  like_post_received: 1,
  like_comment_received: 1,
  like_reply_received: 1,
  publish_comment: 2,
  publish_reply: 1,
  connection: 1,
  new_follower: 1,
  app_used: 0,
  daily_visit: 1,
  content_removed: -10,
};
export const DEFAULT_MAX_DAILY_POINTS = 100;

/** Rules of one action's value: the message to show, or null when valid (shared by server and console). */
export function scorePointsError(action: ScoreAction, value: unknown): string | null {
  if (typeof value !== 'number' || !Number.isInteger(value) || Math.abs(value) > SCORE_POINTS_MAX) {
    return SCORING_MESSAGES.invalidPoints;
  }
  if (value === 0 && GREEN_SCORE_ACTIONS.includes(action)) return SCORING_MESSAGES.zeroRefused;
  if (action === PENALTY_SCORE_ACTION && value > 0) return SCORING_MESSAGES.penaltyPositive;
  return null;
}

export function maxDailyPointsError(value: unknown): string | null {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= SCORE_DAILY_MAX
    ? null
    : SCORING_MESSAGES.invalidDaily;
}

/** Manual points: a non-zero integer with |points| ≤ 10000. */
export function manualPointsError(value: unknown): string | null {
  return typeof value === 'number' &&
    Number.isInteger(value) &&
    value !== 0 &&
    Math.abs(value) <= MANUAL_POINTS_MAX
    ? null
    : SCORING_MESSAGES.invalidScore;
}

export const scoreConfigSchema = z.object({
  max_daily_points: z.number().int(),
  points: z.record(scoreActionSchema, z.number().int()),
});
export type ScoreConfig = { max_daily_points: number; points: Record<ScoreAction, number> };

/** A partial update: only the given values change; every value is checked by the service. */
export const scoreConfigBodySchema = z.object({
  max_daily_points: z.unknown().optional(),
  points: z.record(z.string(), z.unknown()).optional(),
});
export type ScoreConfigBody = z.infer<typeof scoreConfigBodySchema>;

export const manualScoreBodySchema = z.object({
  user_id: rowIdSchema,
  points: z.unknown().optional(),
  comment: z.unknown().optional(),
});
export type ManualScoreBody = z.infer<typeof manualScoreBodySchema>;

export const scoreHistoryEntrySchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  at: z.string(),
  points: z.number().int(),
  total_after: z.number().int(),
  action: z.string(),
  note: z.string(),
  by_staff_id: z.number().int().nullable(),
  by_staff_username: z.string().nullable(),
});
export type ScoreHistoryEntry = z.infer<typeof scoreHistoryEntrySchema>;

export const scoreHistoryQuerySchema = z.object({
  action: z.union([scoreActionSchema, z.literal(MANUAL_SCORE_ACTION)]).optional(),
  from: z.string().optional(),
  to: z.string().optional(),
  limit: z.coerce.number().int().min(1).max(100).default(20),
  offset: z.coerce.number().int().min(0).default(0),
});
export type ScoreHistoryQuery = z.infer<typeof scoreHistoryQuerySchema>;

export const scoreHistoryPageSchema = z.object({
  user: z.object({ id: z.number().int(), username: z.string(), score: z.number().int() }),
  count: z.number().int(),
  results: z.array(scoreHistoryEntrySchema),
});
export type ScoreHistoryPage = z.infer<typeof scoreHistoryPageSchema>;

export const manualScoreResultSchema = z.object({
  entry: scoreHistoryEntrySchema,
  score: z.number().int(),
});

export const scoringPaths = {
  /** Relative to a stack's internal_url. */
  config: '/platform/api/v1/reputation/config/',
  add: '/platform/api/v1/reputation/add/',
  history: '/platform/api/v1/reputation/history/:user_id/',
  types: '/platform/api/v1/reputation/types/',
} as const;
