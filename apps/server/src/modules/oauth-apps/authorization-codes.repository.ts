import type { Db } from '../../platform/db/database.ts';
import './oauth-apps.tables.ts';

export interface NewAuthorizationCode {
  codeHash: string;
  stackId: number;
  appId: number;
  userId: number;
  redirectUri: string;
  codeChallenge: string;
  expiresAt: Date;
  now: Date;
}

export async function insertCode(db: Db, code: NewAuthorizationCode): Promise<void> {
  await db
    .insertInto('oauth_authorization_codes')
    .values({
      code_hash: code.codeHash,
      stack_id: code.stackId,
      app_id: code.appId,
      user_id: code.userId,
      redirect_uri: code.redirectUri,
      code_challenge: code.codeChallenge,
      expires_at: code.expiresAt,
      created_at: code.now,
    })
    .execute();
  // Codes live a minute: those expired long ago are dropped as new ones come.
  await db
    .deleteFrom('oauth_authorization_codes')
    .where('expires_at', '<', new Date(code.now.getTime() - 24 * 3600 * 1000))
    .execute();
}

export function findCode(db: Db, codeHash: string) {
  return db
    .selectFrom('oauth_authorization_codes')
    .selectAll()
    .where('code_hash', '=', codeHash)
    .executeTakeFirst();
}

/** Marks a code used; false when it was used already (by this request's twin, or before). */
export async function claimCode(db: Db, codeHash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('oauth_authorization_codes')
    .set({ used_at: now })
    .where('code_hash', '=', codeHash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function setCodeFamily(db: Db, codeHash: string, familyId: string): Promise<void> {
  await db
    .updateTable('oauth_authorization_codes')
    .set({ family_id: familyId })
    .where('code_hash', '=', codeHash)
    .execute();
}
