import { analyticsPaths, CubeApiErrorCode } from '@agora/contract';
import cube, { type CubeApi, type Query, type ResultSet } from '@cubejs-client/core';
import { isHttpError } from '../http/http-error.ts';
import { communityPath } from '../stack/community-path.ts';
import {
  requestAnalyticsToken,
  currentAnalyticsToken,
  selectedInternalUrl,
  storeAnalyticsToken,
} from './analytics-token.ts';

/** Relative to a community's internal_url. */
export const CUBE_API_PATH = analyticsPaths.cubeApiBase;

/** Other failures are retried with a growing delay: base × attempts used (core §4, §9). */
export const ANALYTICS_RETRY_BASE_MS = 500;
export const ANALYTICS_MAX_ATTEMPTS = 3;

/** Message id of 'At the moment the Data provisioning is not available. Try later'. */
export const ANALYTICS_UNAVAILABLE_MESSAGE = 'analyticsCore.unavailable';

/** Analytics could not be loaded after the retries: the UI shows the unavailable message. */
export class AnalyticsUnavailableError extends Error {
  readonly messageId = ANALYTICS_UNAVAILABLE_MESSAGE;
  override readonly cause: unknown;

  constructor(cause: unknown) {
    super('At the moment the Data provisioning is not available. Try later');
    this.name = 'AnalyticsUnavailableError';
    this.cause = cause;
  }
}

export function isAnalyticsUnavailableError(error: unknown): error is AnalyticsUnavailableError {
  return error instanceof AnalyticsUnavailableError;
}

/**
 * The engine refused the query (HTTP 400: an unknown member, an unsupported feature…). That is a bug
 * in the query, not a passing state: it is not retried, and `reason` holds the engine's own message
 * for those allowed to read it (<AnalyticsError showReason>).
 */
export class AnalyticsQueryRefusedError extends Error {
  readonly reason: string;
  readonly code: string | null;

  constructor(reason: string, code: string | null) {
    super(`The analytics engine refused the query: ${reason}`);
    this.name = 'AnalyticsQueryRefusedError';
    this.reason = reason;
    this.code = code;
  }
}

export function isAnalyticsQueryRefusedError(error: unknown): error is AnalyticsQueryRefusedError {
  return error instanceof AnalyticsQueryRefusedError;
}

/** A Cube RequestError (or any error) answered with 400 as a refused query, else null. */
export function refusedQueryOf(error: unknown): AnalyticsQueryRefusedError | null {
  if (typeof error !== 'object' || error === null) return null;
  const { status, response, message } = error as { status?: unknown; response?: unknown; message?: unknown };
  if (status !== 400) return null;
  const body = (typeof response === 'object' && response !== null ? response : {}) as {
    error?: unknown;
    errors?: unknown;
  };
  const first = Array.isArray(body.errors) ? (body.errors[0] as { code?: unknown; message?: unknown }) : null;
  const reason =
    (typeof body.error === 'string' && body.error) ||
    (typeof first?.message === 'string' && first.message) ||
    (typeof message === 'string' && message) ||
    'Bad request';
  return new AnalyticsQueryRefusedError(reason, typeof first?.code === 'string' ? first.code : null);
}

/** An expired/invalid token: HTTP 403, or an answer whose errors carry the code invalid_token. */
export function isInvalidTokenError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { status, response } = error as { status?: unknown; response?: unknown };
  if (status === 403) return true;
  const errors = (response as { errors?: unknown } | null | undefined)?.errors;
  return (
    Array.isArray(errors) &&
    errors.some((entry) => (entry as { code?: unknown } | null)?.code === CubeApiErrorCode.invalidToken)
  );
}

const clients = new Map<string, CubeApi>();

/**
 * The Cube client of a community: `cube(async () => token, { apiUrl })`, its API on the console's own
 * origin (the internal url's path + '/cubejs-api/v1'), the only one the console's CSP lets it call.
 */
export function cubeClientFor(internalUrl: string): CubeApi {
  let client = clients.get(internalUrl);
  if (!client) {
    client = cube(async () => currentAnalyticsToken(internalUrl), {
      apiUrl: window.location.origin + communityPath(internalUrl) + CUBE_API_PATH,
    });
    clients.set(internalUrl, client);
  }
  return client;
}

/** Forgets the cached clients (tests). */
export function resetCubeClients(): void {
  clients.clear();
}

export interface LoadAnalyticsOptions {
  internalUrl?: string;
  client?: Pick<CubeApi, 'load'>;
  /** Waits between retries (tests pass a fake). */
  sleep?: (ms: number) => Promise<void>;
  signal?: AbortSignal;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Loads a Cube query for the selected community (core §4): an invalid or expired token is replaced by
 * a new one (community sign-in) and the query retried; any other failure is retried up to
 * ANALYTICS_MAX_ATTEMPTS loads in all, waiting ANALYTICS_RETRY_BASE_MS × attempts used between them,
 * then fails with AnalyticsUnavailableError — except a query the engine refuses (400), which fails at
 * once with AnalyticsQueryRefusedError: asking again cannot cure it.
 */
export async function loadAnalytics(
  query: Query | Query[],
  options: LoadAnalyticsOptions = {},
): Promise<ResultSet> {
  const internalUrl = options.internalUrl ?? selectedInternalUrl();
  const client = options.client ?? cubeClientFor(internalUrl);
  const sleep = options.sleep ?? realSleep;
  let failures = 0;
  let resigned = false;
  for (;;) {
    try {
      return (await client.load(query, options.signal ? { signal: options.signal } : undefined)) as ResultSet;
    } catch (error) {
      if (options.signal?.aborted) throw error;
      // The console session itself ended: the api client already signed the user out.
      if (isHttpError(error) && error.status === 401) throw error;
      if (isInvalidTokenError(error) && !resigned) {
        resigned = true;
        storeAnalyticsToken(internalUrl, null);
        try {
          await requestAnalyticsToken(internalUrl);
          continue;
        } catch (signinError) {
          if (isHttpError(signinError) && signinError.status === 401) throw signinError;
          failures += 1;
          if (failures >= ANALYTICS_MAX_ATTEMPTS) throw new AnalyticsUnavailableError(signinError);
          await sleep(ANALYTICS_RETRY_BASE_MS * failures);
          continue;
        }
      }
      const refused = isInvalidTokenError(error) ? null : refusedQueryOf(error);
      if (refused) throw refused;
      failures += 1;
      if (failures >= ANALYTICS_MAX_ATTEMPTS) throw new AnalyticsUnavailableError(error);
      await sleep(ANALYTICS_RETRY_BASE_MS * failures);
    }
  }
}
