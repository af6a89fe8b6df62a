/**
 * How the member site reaches its community's member API (`{community}/api/v2/…`), like any other
 * client: in the browser with `fetch`, on the server through the same HTTP routes (ADR 0036). A path
 * is relative to the API base, e.g. `feed/explore/?limit=20`.
 */
export type SiteFetch = (path: string) => Promise<unknown>;

/** An answer other than 2xx, with the envelope's first code when there is one. */
export class SiteApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The whole error envelope, for refusals that name fields. */
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'SiteApiError';
  }
}

/** Reads the error envelope `{errors:[{code,message}]}` of a refused call. */
export function apiErrorOf(status: number, body: unknown): SiteApiError {
  const first = (body as { errors?: { code?: string; message?: string }[] } | null)?.errors?.[0];
  return new SiteApiError(status, first?.code ?? `http_${status}`, first?.message ?? `HTTP ${status}`, body);
}

/** The HTTP status of a refusal: read from the fields, since a refusal the server rendered arrives as JSON. */
export function statusOf(error: unknown): number | undefined {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The envelope code of a refusal, or 'network' when the call never got an answer. */
export function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'network';
}

/** Whether an error is the API's "sign in first" (a registered-only community, a member-only call). */
export function needsSignIn(error: unknown): boolean {
  return statusOf(error) === 401;
}

/** Whether an error is the API's "no such thing" (or hidden from this caller). */
export function isNotFound(error: unknown): boolean {
  return statusOf(error) === 404;
}
