import { ErrorCode, errorEntry, type ErrorCodeValue, type ErrorEntry } from '@agora/contract';

/** An expected failure with an HTTP status and one or more envelope entries. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly entries: ErrorEntry[],
  ) {
    super(entries[0]?.message ?? 'Error');
    this.name = 'AppError';
  }

  static of(statusCode: number, code: ErrorCodeValue | string, message: string, field?: string): AppError {
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

export { errorEntry };
