import type { Db } from '../db/database.ts';

// Issuing and revoking sign-ins, beside the bearer check that reads them (`authenticate.ts`): the
// platform owns `token_families` and `access_tokens`. A module that issues tokens (auth's token
// service) keeps its own grant rules and refresh tokens, and asks these for the family and the
// access token.

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

/** Starts a sign-in: its family, whose absolute end bounds every token issued in it. */
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

export interface NewAccessToken {
  familyId: string;
  accountId: number | null;
  clientId: string;
  hash: string;
  expiresAt: Date;
}

export async function insertAccessToken(db: Db, t: NewAccessToken, now: Date): Promise<void> {
  await db
    .insertInto('access_tokens')
    .values({
      token_hash: t.hash,
      family_id: t.familyId,
      account_id: t.accountId,
      client_id: t.clientId,
      expires_at: t.expiresAt,
      created_at: now,
    })
    .execute();
}

/**
 * The token families as a source a larger query joins (`.innerJoin(tokenFamilies(db).as('f'), …)`),
 * so that a refresh token and its family are read in one statement.
 */
export function tokenFamilies(db: Db) {
  return db
    .selectFrom('token_families')
    .select([
      'id',
      'account_id',
      'member_stack_id',
      'member_user_id',
      'only_stack_id',
      'client_id',
      'expires_at',
      'revoked_at',
    ]);
}

/** The family and client of an access token (live or not); undefined for an unknown token. */
export function findAccessTokenFamily(db: Db, hash: string) {
  return db
    .selectFrom('access_tokens')
    .select(['family_id', 'client_id'])
    .where('token_hash', '=', hash)
    .executeTakeFirst();
}

/**
 * Ends a sign-in's family and its access tokens; the issuer ends its own refresh tokens of the
 * family after this.
 */
export async function revokeFamilyAndAccessTokens(db: Db, familyId: string, now: Date): Promise<void> {
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

/** Ends every live sign-in issued to a client (an OAuth app deleted: its tokens stop working). */
export async function revokeClientFamilies(db: Db, clientId: string, now: Date) {
  await db
    .updateTable('token_families')
    .set({ revoked_at: now })
    .where('client_id', '=', clientId)
    .where('revoked_at', 'is', null)
    .execute();
}
