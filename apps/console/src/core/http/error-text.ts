import {
  ErrorCode,
  PASSWORD_WEAKNESS_CODES,
  ServerSettingsErrorCode,
  type AppErrorCode,
} from '@agora/contract';
import type { IntlShape } from 'react-intl';
import type { ParsedErrors } from './error-envelope.ts';
import { isHttpError } from './http-error.ts';

/**
 * Message ids by error code. Keyed by the contract's registry (`AppErrorCode`), so a map cannot word a
 * code the server never answers.
 */
export type ErrorCodeMessages = Partial<Record<AppErrorCode, string>>;

/** The message id of a code received from the server, when the map words it. */
export function messageIdOf(messages: ErrorCodeMessages, code: string | undefined): string | undefined {
  return code === undefined ? undefined : (messages as Record<string, string | undefined>)[code];
}

const [passwordTooCommon, passwordTooSimilar, passwordTooWeak] = PASSWORD_WEAKNESS_CODES;

/** Error codes the console words itself in the admin's language; other codes show the server's message. */
const CODE_MESSAGES: ErrorCodeMessages = {
  [ErrorCode.required]: 'common.requiredError',
  [ErrorCode.invalidCredentials]: 'signin.invalidCredentials',
  [ErrorCode.throttled]: 'signin.throttled',
  [ErrorCode.invalidTicket]: 'sso.invalidTicket',
  [ErrorCode.internalError]: 'common.genericError',
  [ErrorCode.unique]: 'common.uniqueError',
  // Refusals of the guards and of a loaded or failing server, worded in the console's language.
  [ErrorCode.accountBlocked]: 'common.accountBlocked',
  [ErrorCode.auditUnavailable]: 'common.auditUnavailable',
  [ErrorCode.communitySession]: 'common.communitySession',
  [ErrorCode.requestTimeout]: 'common.requestTimeout',
  [ErrorCode.serverBusy]: 'common.serverBusy',
  [ServerSettingsErrorCode.invalidEmail]: 'common.emailError',
  // The server's one password rule (a strength estimate), by reason.
  [passwordTooCommon]: 'common.passwordTooCommon',
  [passwordTooSimilar]: 'common.passwordTooSimilar',
  [passwordTooWeak]: 'common.passwordTooWeak',
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
