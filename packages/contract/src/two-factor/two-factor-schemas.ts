import { z } from 'zod';
import { signinResultSchema, ssoResultSchema } from '../auth/auth-schemas.ts';
import { stackSchema } from '../stacks/stack-schemas.ts';

/**
 * A second factor for console staff (issue 10 §6): TOTP (RFC 6238) with ten one-time recovery codes.
 * Account calls live at the hub; the community's requirement lives in each community's API.
 */
export const twoFactorPaths = {
  /** The signed-in account's second factor: status (GET). */
  status: '/platform/api/v1/account/two_factor/',
  /** Starts enrolment: a new secret, its otpauth URI and QR code, shown once. */
  enrol: '/platform/api/v1/account/two_factor/enrol/',
  /** Confirms enrolment with a current code; answers the ten recovery codes, shown once. */
  confirm: '/platform/api/v1/account/two_factor/confirm/',
  /** Replaces the recovery codes (asks for a current code). */
  recoveryCodes: '/platform/api/v1/account/two_factor/recovery_codes/',
  /** Turns the second factor off (asks for a current code or a recovery code). */
  disable: '/platform/api/v1/account/two_factor/disable/',
  /** The second step of a sign-in (or of a single-sign-on exchange): the challenge and a code. */
  signin: '/platform/api/v1/auth/signin/two_factor/',
  /** Relative to a stack's internal_url: whether every staff member must use a second factor. */
  requirement: '/platform/api/v1/two_factor/requirement/',
} as const;

/** Machine-readable codes of the second-factor calls (besides the shared ErrorCode values). */
export const TwoFactorErrorCode = {
  /** The community requires a second factor and the caller has none: enrol first (403). */
  required: 'two_factor_required',
  /** The code is wrong, expired or already used. */
  invalidCode: 'invalid_two_factor_code',
  /** The sign-in challenge is unknown, expired, used or spent. */
  invalidChallenge: 'invalid_two_factor_challenge',
  /** Enrolment asked while the second factor is already on. */
  alreadyEnabled: 'two_factor_already_enabled',
  /** The call needs the second factor on (or an enrolment started). */
  notEnabled: 'two_factor_not_enabled',
} as const;

export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
export const RECOVERY_CODE_COUNT = 10;
/** Lifetime of the challenge between the password and the code. */
export const TWO_FACTOR_CHALLENGE_TTL_SECONDS = 300;
/** Wrong codes one challenge takes before it is spent (the sign-in throttle counts them too). */
export const TWO_FACTOR_CHALLENGE_MAX_ATTEMPTS = 5;

/** A six-digit TOTP code or a recovery code (`xxxx-xxxx-xxxx-xxxx`); spaces and dashes are ignored. */
export const twoFactorCodeSchema = z
  .string()
  .trim()
  .min(TOTP_DIGITS)
  .max(40)
  .regex(/^[0-9A-Za-z -]+$/, 'Enter the code from your authenticator app or a recovery code.')
  .describe('A current TOTP code from the authenticator app, or an unused recovery code');

/** Calls that ask for a current code. */
export const twoFactorCodeBodySchema = z.object({ code: twoFactorCodeSchema });
export type TwoFactorCodeBody = z.infer<typeof twoFactorCodeBodySchema>;

export const communityRefSchema = z.object({ id: z.number().int(), slug: z.string(), name: z.string() });

export const twoFactorStatusSchema = z.object({
  enabled: z.boolean(),
  enabled_at: z.string().nullable(),
  recovery_codes_left: z.number().int(),
  required_by: z
    .array(communityRefSchema)
    .describe('Communities of this account that require a second factor from their staff'),
});
export type TwoFactorStatus = z.infer<typeof twoFactorStatusSchema>;

/** The new secret, shown once: typed in (`secret`) or scanned (`qr_svg`, the `otpauth_uri` as SVG). */
export const twoFactorEnrolmentSchema = z.object({
  secret: z.string().describe('Base32 secret'),
  otpauth_uri: z.string(),
  qr_svg: z.string().describe('data: URL of an SVG image of the otpauth URI'),
  digits: z.number().int(),
  period: z.number().int(),
});
export type TwoFactorEnrolment = z.infer<typeof twoFactorEnrolmentSchema>;

export const recoveryCodesSchema = z.object({
  recovery_codes: z.array(z.string()).describe('Shown once; each works once'),
});
export type RecoveryCodes = z.infer<typeof recoveryCodesSchema>;

/** What a correct password (or an SSO ticket) answers for an account with a second factor. */
export const twoFactorChallengeSchema = z.object({
  two_factor_required: z.literal(true),
  challenge: z.string(),
  expires_in: z.number().int(),
});
export type TwoFactorChallenge = z.infer<typeof twoFactorChallengeSchema>;

export const twoFactorSigninBodySchema = z.object({
  challenge: z.string().min(1).max(512),
  code: twoFactorCodeSchema,
});
export type TwoFactorSigninBody = z.infer<typeof twoFactorSigninBodySchema>;

/** The completed sign-in; `stack` is set when it began with a community's SSO ticket. */
export const twoFactorSigninResultSchema = signinResultSchema.extend({ stack: stackSchema.optional() });
export type TwoFactorSigninResult = z.infer<typeof twoFactorSigninResultSchema>;

/** `auth/signin/`: a session, or a challenge when the account has a second factor. */
export const signinAnswerSchema = z.union([signinResultSchema, twoFactorChallengeSchema]);
/** `auth/sso/`: the same for a community's single-sign-on ticket. */
export const ssoAnswerSchema = z.union([ssoResultSchema, twoFactorChallengeSchema]);

export function isTwoFactorChallenge(value: unknown): value is TwoFactorChallenge {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as { two_factor_required?: unknown }).two_factor_required === true
  );
}

const boolish = z
  .union([z.boolean(), z.enum(['true', 'false', '1', '0', 'on', 'off'])])
  .transform((v) => v === true || v === 'true' || v === '1' || v === 'on');

export const twoFactorRequirementBodySchema = z.object({ required: boolish });

export const twoFactorRequirementSchema = z.object({
  required: z.boolean(),
  staff_without_two_factor: z
    .array(z.string())
    .describe('Usernames of console staff of this community without a second factor'),
});
export type TwoFactorRequirement = z.infer<typeof twoFactorRequirementSchema>;
