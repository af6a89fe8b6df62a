import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { revokeRequestSchema, Token, TokenRequest } from '@agora/contract';
import { errorEntry, AppError } from '../../platform/errors/app-error.ts';
import { GrantError } from '../auth/token.service.ts';

/*
 * The OAuth 2 endpoints' rules, shared by the hub's endpoints (oauth.routes.ts) and each community's
 * members' endpoints (member-auth): grant checks, RFC 6749 error bodies, no caching.
 */

const STATUS: Record<GrantError['error'], number> = {
  invalid_request: 400,
  invalid_client: 401,
  invalid_grant: 400,
  unsupported_grant_type: 400,
  unauthorized_client: 400,
};

/**
 * RFC 6749 §5.2 error body, which also carries our envelope's `errors`. A client that authenticated
 * with HTTP Basic and failed is told how to authenticate (`WWW-Authenticate`).
 */
export function sendGrantError(reply: FastifyReply, error: GrantError) {
  if (error.error === 'invalid_client' && /^Basic\s/i.test(reply.request.headers.authorization ?? '')) {
    void reply.header('WWW-Authenticate', 'Basic realm="oauth"');
  }
  return reply.code(STATUS[error.error]).send({
    error: error.error,
    error_description: error.description,
    errors: [errorEntry(error.code ?? error.error, error.description)],
  });
}

export interface TokenGrants {
  authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<{ grants: string[] }>;
  refresh(clientId: string, refreshToken: string): Promise<Token>;
  /** Checks the credentials (throttled; AppError 429 or 400 on failure) and starts a sign-in. */
  password(username: string, password: string, ip: string, clientId: string): Promise<Token>;
}

/** One token endpoint's rules (grant checks, RFC 6749 errors, no caching), for whichever subject signs in. */
export async function answerTokenRequest(
  body: TokenRequest,
  ip: string,
  reply: FastifyReply,
  grants: TokenGrants,
) {
  void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  try {
    const client = await grants.authenticateClient(body.client_id, body.client_secret);
    const clientId = body.client_id as string;
    if (!body.grant_type) throw new GrantError('invalid_request', 'grant_type is required.');
    if (!['refresh_token', 'password'].includes(body.grant_type)) {
      throw new GrantError('unsupported_grant_type', `Unsupported grant type "${body.grant_type}".`);
    }
    if (!client.grants.includes(body.grant_type)) {
      throw new GrantError('unsupported_grant_type', 'This client may not use this grant type.');
    }
    if (body.grant_type === 'refresh_token') {
      if (!body.refresh_token) throw new GrantError('invalid_request', 'refresh_token is required.');
      return await grants.refresh(clientId, body.refresh_token);
    }
    if (!body.username || !body.password) {
      throw new GrantError('invalid_request', 'username and password are required.');
    }
    try {
      return await grants.password(body.username, body.password, ip, clientId);
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 429) {
        const wait = (error as { retryAfter?: number }).retryAfter;
        if (wait) void reply.header('Retry-After', String(wait));
        return reply.code(429).send({
          error: 'invalid_grant',
          error_description: error.message,
          errors: error.entries,
        });
      }
      // A member's standing (blocked until…, awaiting approval) keeps its own code for the client.
      if (error instanceof AppError) {
        const standing = error.statusCode === 403 ? error.entries[0]?.code : undefined;
        throw new GrantError('invalid_grant', error.message, standing);
      }
      throw error;
    }
  } catch (error) {
    if (error instanceof GrantError) return sendGrantError(reply, error);
    throw error;
  }
}

type RevokeRequest = z.infer<typeof revokeRequestSchema>;

export interface RevokeGrants {
  authenticateClient(clientId: string | undefined, secret: string | undefined): Promise<unknown>;
  revoke(clientId: string, token: string): Promise<void>;
}

/**
 * One revocation endpoint's rules (RFC 7009), for the hub's and each community's members' clients: the
 * client first, then the token (unknown tokens still answer 200); RFC 6749 errors, no caching.
 */
export async function answerRevokeRequest(body: RevokeRequest, reply: FastifyReply, grants: RevokeGrants) {
  void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
  try {
    await grants.authenticateClient(body.client_id, body.client_secret);
    if (!body.token) throw new GrantError('invalid_request', 'token is required.');
    await grants.revoke(body.client_id as string, body.token);
    return {};
  } catch (error) {
    if (error instanceof GrantError) return sendGrantError(reply, error);
    throw error;
  }
}
