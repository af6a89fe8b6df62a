import { ErrorCode } from '@agora/contract';
import type { IntlShape } from 'react-intl';
import type { ParsedErrors } from './error-envelope.ts';
import { isHttpError } from './http-error.ts';

/** Error codes the console words itself; other codes show the server's (already localised) message. */
const CODE_MESSAGES: Record<string, string> = {
  [ErrorCode.required]: 'common.requiredError',
  [ErrorCode.invalidCredentials]: 'signin.invalidCredentials',
  [ErrorCode.throttled]: 'signin.throttled',
  [ErrorCode.invalidTicket]: 'sso.invalidTicket',
  [ErrorCode.internalError]: 'common.genericError',
  unique: 'common.uniqueError',
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
  const id = parsed.generalCode ? CODE_MESSAGES[parsed.generalCode] : undefined;
  return id ? intl.formatMessage({ id }) : parsed.general;
}

/** The message of one field of a failed call (its first message), or null. */
export function fieldErrorText(intl: IntlShape, error: unknown, field: string): string | null {
  const parsed = parsedErrorsOf(error);
  const message = parsed?.fieldErrors[field];
  if (message === undefined) return null;
  const code = parsed?.fieldCodes[field];
  const id = code ? CODE_MESSAGES[code] : undefined;
  return id ? intl.formatMessage({ id }) : message;
}
