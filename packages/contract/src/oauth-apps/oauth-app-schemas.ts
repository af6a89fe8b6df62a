import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';
import { tokenSchema } from '../auth/auth-schemas.ts';

/**
 * OAuth 2.0 apps of a community (spec mgmt §2 "API" tab OAuth 2.0 and its wizard, §3 "OAuth app",
 * §5; issue 15 §2): apps its admins register so that other systems act for the community's members
 * (authorization code with PKCE) or for the community itself (client credentials, confidential apps).
 */

export const OAUTH_APP_NAME_MAX = 100;
export const OAUTH_APP_DESCRIPTION_MAX = 1000;
export const OAUTH_APP_REDIRECT_URIS_MAX = 20;

export const OAUTH_CLIENT_TYPES = ['public', 'confidential'] as const;
export type OAuthClientType = (typeof OAUTH_CLIENT_TYPES)[number];

export const OAUTH_APP_GRANT_TYPES = ['authorization_code', 'refresh_token', 'client_credentials'] as const;
export type OAuthAppGrantType = (typeof OAUTH_APP_GRANT_TYPES)[number];

export const OAUTH_APP_MESSAGES = {
  name: `Insert a name (1 to ${OAUTH_APP_NAME_MAX} characters).`,
  description: `The description is at most ${OAUTH_APP_DESCRIPTION_MAX} characters.`,
  image: 'Enter a valid URL.',
  clientType: 'Choose a client type: public (PKCE) or confidential.',
  grantTypes: 'Choose at least one grant type.',
  publicClientCredentials: 'A public client cannot use the client credentials grant: it holds no secret.',
  refreshNeedsCode: 'The refresh token grant comes with the authorization code grant.',
  redirectUris: 'Enter a list of valid URLs separated by a space',
  redirectUrisRequired: 'The authorization code grant needs at least one redirect URI.',
  notFound: 'This application is not found.',
} as const;

/** An app as the console lists it; the secret is never read back (it is kept hashed). */
export const oauthAppSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  image: z.string(),
  client_type: z.enum(OAUTH_CLIENT_TYPES),
  grant_types: z.array(z.enum(OAUTH_APP_GRANT_TYPES)),
  /** Space-separated, as registered (SelfCommunity's form). */
  redirect_uris: z.string(),
  client_id: z.string(),
  has_secret: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type OAuthApp = z.infer<typeof oauthAppSchema>;

/** The answer of a creation or a secret rotation: the secret is shown this once. */
export const oauthAppWithSecretSchema = oauthAppSchema.extend({ client_secret: z.string().nullable() });
export type OAuthAppWithSecret = z.infer<typeof oauthAppWithSecretSchema>;

export const oauthAppListSchema = z.object({ count: z.number().int(), results: z.array(oauthAppSchema) });
export type OAuthAppList = z.infer<typeof oauthAppListSchema>;

export const OAUTH_APP_PAGE_SIZE = 20;
export const oauthAppListQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(OAUTH_APP_PAGE_SIZE),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});
export type OAuthAppListQuery = z.input<typeof oauthAppListQuerySchema>;

/** Adding or changing an app (JSON). The client type is chosen once, at creation. */
export const oauthAppWriteBodySchema = z.object({
  name: z.string().max(10_000).optional(),
  description: z.string().max(10_000).optional(),
  image: z.string().max(2_000).optional(),
  client_type: z.string().max(100).optional(),
  grant_types: z.array(z.string().max(100)).max(10).optional(),
  redirect_uris: z.string().max(20_000).optional(),
});
export type OAuthAppWriteBody = z.infer<typeof oauthAppWriteBodySchema>;

export const oauthAppIdParamsSchema = z.object({ slug: z.string(), id: rowIdSchema });

/**
 * A redirect URI an app may register: an absolute http(s) URL without a fragment (RFC 6749 §3.1.2),
 * or a native app's private-use scheme in reverse domain form (RFC 8252 §7.1, e.g. `com.example.app:/cb`).
 */
export function isValidRedirectUri(value: string): boolean {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  if (url.hash || value.includes('#')) return false;
  if (url.protocol === 'https:' || url.protocol === 'http:') return url.hostname !== '';
  return /^[a-z][a-z0-9+.-]*\.[a-z0-9+.-]+:$/.test(url.protocol);
}

/** The registered URIs of a space-separated list; undefined when one of them is not valid. */
export function parseRedirectUris(value: string): string[] | undefined {
  const uris = value.split(/\s+/).filter(Boolean);
  return uris.every(isValidRedirectUri) ? [...new Set(uris)] : undefined;
}

/** HTTPS is advised: an http URI is fine only on the loopback interface (RFC 8252 §7.3). */
export function isAdvisedRedirectUri(value: string): boolean {
  if (!value.startsWith('http:')) return true;
  const host = new URL(value).hostname;
  return host === 'localhost' || host === '127.0.0.1' || host === '[::1]';
}

export const oauthAppPaths = {
  /** Console, relative to a stack's internal_url. */
  list: '/platform/api/v1/oauth_apps/',
  add: '/platform/api/v1/oauth_apps/add/',
  detail: '/platform/api/v1/oauth_apps/:id/',
  update: '/platform/api/v1/oauth_apps/:id/update/',
  delete: '/platform/api/v1/oauth_apps/:id/delete/',
  rotateSecret: '/platform/api/v1/oauth_apps/:id/rotate_secret/',
  /** The community's authorization endpoint, relative to `/c/{slug}` (its token and revocation endpoints are memberAuthPaths). */
  authorize: '/oauth/authorize/',
  /** RFC 8414 metadata of the issuer `{publicUrl}/c/{slug}`. */
  metadata: '/.well-known/oauth-authorization-server/c/:slug',
} as const;

/** Lifetimes of the authorization flow (seconds). */
export const AUTHORIZATION_CODE_TTL_SECONDS = 60;
export const APP_TOKEN_TTL_SECONDS = 36000;

/** A token endpoint's answer: client credentials (and apps without the refresh grant) get no refresh token. */
export const appTokenSchema = tokenSchema.extend({ refresh_token: z.string().optional() });
