import { ErrorCode } from '../error-codes.ts';
import type { CodedErrorEntry } from '../error-envelope.ts';

/** Codes of the domain and email server settings (the console words each one). */
export const ServerSettingsErrorCode = {
  /** Another community already uses this value. */
  unique: 'unique',
  invalidEmail: 'invalid_email',
  invalidDomain: 'invalid_domain',
  invalidPort: 'invalid_port',
  invalidHost: 'invalid_host',
  /** TLS (STARTTLS) and SSL (implicit TLS) exclude each other. */
  tlsAndSsl: 'tls_and_ssl',
  /** The SMTP server refused or could not be reached; the message is the server's own text. */
  smtpError: 'smtp_error',
  /** The email server test may not connect there (loopback, private, link-local, metadata…) or the name does not resolve. */
  hostNotAllowed: 'host_not_allowed',
  /** The stored password only goes to the stored server: another destination needs its password typed. */
  passwordRequired: 'password_required',
  stackRestarting: ErrorCode.stackRestarting,
  required: ErrorCode.required,
  invalid: ErrorCode.invalid,
} as const;

/** Spec core §8. */
export const STACK_RESTARTING_MESSAGE =
  'Instance configuration still in progress. Please wait before changing this configuration.';
export const EMAIL_SENT_MESSAGE = 'Email sent successfully';
export const UNIQUE_MESSAGE = 'This field must be unique';
export const INVALID_EMAIL_MESSAGE = 'Invalid email';
export const REQUIRED_MESSAGE = 'This field is required.';

/** The outcome of a contract check: the normalised values, or field errors (nothing is saved). */
export type CheckResult<T> = { ok: true; value: T } | { ok: false; errors: ServerSettingsErrorEntry[] };

/** A field error of the server settings' checks. */
export type ServerSettingsErrorEntry = CodedErrorEntry<
  (typeof ServerSettingsErrorCode)[keyof typeof ServerSettingsErrorCode]
>;

/** Booleans arrive as JSON booleans or as form text ('true'/'false'). */
export function readBoolean(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (value === 'true' || value === 'on' || value === '1') return true;
  if (value === 'false' || value === 'off' || value === '0' || value === '') return false;
  return undefined;
}

/** A plain email address check (one @, a dot in the domain, no spaces). */
export function isEmailAddress(value: string): boolean {
  return (
    value.length <= 254 && /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+\.[^\s@<>()[\]\\,;:"]+$/.test(value)
  );
}
