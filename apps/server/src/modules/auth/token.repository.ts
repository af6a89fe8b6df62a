import type { Db } from '../../platform/db/database.ts';
import {
  insertAccessToken,
  revokeFamilyAndAccessTokens,
  tokenFamilies,
} from '../../platform/auth/token-families.ts';
import './auth.tables.ts';

// The token family and the access token are the platform's (`platform/auth/token-families.ts`,
// beside the bearer check); this module keeps the refresh tokens of a family (their rotation) and
// the OAuth clients.
export {
  findAccessTokenFamily,
  insertFamily,
  revokeMemberFamilies,
  subjectOf,
  type TokenSubject,
} from '../../platform/auth/token-families.ts';

export interface NewTokens {
  familyId: string;
  accountId: number | null;
  clientId: string;
  accessHash: string;
  refreshHash: string;
  accessExpiresAt: Date;
}

export async function insertTokenPair(db: Db, t: NewTokens, now: Date): Promise<void> {
  await insertAccessToken(
    db,
    {
      familyId: t.familyId,
      accountId: t.accountId,
      clientId: t.clientId,
      hash: t.accessHash,
      expiresAt: t.accessExpiresAt,
    },
    now,
  );
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: t.refreshHash, family_id: t.familyId, created_at: now })
    .execute();
}

export function findRefreshToken(db: Db, hash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin(tokenFamilies(db).as('f'), 'f.id', 'r.family_id')
    .select([
      'r.token_hash',
      'r.family_id',
      'r.used_at',
      'r.revoked_at',
      'f.account_id',
      'f.member_stack_id',
      'f.member_user_id',
      'f.client_id',
      'f.expires_at as family_expires_at',
      'f.revoked_at as family_revoked_at',
    ])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Marks a refresh token used; false when another request used it first. */
export async function claimRefreshToken(db: Db, hash: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('refresh_tokens')
    .set({ used_at: now })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Ends a whole sign-in: the family and every access and refresh token in it. */
export async function revokeFamily(db: Db, familyId: string, now: Date): Promise<void> {
  await revokeFamilyAndAccessTokens(db, familyId, now);
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function findRefreshTokenFamily(db: Db, hash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin(tokenFamilies(db).as('f'), 'f.id', 'r.family_id')
    .select(['r.family_id', 'f.client_id'])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
}

/** Registers a public client (no secret) allowed the given grants. */
export async function createPublicClient(
  db: Db,
  clientId: string,
  name: string,
  grants: string[],
): Promise<void> {
  await db
    .insertInto('oauth_clients')
    .values({ client_id: clientId, name, client_secret_hash: null, allowed_grants: JSON.stringify(grants) })
    .execute();
}

export function findClient(db: Db, clientId: string) {
  return db.selectFrom('oauth_clients').selectAll().where('client_id', '=', clientId).executeTakeFirst();
}
