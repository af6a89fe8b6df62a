import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authPaths,
  MEMBER_CLIENT_PREFIX,
  oauthErrorSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  tokenSchema,
} from '@agora/contract';
import { GrantError, type TokenService } from '../auth/token.service.ts';
import type { AuthService } from '../auth/auth.service.ts';
import { answerRevokeRequest, answerTokenRequest } from './oauth.service.ts';

const tags = ['oauth'];

/** OAuth 2 token and revocation endpoints (RFC 6749, RFC 7009); answers are never cached. */
export function registerOAuthRoutes(
  app: FastifyInstance,
  deps: { tokens: TokenService; auth: AuthService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post(
    authPaths.token,
    {
      schema: {
        tags,
        summary: 'Token endpoint: grant_type refresh_token (rotating) or password',
        body: tokenRequestSchema,
        response: { 200: tokenSchema, 400: oauthErrorSchema, 401: oauthErrorSchema, 429: oauthErrorSchema },
      },
    },
    (request, reply) =>
      answerTokenRequest(request.body, request.ip, reply, {
        // A community's member client signs its members in at /c/{slug}/oauth/token/, never here.
        authenticateClient: async (id, secret) => {
          if (id?.startsWith(MEMBER_CLIENT_PREFIX)) {
            throw new GrantError('invalid_client', 'Client authentication failed.');
          }
          return deps.tokens.authenticateClient(id, secret);
        },
        refresh: (clientId, token) => deps.tokens.refresh(clientId, token),
        password: (username, password, ip, clientId) =>
          deps.auth.passwordGrant(username, password, ip, clientId),
      }),
  );

  r.post(
    authPaths.revoke,
    {
      schema: {
        tags,
        summary: 'Revoke a token and the whole sign-in it belongs to (unknown tokens still answer 200)',
        body: revokeRequestSchema,
        response: { 200: z.object({}), 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
    },
    (request, reply) =>
      answerRevokeRequest(request.body, reply, {
        authenticateClient: (id, secret) => deps.tokens.authenticateClient(id, secret),
        revoke: (clientId, token) => deps.tokens.revoke(clientId, token),
      }),
  );
}
