import { ErrorCode, ServerSettingsErrorCode as Code, type ErrorEntry } from '@agora/contract';
import type { IntlShape } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import { messageIdOf, type ErrorCodeMessages } from '../../../core/http/error-text.ts';

/** Message ids for the codes of this area; other codes show the server's message. */
const CODE_MESSAGES: ErrorCodeMessages = {
  [Code.required]: 'common.requiredError',
  [Code.unique]: 'common.uniqueError',
  [Code.invalidEmail]: 'serverSettings.error.invalidEmail',
  [Code.invalidDomain]: 'serverSettings.error.invalidDomain',
  [Code.invalidHost]: 'serverSettings.error.invalidHost',
  [Code.invalidPort]: 'serverSettings.error.invalidPort',
  [Code.tlsAndSsl]: 'serverSettings.error.tlsAndSsl',
  [Code.hostNotAllowed]: 'serverSettings.error.hostNotAllowed',
  [Code.passwordRequired]: 'serverSettings.error.passwordRequired',
  [ErrorCode.throttled]: 'serverSettings.error.throttled',
  [Code.stackRestarting]: 'serverSettings.restarting',
};

export interface FieldProblem {
  code: string;
  message: string;
}

export type FieldProblems = Record<string, FieldProblem>;

/** Field problems from the contract's own check (before sending). */
export function problemsOfEntries(entries: ErrorEntry[]): FieldProblems {
  const problems: FieldProblems = {};
  for (const entry of entries) {
    if (entry.field && !(entry.field in problems))
      problems[entry.field] = { code: entry.code, message: entry.message };
  }
  return problems;
}

/** Field problems of a failed call. */
export function problemsOfError(error: unknown): FieldProblems {
  if (!isHttpError(error)) return {};
  const problems: FieldProblems = {};
  for (const [field, message] of Object.entries(error.parsed.fieldErrors)) {
    problems[field] = { code: error.parsed.fieldCodes[field] ?? '', message };
  }
  return problems;
}

export function problemText(intl: IntlShape, problem: FieldProblem | undefined): string | undefined {
  if (!problem) return undefined;
  const id = messageIdOf(CODE_MESSAGES, problem.code);
  return id ? intl.formatMessage({ id }) : problem.message;
}

/** The general message of a failed call (restarting, generic), translated when the code is known. */
export function generalProblemText(intl: IntlShape, error: unknown): string | undefined {
  if (!isHttpError(error) || error.parsed.generic) return intl.formatMessage({ id: 'common.genericError' });
  if (error.parsed.general === undefined) return undefined;
  return problemText(intl, { code: error.parsed.generalCode ?? '', message: error.parsed.general });
}
