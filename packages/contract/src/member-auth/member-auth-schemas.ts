import { z } from 'zod';
import { rowIdSchema } from '../row-id.ts';

/** The member API (SelfCommunity v2-compatible) of one community, relative to its internal url. */
export const MEMBER_API_BASE = '/api/v2';

export const memberAuthPaths = {
  /** Members' OAuth token endpoint (password and refresh_token grants). */
  token: '/oauth/token/',
  revoke: '/oauth/revoke_token/',
  /** Console: the community's public client id and the member API's addresses. */
  client: '/platform/api/v1/member_api/client/',
} as const;

/** Prefix of every community's public member client id (the hub's token endpoint refuses them). */
export const MEMBER_CLIENT_PREFIX = 'community-';

export const memberApiClientSchema = z.object({
  client_id: z.string(),
  token_url: z.string(),
  api_url: z.string(),
  grant_types: z.array(z.string()),
});
export type MemberApiClient = z.infer<typeof memberApiClientSchema>;

/** Claims of a server-to-server JWT (HS256/HS512 with the community's JWT key). */
export const memberJwtClaimsSchema = z.object({
  user_id: rowIdSchema,
  token_type: z.literal('access'),
  jti: z.union([z.string(), z.number()]).optional(),
  iat: z.number().optional(),
  exp: z.number(),
});

export const ssoSignInResultSchema = z.object({
  id: z.number().int(),
  ext_id: z.string().nullable(),
  username: z.string(),
  role: z.enum(['admin', 'moderator', 'editor', 'publisher']).nullable(),
  tags: z.array(z.number().int()).nullable(),
});
export type SsoSignInResult = z.infer<typeof ssoSignInResultSchema>;

/** `GET /api/v2/user/me/platform_url/`: the staff member's way into the console. */
export const platformUrlSchema = z.object({
  platform_url: z.string(),
  token_details: z
    .object({
      access_token: z.string(),
      expires_in: z.number().int(),
      token_type: z.string(),
      refresh_token: z.string(),
      client_id: z.string(),
      scope: z.string(),
    })
    .optional()
    .describe('Absent for an account with a second factor: its code is asked at platform_url'),
});
