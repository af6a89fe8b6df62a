import { createHash, randomBytes } from 'node:crypto';
import {
  APP_TOKEN_TTL_SECONDS,
  AUTHORIZATION_CODE_TTL_SECONDS,
  memberAuthPaths,
  oauthAppPaths,
  type Token,
  type TokenRequest,
} from '@agora/contract';
import type { PlatformDeps } from '../../platform/platform-deps.ts';
import { digestToken, newOpaqueToken } from '../../platform/auth/opaque-token.ts';
import type { Community } from '../../platform/member-scope/member-scope.ts';
import { GrantError, type TokenService } from '../auth/token.service.ts';
import { findAccessTokenFamily, revokeFamily } from '../auth/token.repository.ts';
import type { MemberAuthService } from '../member-auth/member-auth.service.ts';
import * as codes from './authorization-codes.repository.ts';
import * as appTokens from './app-tokens.repository.ts';
import { findAppByClientId, type OAuthAppRow } from './oauth-apps.repository.ts';
import { secretMatches } from './oauth-apps.service.ts';

/*
 * The OAuth 2.0 apps at work for a community's members (issue 15 §2): the authorization code grant
 * with PKCE (RFC 6749 §4.1, RFC 7636, RFC 9700: exact redirect URI, `state`, S256 only, no implicit
 * grant), refresh with rotation (the token service's families), revocation (RFC 7009), and client
 * credentials for confidential apps acting as the community. Issuer: `{publicUrl}/c/{slug}`, or the
 * community's own domain for a caller that came there (ADR 0029).
 */

export interface OAuthFlowDeps extends Pick<PlatformDeps, 'db' | 'clock' | 'config'> {
  tokens: TokenService;
  memberAuth: MemberAuthService;
}

/** RFC 7636 §4.1: 43 to 128 unreserved characters (the challenge of S256 is 43). */
const PKCE_VALUE = /^[A-Za-z0-9\-._~]{43,128}$/;

/** The parameters of an authorization request (RFC 6749 §4.1.1, RFC 7636 §4.3). */
export interface AuthorizationParams {
  response_type?: string;
  client_id?: string;
  redirect_uri?: string;
  state?: string;
  scope?: string;
  code_challenge?: string;
  code_challenge_method?: string;
}

/**
 * An authorization request checked: `page` errors are shown on the page (the client or its redirect
 * URI cannot be trusted, RFC 6749 §4.1.2.1), `redirect` errors go back to the client.
 */
export type AuthorizationCheck =
  | { ok: true; app: OAuthAppRow; redirectUri: string; state: string; challenge: string }
  | { ok: false; page: 'unknown_client' | 'redirect_uri' }
  | { ok: false; redirect: string };

export interface ClientCredentials {
  clientId?: string;
  secret?: string;
  /** The client sent `Authorization: Basic` (RFC 6749 §2.3.1). */
  basic: boolean;
}

/** Client credentials from HTTP Basic (form-urlencoded parts) or the body; both at once is refused. */
export function clientCredentialsOf(
  authorization: string | undefined,
  body: { client_id?: string; client_secret?: string },
): ClientCredentials {
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(authorization ?? '');
  if (!match) return { clientId: body.client_id, secret: body.client_secret, basic: false };
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  const part = (value: string) => {
    try {
      return decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      throw new GrantError('invalid_client', 'Client authentication failed.');
    }
  };
  if (colon < 0) throw new GrantError('invalid_client', 'Client authentication failed.');
  if (body.client_secret !== undefined) {
    throw new GrantError('invalid_request', 'Use one client authentication method only.');
  }
  const clientId = part(decoded.slice(0, colon));
  if (body.client_id !== undefined && body.client_id !== clientId) {
    throw new GrantError('invalid_request', 'client_id does not match the authenticated client.');
  }
  return { clientId, secret: part(decoded.slice(colon + 1)), basic: true };
}

/**
 * A community with the issuer its caller reached it at (RFC 8414 §3.3: the metadata's `issuer` is
 * the address the client discovered it from): `{publicUrl}/c/{slug}`, or the community's own domain.
 */
export type IssuingCommunity = Community & { issuer: string };

export function createOAuthFlowService(deps: OAuthFlowDeps) {
  const { db, clock } = deps;

  /** The app this client authenticates as: a confidential one proves its secret, a public one sends none. */
  function authenticated(app: OAuthAppRow, client: ClientCredentials): OAuthAppRow {
    const ok =
      app.client_type === 'confidential' ? secretMatches(app, client.secret) : client.secret === undefined;
    if (!ok) throw new GrantError('invalid_client', 'Client authentication failed.');
    return app;
  }

  function errorRedirect(
    redirectUri: string,
    issuer: string,
    error: string,
    description: string,
    state?: string,
  ) {
    const url = new URL(redirectUri);
    url.searchParams.set('error', error);
    url.searchParams.set('error_description', description);
    if (state) url.searchParams.set('state', state);
    url.searchParams.set('iss', issuer);
    return url.toString();
  }

  async function authorizationCode(
    community: Community,
    app: OAuthAppRow,
    body: TokenRequest,
  ): Promise<Token> {
    if (!body.code || !body.redirect_uri || !body.code_verifier) {
      throw new GrantError('invalid_request', 'code, redirect_uri and code_verifier are required.');
    }
    const now = clock.now();
    const hash = digestToken(body.code);
    const row = await codes.findCode(db, hash);
    if (!row || row.stack_id !== community.stackId || row.app_id !== app.id) {
      throw new GrantError('invalid_grant', 'The authorization code is invalid.');
    }
    if (row.used_at || !(await codes.claimCode(db, hash, now))) {
      // A code presented twice: the tokens it gave may be in an attacker's hands (RFC 6749 §4.1.2).
      const again = await codes.findCode(db, hash);
      if (again?.family_id) await revokeFamily(db, again.family_id, now);
      throw new GrantError('invalid_grant', 'The authorization code was already used.');
    }
    if (row.expires_at <= now) throw new GrantError('invalid_grant', 'The authorization code has expired.');
    if (row.redirect_uri !== body.redirect_uri) {
      throw new GrantError('invalid_grant', 'redirect_uri does not match the authorization request.');
    }
    const challenge = createHash('sha256').update(body.code_verifier, 'ascii').digest('base64url');
    if (!PKCE_VALUE.test(body.code_verifier) || challenge !== row.code_challenge) {
      throw new GrantError('invalid_grant', 'The code verifier does not match the code challenge.');
    }
    const standing = await deps.memberAuth.standing(community.stackId, row.user_id);
    if (standing.standing !== 'active') {
      throw new GrantError('invalid_grant', 'This member may not sign in.');
    }
    const token = await deps.tokens.issueForMember(community.stackId, row.user_id, app.client_id);
    const family = await findAccessTokenFamily(db, digestToken(token.access_token));
    if (family) await codes.setCodeFamily(db, hash, family.family_id);
    return withoutRefreshUnlessAllowed(app, token);
  }

  function withoutRefreshUnlessAllowed(app: OAuthAppRow, token: Token): Token {
    if (app.grant_types.includes('refresh_token')) return token;
    const { refresh_token: _unused, ...rest } = token;
    return rest as Token;
  }

  async function clientCredentialsGrant(community: Community, app: OAuthAppRow) {
    if (app.client_type !== 'confidential') {
      throw new GrantError('unauthorized_client', 'Only a confidential app may use client credentials.');
    }
    const now = clock.now();
    const access = newOpaqueToken(appTokens.APP_TOKEN_PREFIX);
    await appTokens.insertAppToken(db, {
      hash: digestToken(access),
      stackId: community.stackId,
      appId: app.id,
      expiresAt: new Date(now.getTime() + APP_TOKEN_TTL_SECONDS * 1000),
      now,
    });
    return {
      access_token: access,
      token_type: 'Bearer' as const,
      expires_in: APP_TOKEN_TTL_SECONDS,
      client_id: app.client_id,
      scope: 'read write',
    };
  }

  return {
    /** RFC 8414 metadata: a standard client finds every endpoint of the community here. */
    metadata(community: IssuingCommunity) {
      const issuer = community.issuer;
      const auth = ['none', 'client_secret_basic', 'client_secret_post'];
      return {
        issuer,
        authorization_endpoint: `${issuer}${oauthAppPaths.authorize}`,
        token_endpoint: `${issuer}${memberAuthPaths.token}`,
        revocation_endpoint: `${issuer}${memberAuthPaths.revoke}`,
        response_types_supported: ['code'],
        response_modes_supported: ['query'],
        grant_types_supported: ['authorization_code', 'refresh_token', 'client_credentials'],
        code_challenge_methods_supported: ['S256'],
        token_endpoint_auth_methods_supported: auth,
        revocation_endpoint_auth_methods_supported: auth,
        scopes_supported: ['read', 'write'],
        authorization_response_iss_parameter_supported: true,
        service_documentation: `${deps.config.publicUrl}/docs`,
      };
    },

    /** The app of a client id in this community (another community's client id finds nothing). */
    findApp: (community: Community, clientId: string) => findAppByClientId(db, community.stackId, clientId),

    /** RFC 6749 §4.1.1 and RFC 7636 §4.3 checked in the order that keeps errors away from untrusted URIs. */
    async checkAuthorization(
      community: IssuingCommunity,
      q: AuthorizationParams,
    ): Promise<AuthorizationCheck> {
      const app = q.client_id ? await findAppByClientId(db, community.stackId, q.client_id) : undefined;
      if (!app) return { ok: false, page: 'unknown_client' };
      // Exact string match with a registered URI (RFC 9700 §4.1.3): no prefix, no pattern.
      if (!q.redirect_uri || !app.redirect_uris.includes(q.redirect_uri)) {
        return { ok: false, page: 'redirect_uri' };
      }
      const back = (error: string, description: string) => ({
        ok: false as const,
        redirect: errorRedirect(q.redirect_uri as string, community.issuer, error, description, q.state),
      });
      if (q.response_type !== 'code') {
        return back('unsupported_response_type', 'Only response_type=code is supported (no implicit grant).');
      }
      if (!app.grant_types.includes('authorization_code')) {
        return back('unauthorized_client', 'This app may not use the authorization code grant.');
      }
      if (!q.state) return back('invalid_request', 'state is required.');
      if (!q.code_challenge || !PKCE_VALUE.test(q.code_challenge)) {
        return back('invalid_request', 'A PKCE code_challenge is required.');
      }
      if (q.code_challenge_method !== 'S256') {
        return back('invalid_request', 'code_challenge_method must be S256.');
      }
      return { ok: true, app, redirectUri: q.redirect_uri, state: q.state, challenge: q.code_challenge };
    },

    /** The member allowed the app: a one-time code back to the client (with `state` and `iss`, RFC 9207). */
    async grantCode(
      community: IssuingCommunity,
      check: Extract<AuthorizationCheck, { ok: true }>,
      userId: number,
    ): Promise<string> {
      const code = randomBytes(32).toString('base64url');
      const now = clock.now();
      await codes.insertCode(db, {
        codeHash: digestToken(code),
        stackId: community.stackId,
        appId: check.app.id,
        userId,
        redirectUri: check.redirectUri,
        codeChallenge: check.challenge,
        expiresAt: new Date(now.getTime() + AUTHORIZATION_CODE_TTL_SECONDS * 1000),
        now,
      });
      const url = new URL(check.redirectUri);
      url.searchParams.set('code', code);
      url.searchParams.set('state', check.state);
      url.searchParams.set('iss', community.issuer);
      return url.toString();
    },

    /** The member said no (RFC 6749 §4.1.2.1 `access_denied`). */
    denied(community: IssuingCommunity, check: Extract<AuthorizationCheck, { ok: true }>): string {
      return errorRedirect(
        check.redirectUri,
        community.issuer,
        'access_denied',
        'The member did not allow access.',
        check.state,
      );
    },

    /**
     * The token endpoint for this community's apps; undefined when the client is none of its apps
     * (the members' own client, or an unknown one, is the member sign-in's to answer).
     */
    async token(
      community: Community,
      body: TokenRequest,
      client: ClientCredentials,
    ): Promise<Token | Omit<Token, 'refresh_token'> | undefined> {
      if (!client.clientId) return undefined;
      const found = await findAppByClientId(db, community.stackId, client.clientId);
      if (!found) return undefined;
      const app = authenticated(found, client);
      if (!body.grant_type) throw new GrantError('invalid_request', 'grant_type is required.');
      if (!['authorization_code', 'refresh_token', 'client_credentials'].includes(body.grant_type)) {
        throw new GrantError('unsupported_grant_type', `Unsupported grant type "${body.grant_type}".`);
      }
      if (!app.grant_types.includes(body.grant_type)) {
        throw new GrantError('unauthorized_client', 'This app may not use this grant type.');
      }
      if (body.grant_type === 'authorization_code') return authorizationCode(community, app, body);
      if (body.grant_type === 'client_credentials') return clientCredentialsGrant(community, app);
      if (!body.refresh_token) throw new GrantError('invalid_request', 'refresh_token is required.');
      return deps.tokens.refresh(app.client_id, body.refresh_token);
    },

    /** RFC 7009 for this community's apps; false when the client is none of its apps. */
    async revoke(community: Community, token: string | undefined, client: ClientCredentials) {
      if (!client.clientId) return false;
      const found = await findAppByClientId(db, community.stackId, client.clientId);
      if (!found) return false;
      const app = authenticated(found, client);
      if (!token) throw new GrantError('invalid_request', 'token is required.');
      const revoked = await appTokens.revokeAppToken(db, app.id, digestToken(token), clock.now());
      if (!revoked) await deps.tokens.revoke(app.client_id, token);
      return true;
    },
  };
}

export type OAuthFlowService = ReturnType<typeof createOAuthFlowService>;
