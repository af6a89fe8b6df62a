import { ErrorCode } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';

export interface ThrottleLimits {
  windowSeconds: number;
  perAccount: number;
  perIp: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowSeconds: 15 * 60, perAccount: 5, perIp: 30 };

/**
 * Failed sign-ins counted in the database, so the limit holds across processes. The account key is
 * what the caller typed (lower-cased), so unknown and known users are throttled alike.
 */
export function createSignInThrottle(db: Db, clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE) {
  async function failuresSince(scope: 'account' | 'ip', key: string, since: Date) {
    const lastSuccess = await db
      .selectFrom('sign_in_attempts')
      .select((eb) => eb.fn.max('created_at').as('at'))
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('succeeded', '=', true)
      .where('created_at', '>', since)
      .executeTakeFirst();
    const from = lastSuccess?.at ? new Date(lastSuccess.at) : since;
    const rows = await db
      .selectFrom('sign_in_attempts')
      .select([(eb) => eb.fn.countAll<number>().as('n'), (eb) => eb.fn.min('created_at').as('first')])
      .where('scope', '=', scope)
      .where('key', '=', key)
      .where('succeeded', '=', false)
      .where('created_at', '>', from)
      .executeTakeFirstOrThrow();
    return { count: Number(rows.n), first: rows.first ? new Date(rows.first) : undefined };
  }

  return {
    /** Seconds until the caller may try again, or 0 when not throttled. */
    async retryAfter(login: string, ip: string): Promise<number> {
      const now = clock.now();
      const since = new Date(now.getTime() - limits.windowSeconds * 1000);
      const checks = [
        { ...(await failuresSince('account', login.trim().toLowerCase(), since)), limit: limits.perAccount },
        { ...(await failuresSince('ip', ip, since)), limit: limits.perIp },
      ];
      let wait = 0;
      for (const c of checks) {
        if (c.count >= c.limit && c.first) {
          const until = c.first.getTime() + limits.windowSeconds * 1000;
          wait = Math.max(wait, Math.ceil((until - now.getTime()) / 1000));
        }
      }
      return wait;
    },

    async record(login: string, ip: string, succeeded: boolean): Promise<void> {
      const at = clock.now();
      await db
        .insertInto('sign_in_attempts')
        .values([
          { scope: 'account', key: login.trim().toLowerCase(), succeeded, created_at: at },
          { scope: 'ip', key: ip, succeeded, created_at: at },
        ])
        .execute();
    },
  };
}

export type SignInThrottle = ReturnType<typeof createSignInThrottle>;

/** The refusal while a login or an address is throttled; `retryAfter` feeds the Retry-After header. */
export function throttledError(waitSeconds: number): AppError {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  const error = AppError.of(
    429,
    ErrorCode.throttled,
    `Too many failed sign-in attempts. Try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
  );
  return Object.assign(error, { retryAfter: waitSeconds });
}
