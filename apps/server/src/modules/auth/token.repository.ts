import type { Db } from '../../platform/db/database.ts';
import './auth.tables.ts';

/**
 * Whose sign-in a token family is: a console account (bound to one community when the sign-in was
 * handed off from it), or a member of one community.
 */
export type TokenSubject =
  { accountId: number; onlyStackId?: number } | { stackId: number; memberId: number };

export function subjectOf(row: {
  account_id: number | null;
  member_stack_id: number | null;
  member_user_id: number | null;
}): TokenSubject {
  if (row.account_id !== null) return { accountId: row.account_id };
  return { stackId: row.member_stack_id as number, memberId: row.member_user_id as number };
}

export interface NewTokens {
  familyId: string;
  accountId: number | null;
  clientId: string;
  accessHash: string;
  refreshHash: string;
  accessExpiresAt: Date;
}

export async function insertFamily(
  db: Db,
  family: { id: string; subject: TokenSubject; clientId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  const subject = family.subject;
  await db
    .insertInto('token_families')
    .values({
      id: family.id,
      account_id: 'accountId' in subject ? subject.accountId : null,
      member_stack_id: 'memberId' in subject ? subject.stackId : null,
      member_user_id: 'memberId' in subject ? subject.memberId : null,
      only_stack_id: 'accountId' in subject ? (subject.onlyStackId ?? null) : null,
      client_id: family.clientId,
      created_at: family.createdAt,
      expires_at: family.expiresAt,
    })
    .execute();
}

export async function insertTokenPair(db: Db, t: NewTokens, now: Date): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: t.accessHash,
      family_id: t.familyId,
      account_id: t.accountId,
      client_id: t.clientId,
      expires_at: t.accessExpiresAt,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: t.refreshHash, family_id: t.familyId, created_at: now })
    .execute();
}

export function findRefreshToken(db: Db, hash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin('token_families as f', 'f.id', 'r.family_id')
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
  await db
    .updateTable('token_families')
    .set({ revoked_at: now })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('access_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('refresh_tokens')
    .set({ revoked_at: now })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/** Ends every sign-in of a member of a community (their access and refresh tokens stop working). */
export async function revokeMemberFamilies(db: Db, stackId: number, userId: number, now: Date) {
  await db
    .updateTable('token_families')
    .set({ revoked_at: now })
    .where('member_stack_id', '=', stackId)
    .where('member_user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .execute();
}

export function findAccessTokenFamily(db: Db, hash: string) {
  return db
    .selectFrom('access_tokens')
    .select(['family_id', 'client_id'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

export function findRefreshTokenFamily(db: Db, hash: string) {
  return db
    .selectFrom('refresh_tokens as r')
    .innerJoin('token_families as f', 'f.id', 'r.family_id')
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
