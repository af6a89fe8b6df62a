import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONSOLE_ROLES,
  ErrorCode,
  MEMBER_API_BASE,
  dataEnvelope,
  memberApiClientSchema,
  memberAuthPaths,
  oauthErrorSchema,
  revokeRequestSchema,
  tokenRequestSchema,
  appTokenSchema,
  ssoSignInResultSchema,
  platformUrlSchema,
  type SsoSignInResult,
} from '@agora/contract';
import type { Db } from '../../platform/db/database.ts';
import type { Clock } from '../../platform/clock.ts';
import {
  requireCommunity,
  requireMember,
  type MemberCaller,
} from '../../platform/member-scope/member-scope.ts';
import * as repo from './member-auth.repository.ts';
import { AppError } from '../../platform/errors/app-error.ts';
import { errorResponses } from '../../platform/openapi/error-responses.ts';
import { requireStaff } from '../../platform/stack-scope/stack-scope.ts';
import { STACK_API_PREFIX } from '../../platform/stack-scope/stack-scope.ts';
import { answerRevokeRequest, answerTokenRequest, sendGrantError } from '../oauth/oauth.service.ts';
import { GrantError, type TokenService } from '../auth/token.service.ts';
import { clientCredentialsOf, type OAuthFlowService } from '../oauth-apps/oauth-flow.service.ts';
import { CONSOLE_CLIENT_ID, type AuthService } from '../auth/auth.service.ts';
import type { MemberAuthService } from './member-auth.service.ts';
import { areaAccess } from '../../platform/stack-scope/console-area.ts';
import { bearerToken } from '../../platform/auth/authenticate.ts';
import { digestToken } from '../../platform/auth/opaque-token.ts';
import { findAccessTokenFamily } from '../auth/token.repository.ts';
import { isSsoFamily } from './member-account-codes.repository.ts';

/** Whether the sign-in of an access token was started by an owner's SSO JWT (`sso/token/`). */
async function startedBySsoJwt(db: Db, accessToken: string): Promise<boolean> {
  const family = await findAccessTokenFamily(db, digestToken(accessToken));
  return family ? isSsoFamily(db, family.family_id) : false;
}

const tags = ['member-auth'];
/** Credentials that prove the member signed in themselves (see registerPlatformUrlRoute). */
const HANDOFF_CREDENTIALS: readonly MemberCaller['via'][] = ['member_token', 'console_token'];
const slugParams = z.object({ slug: z.string() });

/** `/c/{slug}/oauth/token/` and `/c/{slug}/oauth/revoke_token/`: a community's members sign in here. */
export function registerMemberOAuthRoutes(
  app: FastifyInstance,
  deps: { memberAuth: MemberAuthService; tokens: TokenService; apps: OAuthFlowService },
): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const community = async (slug: string) => {
    const found = await deps.memberAuth.communityBySlug(slug);
    if (!found) throw AppError.notFound('This community is not found');
    return found;
  };

  r.post(
    `${STACK_API_PREFIX}${memberAuthPaths.token}`,
    {
      schema: {
        tags,
        summary:
          "Members' token endpoint of a community: password or refresh_token grant with its public client id; its OAuth apps' authorization_code (PKCE S256), refresh_token and client_credentials grants",
        params: slugParams,
        body: tokenRequestSchema,
        response: {
          200: appTokenSchema,
          400: oauthErrorSchema,
          401: oauthErrorSchema,
          429: oauthErrorSchema,
        },
      },
    },
    async (request, reply) => {
      const where = await community(request.params.slug);
      // The community's OAuth apps (authorization code, refresh, client credentials) first.
      try {
        const client = clientCredentialsOf(request.headers.authorization, request.body);
        const answer = await deps.apps.token(where, request.body, client);
        if (answer)
          return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send(answer);
      } catch (error) {
        if (!(error instanceof GrantError)) throw error;
        void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        return sendGrantError(reply, error);
      }
      return answerTokenRequest(request.body, request.ip, reply, {
        authenticateClient: (clientId) => deps.memberAuth.authenticateClient(where, clientId),
        refresh: (clientId, token) => deps.tokens.refresh(clientId, token),
        password: (username, password, ip, clientId) =>
          deps.memberAuth.passwordGrant(where, username, password, ip, clientId),
      });
    },
  );

  r.post(
    `${STACK_API_PREFIX}${memberAuthPaths.revoke}`,
    {
      schema: {
        tags,
        summary: "Ends a member's sign-in (unknown tokens still answer 200)",
        params: slugParams,
        body: revokeRequestSchema,
        response: { 200: z.object({}), 400: oauthErrorSchema, 401: oauthErrorSchema },
      },
    },
    async (request, reply) => {
      const where = await community(request.params.slug);
      try {
        const client = clientCredentialsOf(request.headers.authorization, request.body);
        if (await deps.apps.revoke(where, request.body.token, client)) {
          return reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache').send({});
        }
      } catch (error) {
        if (!(error instanceof GrantError)) throw error;
        void reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
        return sendGrantError(reply, error);
      }
      return answerRevokeRequest(request.body, reply, {
        authenticateClient: (clientId) => deps.memberAuth.authenticateClient(where, clientId),
        revoke: (clientId, token) => deps.tokens.revoke(clientId, token),
      });
    },
  );
}

/** Console: the community's public client id and where its members' API answers. */
export function registerMemberApiClientRoutes(
  scope: FastifyInstance,
  deps: { memberAuth: MemberAuthService; publicUrl: string },
): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    memberAuthPaths.client,
    {
      config: areaAccess('integrations'),
      schema: {
        tags,
        summary: "The community's public OAuth client id for its members, and the member API's addresses",
        response: { 200: dataEnvelope(memberApiClientSchema), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const staff = requireStaff(request);
      const base = `${deps.publicUrl}/c/${staff.slug}`;
      return {
        data: {
          client_id: await deps.memberAuth.clientId(staff.stackId),
          token_url: `${base}${memberAuthPaths.token}`,
          api_url: `${base}${MEMBER_API_BASE}/`,
          grant_types: ['password', 'refresh_token'],
        },
      };
    },
  );
}

/** `POST /api/v2/sso/signin/`: signs in the member the bearer identifies (a visit) and says who they are. */
export function registerMemberSsoSignInRoute(scope: FastifyInstance, deps: { db: Db; clock: Clock }): void {
  scope.withTypeProvider<ZodTypeProvider>().post(
    '/sso/signin/',
    {
      config: { member: 'member' },
      schema: {
        tags,
        summary: 'SSO sign-in of the member the token identifies',
        response: { 200: ssoSignInResultSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const community = requireCommunity(request);
      const member = requireMember(request);
      await repo.recordMemberLogin(deps.db, community.stackId, member.userId, deps.clock.now());
      const profile = await repo.ssoProfile(deps.db, community.stackId, member.userId);
      return { ...profile, role: profile.role as SsoSignInResult['role'] };
    },
  );
}

/**
 * `GET /api/v2/user/me/platform_url/?next=`: SelfCommunity's hand-off from the community to the
 * console for its staff: a one-time console sign-in link (and a console token).
 */
export function registerPlatformUrlRoute(
  scope: FastifyInstance,
  deps: { db: Db; auth: AuthService; tokens: TokenService },
): void {
  scope.withTypeProvider<ZodTypeProvider>().get(
    '/user/me/platform_url/',
    {
      config: { member: CONSOLE_ROLES },
      schema: {
        tags,
        summary: 'One-time console sign-in link for the calling staff member',
        querystring: z.object({ next: z.string().max(500).optional() }),
        response: { 200: platformUrlSchema, ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const community = requireCommunity(request);
      const member = requireMember(request);
      // Only a credential the member presented themselves opens a console session: a JWT is signed by
      // whoever holds the community's key (its admins, its back end) and may name anyone (ADR 0010).
      // A member token an owner's SSO JWT started is no more the member's own presence than the JWT.
      const startedBySso =
        member.via === 'member_token' && (await startedBySsoJwt(deps.db, bearerToken(request) ?? ''));
      if (!HANDOFF_CREDENTIALS.includes(member.via) || startedBySso) {
        throw AppError.of(
          403,
          ErrorCode.handoffRefused,
          'A console session is handed off only to a member signed in with their own credentials.',
        );
      }
      const accountId = await repo.ensureConsoleAccount(deps.db, community.stackId, member.userId);
      const ticket = await deps.auth.issueSsoTicket(community.stackId, member.userId);
      const next = request.query.next;
      const url = new URL(ticket.platform_url);
      if (next && next.startsWith('/') && !next.startsWith('//')) url.searchParams.set('next', next);
      void reply.header('Cache-Control', 'no-store');
      // A member credential is no second factor: an account that has one gets the link only, where
      // the console asks for its code (issue 10 §6).
      if (await deps.auth.hasSecondFactor(accountId)) return { platform_url: url.toString() };
      // Bound to this community: the hand-off never yields more than its staff rights here.
      const token = await deps.tokens.issueForCommunity(accountId, community.stackId, CONSOLE_CLIENT_ID);
      return { platform_url: url.toString(), token_details: token };
    },
  );
}
