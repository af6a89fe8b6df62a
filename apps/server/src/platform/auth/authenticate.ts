import type { FastifyReply, FastifyRequest } from 'fastify';
import { ErrorCode } from '@agora/contract';
import { AppError } from '../errors/app-error.ts';
import type { Db } from '../db/database.ts';

export interface AuthenticatedAccount {
  accountId: number;
  familyId: string;
  clientId: string;
  /**
   * Set when the sign-in was handed off from a community (SSO ticket, member API hand-off): it
   * reaches that community's staff API only, nothing of the hub nor of another community.
   */
  onlyStackId: number | null;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth?: AuthenticatedAccount;
  }
}

/** Reads `Authorization: Bearer <token>` (also the DRF-style `Token <token>` the SDK can send). */
export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  if (!header) return undefined;
  const match = /^(?:Bearer|Token)\s+(\S+)$/i.exec(header);
  return match?.[1];
}

/** The 401 of a missing (`presented` false) or unknown, revoked or expired bearer token. */
export function invalidToken(reply: FastifyReply, presented: boolean): AppError {
  void reply.header(
    'WWW-Authenticate',
    presented ? 'Bearer realm="agora", error="invalid_token"' : 'Bearer realm="agora"',
  );
  return presented
    ? AppError.of(401, ErrorCode.invalidToken, 'The access token is invalid or has expired.')
    : AppError.unauthenticated();
}

/**
 * The live tokens of any subject (not revoked, not expired, their family alive) with this digest. The
 * member API's caller adds the community (`f.member_stack_id`) and joins the member
 * (`f.member_user_id`); `liveTokenQuery` narrows to account tokens.
 */
export function liveMemberTokenQuery(db: Db, tokenDigest: string, now: Date) {
  return db
    .selectFrom('access_tokens as t')
    .innerJoin('token_families as f', 'f.id', 't.family_id')
    .where('t.token_hash', '=', tokenDigest)
    .where('t.revoked_at', 'is', null)
    .where('t.expires_at', '>', now)
    .where('f.revoked_at', 'is', null)
    .where('f.expires_at', '>', now);
}

/**
 * The live account tokens (not revoked, not expired, their family alive) with this digest. Whether
 * the account may still sign in is the auth module's to add (it owns the accounts):
 * `modules/auth/live-access-token.repository.ts` does, and the composition root hands its lookup
 * to `authenticate`.
 */
export function liveTokenQuery(db: Db, tokenDigest: string, now: Date) {
  return liveMemberTokenQuery(db, tokenDigest, now).where('t.account_id', 'is not', null);
}

/** What a bearer token stands for once found live. */
export type LiveAccessToken = AuthenticatedAccount;

/** Finds the live access token of an account that may still sign in (supplied by the auth module). */
export type LiveAccessTokenLookup = (token: string) => Promise<LiveAccessToken | undefined>;

/** preHandler for every call that needs a signed-in account. */
export function authenticate(findLiveToken: LiveAccessTokenLookup) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const token = bearerToken(request);
    if (!token) throw invalidToken(reply, false);
    const found = await findLiveToken(token);
    if (!found) throw invalidToken(reply, true);
    request.auth = found;
  };
}

export function requireAuth(request: FastifyRequest): AuthenticatedAccount {
  if (!request.auth) throw AppError.unauthenticated();
  return request.auth;
}

/**
 * For hub-wide and account-wide actions: refused to a sign-in handed off from a community, which
 * holds that community's staff rights and nothing more.
 */
export function requireAccountSession(request: FastifyRequest): AuthenticatedAccount {
  const auth = requireAuth(request);
  if (auth.onlyStackId !== null) {
    throw AppError.of(
      403,
      ErrorCode.communitySession,
      'This sign-in came from a community and reaches only that community. Sign in to the console with your password for this.',
    );
  }
  return auth;
}

export type AuthPreHandler = ReturnType<typeof authenticate>;
