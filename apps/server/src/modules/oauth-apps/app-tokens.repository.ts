import type { Db } from '../../platform/db/database.ts';
import './oauth-apps.tables.ts';

/*
 * Client credentials tokens (digests only): a confidential app acting as its community, with no
 * member behind it. The member API's guard asks `findLiveAppToken` when a token is no member's.
 */

export async function insertAppToken(
  db: Db,
  token: { hash: string; stackId: number; appId: number; expiresAt: Date; now: Date },
): Promise<void> {
  await db
    .insertInto('oauth_app_tokens')
    .values({
      token_hash: token.hash,
      stack_id: token.stackId,
      app_id: token.appId,
      expires_at: token.expiresAt,
      created_at: token.now,
    })
    .execute();
}

/** The app of a live client credentials token of this community; undefined otherwise. */
/**
 * The prefix of an app's client credentials token: the member API's guard looks a token up as an app's
 * only when it carries it, so a member's or a console token (and an unknown one) still costs the
 * guard its one statement (ADR 0013).
 */
export const APP_TOKEN_PREFIX = 'agapp';

/** Whether a bearer token is an app's client credentials token (by its prefix). */
export function isAppToken(token: string): boolean {
  return token.startsWith(`${APP_TOKEN_PREFIX}_`);
}

export async function findLiveAppToken(db: Db, stackId: number, hash: string, now: Date) {
  return db
    .selectFrom('oauth_app_tokens as t')
    .innerJoin('oauth_apps as a', (join) =>
      join.onRef('a.stack_id', '=', 't.stack_id').onRef('a.id', '=', 't.app_id'),
    )
    .select(['a.id as appId', 'a.client_id as clientId'])
    .where('t.token_hash', '=', hash)
    .where('t.stack_id', '=', stackId)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .executeTakeFirst();
}

/** Revokes a client credentials token of this app; false when the token is not one of its. */
export async function revokeAppToken(db: Db, appId: number, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('oauth_app_tokens')
    .set({ revoked_at: now })
    .where('token_hash', '=', hash)
    .where('app_id', '=', appId)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
