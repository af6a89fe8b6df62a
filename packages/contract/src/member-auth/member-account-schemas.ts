import { z } from 'zod';
import { tokenSchema } from '../auth/auth-schemas.ts';

/**
 * A member's own account by email (issue 18 §2), as SelfCommunity's `account/verify/`, `recover/` and
 * `reset/`: the email carries a one-time code (`validation_code`), valid for a while and once.
 */
export const MEMBER_ACCOUNT_CODE_TTL_SECONDS = {
  /** An email verification link works for two days. */
  verify_email: 2 * 24 * 3600,
  /** A password recovery link works for one hour. */
  password_reset: 3600,
} as const;
export type MemberAccountCodePurpose = keyof typeof MEMBER_ACCOUNT_CODE_TTL_SECONDS;

/** The member site's own pages the emails link to when no `url_template_*` preference is set. */
export const MEMBER_SITE_ACCOUNT_PAGES = {
  verify_email: '/verify-email',
  password_reset: '/reset-password',
} as const;

const code = z.string().trim().min(1).max(200);

export const accountVerifyBodySchema = z.object({ validation_code: code });
export type AccountVerifyBody = z.infer<typeof accountVerifyBodySchema>;

export const accountRecoverBodySchema = z.object({ email: z.string().trim().min(1).max(254) });

export const accountResetBodySchema = z.object({
  validation_code: code,
  password: z.string().max(1000),
});
export type AccountResetBody = z.infer<typeof accountResetBodySchema>;

/** SelfCommunity's answer of `account/verify/` and `account/reset/`: a member sign-in. */
export const accountTokenAnswerSchema = z.object({ token: tokenSchema });

/** `account/verify/validation_code/`: a code is live (it is not used up by asking). */
export const accountCodeCheckSchema = z.object({
  purpose: z.enum(['verify_email', 'password_reset']),
});

/**
 * Claims of the JWT an owner's own app signs with the community's JWT key to sign a person into the
 * member site (`sso/token/`). The person is `user_id` (a member of this community) or `ext_id` (their
 * id in the owner's app: matched, else a member is created with `username`, `email`, `real_name`).
 */
export const ssoJwtClaimsSchema = z
  .object({
    user_id: z.number().int().positive().optional(),
    ext_id: z.union([z.string().min(1).max(255), z.number().int()]).optional(),
    username: z.string().max(255).optional(),
    email: z.string().max(254).optional(),
    real_name: z.string().max(255).optional(),
    language: z.string().max(35).optional(),
    jti: z.union([z.string(), z.number()]).optional(),
    iat: z.number().optional(),
    exp: z.number(),
  })
  .refine((c) => c.user_id !== undefined || c.ext_id !== undefined, { message: 'user_id or ext_id' });
export type SsoJwtClaims = z.infer<typeof ssoJwtClaimsSchema>;

export const ssoTokenBodySchema = z.object({ token: z.string().min(1).max(8000) });

export const ssoTokenAnswerSchema = z.object({
  token: tokenSchema,
  user: z.object({ id: z.number().int(), username: z.string(), ext_id: z.string().nullable() }),
  /** True when this call created the member. */
  created: z.boolean(),
});
export type SsoTokenAnswer = z.infer<typeof ssoTokenAnswerSchema>;
