import { z } from 'zod';
import { userPreferenceSchema } from '../preferences/preference-schemas.ts';
import { stackSchema } from '../stacks/stack-schemas.ts';

export const LOCALES = ['en', 'it'] as const;
export const localeSchema = z.enum(LOCALES);
export type Locale = z.infer<typeof localeSchema>;

/** The signed-in console user (spec core §3 "Session user"). */
export const sessionUserSchema = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  username: z.string(),
  email: z.string(),
  initials: z.string(),
  email_is_verified: z.boolean(),
  last_login: z.string().nullable(),
  date_joined: z.string(),
  perms: z.array(z.string()),
  professional_subscriptions: z.array(z.string()),
  language: localeSchema,
});
export type SessionUser = z.infer<typeof sessionUserSchema>;

/** OAuth 2 token as the console stores it (spec core §3 "Token"). */
export const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  expires_in: z.number().int(),
  refresh_token: z.string(),
  client_id: z.string(),
  scope: z.string(),
});
export type Token = z.infer<typeof tokenSchema>;

export const signinBodySchema = z.object({
  username: z.string().trim().min(1).max(254).describe('Username or email'),
  password: z.string().min(1).max(1024),
});
export type SigninBody = z.infer<typeof signinBodySchema>;

export const signinResultSchema = z.object({
  user: sessionUserSchema,
  token: tokenSchema,
  preferences: z.array(userPreferenceSchema),
});
export type SigninResult = z.infer<typeof signinResultSchema>;

export const ssoBodySchema = z.object({ ticket: z.string().min(1).max(512) });
export const ssoResultSchema = signinResultSchema.extend({ stack: stackSchema });
export type SsoResult = z.infer<typeof ssoResultSchema>;

/** A ticket a community issues for one of its staff users, exchanged at `/community/sso/`. */
export const ssoTicketSchema = z.object({
  ticket: z.string(),
  expires_in: z.number().int(),
  platform_url: z.string(),
});
export type SsoTicket = z.infer<typeof ssoTicketSchema>;

/** `POST /oauth/token/` (form-urlencoded). Grant-specific fields are checked by the server. */
export const tokenRequestSchema = z.object({
  grant_type: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  refresh_token: z.string().optional(),
  username: z.string().optional(),
  password: z.string().optional(),
  /** authorization_code grant (RFC 6749 §4.1.3, RFC 7636 §4.5). */
  code: z.string().optional(),
  redirect_uri: z.string().optional(),
  code_verifier: z.string().optional(),
  scope: z.string().optional(),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const revokeRequestSchema = z.object({
  token: z.string().optional(),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  token_type_hint: z.string().optional(),
});

/** Token lifetimes (spec core §9: the token time limit 259200 s is the refresh family's absolute end). */
export const ACCESS_TOKEN_TTL_SECONDS = 36000;
export const REFRESH_FAMILY_TTL_SECONDS = 259200;

export const authPaths = {
  signin: '/platform/api/v1/auth/signin/',
  sso: '/platform/api/v1/auth/sso/',
  token: '/oauth/token/',
  revoke: '/oauth/revoke_token/',
} as const;
