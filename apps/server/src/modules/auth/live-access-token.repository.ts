import type { Db } from '../../platform/db/database.ts';
import { liveTokenQuery } from '../../platform/auth/authenticate.ts';
import type { LiveAccessToken } from '../../platform/auth/authenticate.ts';
import { digestToken } from '../../platform/auth/opaque-token.ts';
import './auth.tables.ts';

/**
 * The live access tokens of an account that may still sign in: the platform's live token (not
 * revoked, not expired, its family alive) joined to this module's account, active. A query callers
 * extend with their own joins, so that the token check and what it guards cost one round trip
 * (ADR 0013). An account switched off, even directly in the database, stops its tokens at once.
 */
export function liveAccessTokenQuery(db: Db, tokenDigest: string, now: Date) {
  return liveTokenQuery(db, tokenDigest, now)
    .innerJoin('accounts as a', 'a.id', 't.account_id')
    .where('a.is_active', '=', true);
}

/** The bearer check's lookup (wired into the platform's `authenticate` by the composition root). */
export async function findLiveAccessToken(
  db: Db,
  token: string,
  now: Date,
): Promise<LiveAccessToken | undefined> {
  const row = await liveAccessTokenQuery(db, digestToken(token), now)
    .select(['t.account_id', 't.family_id', 't.client_id', 'f.only_stack_id'])
    .executeTakeFirst();
  return row
    ? {
        accountId: row.account_id as number,
        familyId: row.family_id,
        clientId: row.client_id,
        onlyStackId: row.only_stack_id,
      }
    : undefined;
}
