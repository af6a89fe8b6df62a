import { sql } from 'kysely';
import { ErrorCode } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { clientAddressKey } from './client-address-key.ts';
import './auth.tables.ts';

export interface ThrottleLimits {
  windowSeconds: number;
  perAccount: number;
  perIp: number;
}

export const DEFAULT_THROTTLE: ThrottleLimits = { windowSeconds: 15 * 60, perAccount: 5, perIp: 30 };

/** The answer to a reservation: when allowed, verify the secret, then `succeed(attemptId)` if it was right. */
/** The rows of one reserved attempt, handed back to `succeed`. */
export type AttemptId = readonly number[];

export interface ThrottleReservation {
  allowed: boolean;
  /** Seconds until the caller may try again (0 when allowed). */
  retryAfter: number;
  /** The reserved attempt: its account and address rows (null when refused). */
  attemptId: AttemptId | null;
}

/**
 * The account counter's key: one account is one counter, whichever login (username or e-mail) named
 * it; a login that names nobody is counted by what was typed, so unknown users are throttled alike.
 */
export const throttleKeys = {
  account: (accountId: number) => `account:${accountId}`,
  member: (stackId: number, memberId: number) => `member:${stackId}:${memberId}`,
  unknownLogin: (login: string, stackId?: number) =>
    `login:${stackId === undefined ? '' : `${stackId}:`}${login.trim().toLowerCase()}`,
};

/** Namespace of the throttle's advisory locks (the first half of the two-int key). */
const LOCK_NAMESPACE = 0x5349_4e00;

/**
 * Failed sign-ins counted in the database, so the limit holds across processes. The check and the
 * count are one transaction: `reserve` takes a transaction-scoped advisory lock per key (account and
 * address, in a fixed order), counts the failures in the sliding window, and — only when both are
 * under the limit — records the attempt as a failure up front. The caller verifies the secret only
 * after an allowed reservation, and `succeed` turns the attempt into a success. Parallel guesses thus
 * queue on the lock and at most the limit are ever verified. A success resets nothing: the window
 * alone forgets failures, so neither an account's owner nor an address's own sign-ins buy more tries.
 * An IPv6 client is counted by its /64 (see clientAddressKey).
 */
export function createSignInThrottle(db: Db, clock: Clock, limits: ThrottleLimits = DEFAULT_THROTTLE) {
  /** Attempts older than two windows count for nothing: each attempt removes a few (the table stays small). */
  async function pruneOld(now: Date): Promise<void> {
    const cutoff = new Date(now.getTime() - 2 * limits.windowSeconds * 1000);
    await db
      .deleteFrom('sign_in_attempts')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('sign_in_attempts')
          .select('id')
          .where('created_at', '<', cutoff)
          .orderBy('id')
          .limit(20),
      )
      .execute();
  }

  async function reserve(key: string, clientIp: string): Promise<ThrottleReservation> {
    const ip = clientAddressKey(clientIp);
    const reservation = await reserveLocked(key, ip);
    if (reservation.allowed) await pruneOld(clock.now());
    return reservation;
  }

  async function reserveLocked(key: string, ip: string): Promise<ThrottleReservation> {
    return db.transaction().execute(async (trx) => {
      const keys = [`account ${key}`, `ip ${ip}`].sort();
      for (const k of keys) {
        await sql`SELECT pg_advisory_xact_lock(${LOCK_NAMESPACE}::int4, hashtext(${k}))`.execute(trx);
      }
      const now = clock.now();
      const since = new Date(now.getTime() - limits.windowSeconds * 1000);
      const rows = await trx
        .selectFrom('sign_in_attempts')
        .select([
          'scope',
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.min('created_at').as('first'),
        ])
        .where('succeeded', '=', false)
        .where('created_at', '>', since)
        .where((eb) =>
          eb.or([
            eb.and([eb('scope', '=', 'account'), eb('key', '=', key)]),
            eb.and([eb('scope', '=', 'ip'), eb('key', '=', ip)]),
          ]),
        )
        .groupBy('scope')
        .execute();
      let wait = 0;
      for (const row of rows) {
        const limit = row.scope === 'account' ? limits.perAccount : limits.perIp;
        if (Number(row.n) >= limit && row.first) {
          const until = new Date(row.first).getTime() + limits.windowSeconds * 1000;
          wait = Math.max(wait, Math.max(1, Math.ceil((until - now.getTime()) / 1000)));
        }
      }
      if (wait > 0) return { allowed: false, retryAfter: wait, attemptId: null };
      const inserted = await trx
        .insertInto('sign_in_attempts')
        .values([
          { scope: 'account', key, succeeded: false, created_at: now },
          { scope: 'ip', key: ip, succeeded: false, created_at: now },
        ])
        .returning('id')
        .execute();
      return { allowed: true, retryAfter: 0, attemptId: inserted.map((r) => r.id) };
    });
  }

  return {
    reserve,

    /** The reserved attempt was right: it no longer counts as a failure. */
    async succeed(attemptId: AttemptId): Promise<void> {
      if (attemptId.length === 0) return;
      await db
        .updateTable('sign_in_attempts')
        .set({ succeeded: true })
        .where('id', 'in', [...attemptId])
        .execute();
    },

    /** Reserves an attempt, or throws the 429 refusal; returns the attempt id to pass to `succeed`. */
    async reserveOrThrow(key: string, ip: string): Promise<AttemptId> {
      const reservation = await reserve(key, ip);
      if (!reservation.allowed || !reservation.attemptId) throw throttledError(reservation.retryAfter);
      return reservation.attemptId;
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
