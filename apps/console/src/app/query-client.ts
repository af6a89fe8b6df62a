import { QueryClient } from '@tanstack/react-query';
import { isHttpError } from '../core/http/http-error.ts';

/** A 4xx will not get better by asking again; other failures get one more try. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isHttpError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
      mutations: { retry: false },
    },
  });
}
