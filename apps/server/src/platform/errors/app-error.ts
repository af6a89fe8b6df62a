import {
  ErrorCode,
  errorEntry as envelopeEntry,
  type AppErrorCode,
  type CodedErrorEntry,
} from '@agora/contract';

/** An envelope entry whose code is declared in the contract's registry (`AppErrorCode`). */
export type AppErrorEntry = CodedErrorEntry<AppErrorCode>;

/**
 * Builds one envelope entry. The code must be declared in the contract's closed registry
 * (`ERROR_CODE_REGISTRY`): an undeclared string fails the type check.
 */
export function errorEntry(code: AppErrorCode, message: string, field?: string): AppErrorEntry {
  return envelopeEntry(code, message, field);
}

/** An expected failure with an HTTP status and one or more envelope entries. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly entries: AppErrorEntry[],
  ) {
    super(entries[0]?.message ?? 'Error');
    this.name = 'AppError';
  }

  static of(statusCode: number, code: AppErrorCode, message: string, field?: string): AppError {
    return new AppError(statusCode, [errorEntry(code, message, field)]);
  }

  static notFound(message = 'Not found.'): AppError {
    return AppError.of(404, ErrorCode.notFound, message);
  }

  static forbidden(message = 'You do not have permission to perform this action.'): AppError {
    return AppError.of(403, ErrorCode.permissionDenied, message);
  }

  static unauthenticated(message = 'Authentication credentials were not provided.'): AppError {
    return AppError.of(401, ErrorCode.notAuthenticated, message);
  }
}
