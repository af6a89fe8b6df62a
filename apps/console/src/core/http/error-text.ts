import type { AppErrorCode } from '@agora/contract';
import type { IntlShape } from 'react-intl';
import type { ParsedErrors } from './error-envelope.ts';
import { isHttpError } from './http-error.ts';

/**
 * Message ids by error code. Keyed by the contract's registry (`AppErrorCode`), so a map cannot word a
 * code the server never answers: a code spelt wrong or removed from the contract fails `tsc`.
 */
export type ErrorCodeMessages = Partial<Record<AppErrorCode, string>>;

/** The message id of a code received from the server, when the map words it. */
export function messageIdOf(messages: ErrorCodeMessages, code: string | undefined): string | undefined {
  return code === undefined ? undefined : (messages as Record<string, string | undefined>)[code];
}

/**
 * Error codes the console words itself in the admin's language; other codes show the server's message.
 * The codes are written as the strings the type checks, not read from the contract's code objects, so
 * the sign-in screen does not load every code of the registry (ADR 0014).
 */
const CODE_MESSAGES: ErrorCodeMessages = {
  required: 'common.requiredError',
  invalid_credentials: 'signin.invalidCredentials',
  throttled: 'signin.throttled',
  invalid_ticket: 'sso.invalidTicket',
  internal_error: 'common.genericError',
  unique: 'common.uniqueError',
  // Refusals of the guards and of a loaded or failing server, worded in the console's language.
  account_blocked: 'common.accountBlocked',
  audit_unavailable: 'common.auditUnavailable',
  community_session: 'common.communitySession',
  request_timeout: 'common.requestTimeout',
  server_busy: 'common.serverBusy',
  invalid_email: 'common.emailError',
  // The server's one password rule (a strength estimate), by reason.
  password_too_common: 'common.passwordTooCommon',
  password_too_similar: 'common.passwordTooSimilar',
  password_too_weak: 'common.passwordTooWeak',
};

export function parsedErrorsOf(error: unknown): ParsedErrors | null {
  return isHttpError(error) ? error.parsed : null;
}

/** The general message of a failed call, or null when the failure is only about fields. */
export function generalErrorText(intl: IntlShape, error: unknown): string | null {
  const parsed = parsedErrorsOf(error);
  if (!parsed || parsed.generic) return intl.formatMessage({ id: 'common.genericError' });
  if (parsed.general === undefined) return null;
  const id = messageIdOf(CODE_MESSAGES, parsed.generalCode);
  return id ? intl.formatMessage({ id }) : parsed.general;
}

/** The message of one field of a failed call (its first message), or null. */
export function fieldErrorText(intl: IntlShape, error: unknown, field: string): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  const code = parsed?.fieldCodes[field];
  const id = messageIdOf(CODE_MESSAGES, code);
  return id ? intl.formatMessage({ id }) : message;
}
