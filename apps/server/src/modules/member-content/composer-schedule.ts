import { sql, type RawBuilder, type SqlBool } from 'kysely';
import { ErrorCode } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';

// Scheduled contributions (SelfCommunity's `scheduled_at`, with `scheduled_posts_enabled`): a
// contribution is stored with its publication time as its creation time, and every read of members
// keeps out those whose time has not come, except for their author (staff read everything). So a
// scheduled contribution appears in feeds, in their counts and at its address at its time, ordered
// there by that time, with nothing to wake up: the reads' WHERE on the clock does it.

export const SCHEDULE_MESSAGES = {
  disabled: 'Scheduled posts are disabled in this community.',
  invalid: 'Enter a valid date and time.',
  past: 'Choose a time in the future.',
} as const;

/**
 * Rows of `c` (contributions) a member may see now: published by now, or their own. `viewerId`
 * undefined: a visitor.
 */
export function publishedFor(now: Date, viewerId: number | undefined): RawBuilder<SqlBool> {
  if (viewerId === undefined) return sql<SqlBool>`c.created_at <= ${now}`;
  return sql<SqlBool>`(c.created_at <= ${now} OR c.author_id = ${viewerId})`;
}

/** Whether a contribution is still scheduled for someone who is neither its author nor staff. */
export function scheduledAway(
  row: { created_at: Date; author_id: number },
  viewer: { userId: number | undefined; staff: boolean },
  now: Date,
): boolean {
  return !viewer.staff && row.author_id !== viewer.userId && row.created_at.getTime() > now.getTime();
}

/** The publication time asked for: none (now), or a valid time in the future while scheduling is on. */
export function scheduledTime(value: string | null | undefined, now: Date, enabled: boolean): Date | null {
  if (value === undefined || value === null || value.trim() === '') return null;
  if (!enabled) throw AppError.of(400, ErrorCode.invalid, SCHEDULE_MESSAGES.disabled, 'scheduled_at');
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    throw AppError.of(400, ErrorCode.invalid, SCHEDULE_MESSAGES.invalid, 'scheduled_at');
  }
  if (at.getTime() <= now.getTime()) {
    throw AppError.of(400, ErrorCode.invalid, SCHEDULE_MESSAGES.past, 'scheduled_at');
  }
  return at;
}
