import { ErrorCode } from '@agora/contract';
import type { Db } from '../db/database.ts';
import type { Clock } from '../clock.ts';
import { AppError, errorEntry } from '../errors/app-error.ts';
import type {} from './rate-limit.tables.ts';

export interface RateLimit {
  /** Names the limit in the table (one bucket per limited action). */
  bucket: string;
  /** Hits allowed per key within the window. */
  limit: number;
  windowSeconds: number;
}

/** A 429 in the envelope; `retryAfter` (seconds) becomes the Retry-After header (see withRetryAfter). */
export class RateLimitedError extends AppError {
  constructor(
    readonly retryAfter: number,
    message: string,
  ) {
    super(429, [errorEntry(ErrorCode.throttled, message)]);
  }
}

/**
 * Counts one hit for `key` and refuses it when the window already holds `limit` hits. The hit is
 * written first and the window counted after, so parallel callers in any number of processes never
 * get more than `limit` through (a race may refuse one too many, never let one too many pass); a
 * refused hit is removed again so refusals do not extend the wait.
 */
export async function takeRateLimit(
  db: Db,
  clock: Clock,
  rule: RateLimit,
  key: string,
  message: string,
): Promise<void> {
  const now = clock.now();
  const since = new Date(now.getTime() - rule.windowSeconds * 1000);
  await db
    .deleteFrom('rate_limit_hits')
    .where('bucket', '=', rule.bucket)
    .where('key', '=', key)
    .where('created_at', '<=', since)
    .execute();
  const mine = await db
    .insertInto('rate_limit_hits')
    .values({ bucket: rule.bucket, key, created_at: now })
    .returning('id')
    .executeTakeFirstOrThrow();
  const window = await db
    .selectFrom('rate_limit_hits')
    .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('first')])
    .where('bucket', '=', rule.bucket)
    .where('key', '=', key)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  if (Number(window.n) <= rule.limit) return;
  await db.deleteFrom('rate_limit_hits').where('id', '=', mine.id).execute();
  const first = window.first ? new Date(window.first).getTime() : now.getTime();
  const wait = Math.max(1, Math.ceil((first + rule.windowSeconds * 1000 - now.getTime()) / 1000));
  throw new RateLimitedError(wait, message);
}
