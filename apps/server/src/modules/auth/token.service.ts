import { randomUUID } from 'node:crypto';
import type { AppErrorCode, Token } from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import { verifyPassword } from '../../platform/auth/password-hasher.ts';
import * as tokens from './token.repository.ts';

export interface TokenSettings {
  accessTokenTtlSeconds: number;
  refreshFamilyTtlSeconds: number;
}

/** Why a grant was refused, in RFC 6749 §5.2 terms. */
export class GrantError extends Error {
  constructor(
    readonly error:
      | 'invalid_request'
      | 'invalid_client'
      | 'invalid_grant'
      | 'unsupported_grant_type'
      | 'unauthorized_client',
    readonly description: string,
    /**
     * The product's own code for the refusal when it says more than RFC 6749's `error` (a member's
     * standing: `account_blocked`, `account_pending`), sent in the error envelope so a client can word it.
     */
    readonly code?: AppErrorCode,
  ) {
    super(description);
  }
}

export interface TokenService {
  /** Starts a new sign-in (a new refresh family) for an account. */
  issue(accountId: number, clientId: string): Promise<Token>;
  /**
   * Starts a console sign-in handed off from one community: it reaches that community's staff API
   * only, never the hub's or another community's (ADR 0010).
   */
  issueForCommunity(accountId: number, stackId: number, clientId: string): Promise<Token>;
  /** Starts a new sign-in for a member of one community, through that community's client. */
  issueForMember(stackId: number, memberId: number, clientId: string): Promise<Token>;
  /** Rotates a refresh token; reusing an old one ends its whole family. */
  refresh(clientId: string, refreshToken: string): Promise<Token>;
  /** Revokes the sign-in a token belongs to; unknown tokens and other clients' tokens are ignored. */
  revoke(clientId: string, token: string): Promise<void>;
  /** Checks the client exists (and its secret, for a confidential one). */
  authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<{ grants: string[] }>;
}

export function createTokenService(db: Db, clock: Clock, settings: TokenSettings): TokenService {
  async function mint(
    familyId: string,
    accountId: number | null,
    clientId: string,
    familyEnd: Date,
  ): Promise<Token> {
    const now = clock.now();
    const access = newOpaqueToken('agat');
    const refresh = newOpaqueToken('agrt');
    const accessEnd = new Date(
      Math.min(now.getTime() + settings.accessTokenTtlSeconds * 1000, familyEnd.getTime()),
    );
    await tokens.insertTokenPair(
      db,
      {
        familyId,
        accountId,
        clientId,
        accessHash: digestToken(access),
        refreshHash: digestToken(refresh),
        accessExpiresAt: accessEnd,
      },
      now,
    );
    return {
      access_token: access,
      token_type: 'Bearer',
      expires_in: Math.max(0, Math.floor((accessEnd.getTime() - now.getTime()) / 1000)),
      refresh_token: refresh,
      client_id: clientId,
      scope: 'read write',
    };
  }

  async function start(subject: tokens.TokenSubject, clientId: string): Promise<Token> {
    const now = clock.now();
    const family = {
      id: randomUUID(),
      subject,
      clientId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + settings.refreshFamilyTtlSeconds * 1000),
    };
    await tokens.insertFamily(db, family);
    const accountId = 'accountId' in subject ? subject.accountId : null;
    return mint(family.id, accountId, clientId, family.expiresAt);
  }

  return {
    issue: (accountId, clientId) => start({ accountId }, clientId),
    issueForCommunity: (accountId, stackId, clientId) => start({ accountId, onlyStackId: stackId }, clientId),
    issueForMember: (stackId, memberId, clientId) => start({ stackId, memberId }, clientId),

    async refresh(clientId, refreshToken) {
      const now = clock.now();
      const hash = digestToken(refreshToken);
      const row = await tokens.findRefreshToken(db, hash);
      if (!row || row.client_id !== clientId) {
        throw new GrantError('invalid_grant', 'The refresh token is invalid.');
      }
      if (row.family_revoked_at || row.family_expires_at <= now) {
        throw new GrantError('invalid_grant', 'The refresh token has expired or was revoked.');
      }
      if (row.used_at || row.revoked_at || !(await tokens.claimRefreshToken(db, hash, now))) {
        // Reuse of a rotated token: whoever holds the live one may be an attacker; end the sign-in.
        await tokens.revokeFamily(db, row.family_id, now);
        throw new GrantError(
          'invalid_grant',
          'The refresh token was already used; the session has been revoked.',
        );
      }
      return mint(row.family_id, row.account_id, clientId, row.family_expires_at);
    },

    async revoke(clientId, token) {
      const hash = digestToken(token);
      const found =
        (await tokens.findAccessTokenFamily(db, hash)) ?? (await tokens.findRefreshTokenFamily(db, hash));
      if (!found || found.client_id !== clientId) return;
      await tokens.revokeFamily(db, found.family_id, clock.now());
    },

    async authenticateClient(clientId, secret) {
      if (!clientId) throw new GrantError('invalid_request', 'client_id is required.');
      const client = await tokens.findClient(db, clientId);
      if (!client) throw new GrantError('invalid_client', 'Client authentication failed.');
      if (client.is_confidential) {
        const ok =
          secret && client.client_secret_hash && (await verifyPassword(client.client_secret_hash, secret));
        if (!ok) throw new GrantError('invalid_client', 'Client authentication failed.');
      }
      return { grants: client.allowed_grants };
    },
  };
}
