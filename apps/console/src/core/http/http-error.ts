import { GENERIC_ERROR_MESSAGE, parseErrorEnvelope, type ParsedErrors } from './error-envelope.ts';

/** A call that failed: a status of 300 or more, a timeout, or no answer at all. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: unknown;
  readonly parsed: ParsedErrors;

  constructor(status: number, body: unknown, message?: string) {
    const parsed = parseErrorEnvelope(body);
    super(message ?? parsed.general ?? Object.values(parsed.fieldErrors)[0] ?? GENERIC_ERROR_MESSAGE);
    this.name = 'HttpError';
    this.status = status;
    this.body = body;
    this.parsed = parsed;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}
