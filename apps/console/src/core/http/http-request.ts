import { HttpError } from './http-error.ts';

export const REQUEST_TIMEOUT_MS = 100000;

export type FormFields = Record<string, string | number | boolean | null | undefined>;

/** What JSON can carry; an undefined member is left out, as `JSON.stringify` does. */
export type JsonValue =
  string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue | undefined };

/**
 * The body of a request: form fields (POST/PUT send them form-urlencoded, PATCH as JSON), FormData
 * (multipart), or any JSON value with `json: true` — typed, so no call site casts its body.
 */
export type HttpBody = { json?: false; body?: FormFields | FormData } | { json: true; body: JsonValue };

interface HttpRequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Absolute address, or a path resolved against `baseUrl` (or the page origin). */
  path: string;
  baseUrl?: string;
  query?: Record<string, string | number | undefined>;
  accessToken?: string | null;
  acceptLanguage?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export type HttpRequest = HttpRequestOptions & HttpBody;

export function buildUrl(request: Pick<HttpRequestOptions, 'path' | 'baseUrl' | 'query'>): string {
  const base = request.baseUrl ? request.baseUrl.replace(/\/+$/, '') : '';
  const url = new URL(
    /^https?:\/\//.test(request.path) ? request.path : base + request.path,
    window.location.origin,
  );
  for (const [name, value] of Object.entries(request.query ?? {})) {
    if (value !== undefined) url.searchParams.set(name, String(value));
  }
  return url.toString();
}

function encodeBody(request: HttpRequest, headers: Headers): BodyInit | undefined {
  if (request.body === undefined) return undefined;
  if (request.body instanceof FormData) return request.body;
  if (request.json || request.method === 'PATCH') {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(request.body);
  }
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(request.body)) {
    if (value !== undefined && value !== null) form.set(name, String(value));
  }
  return form.toString();
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One fetch with the console's rules (spec core §7): timeout, bearer token, language, status >= 300 fails. */
export async function sendRequest<T = unknown>(request: HttpRequest): Promise<T> {
  const headers = new Headers({ Accept: 'application/json' });
  if (request.accessToken) headers.set('Authorization', `Bearer ${request.accessToken}`);
  if (request.acceptLanguage) headers.set('Accept-Language', request.acceptLanguage);
  const body = encodeBody(request, headers);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), request.timeoutMs ?? REQUEST_TIMEOUT_MS);
  const onAbort = () => controller.abort();
  request.signal?.addEventListener('abort', onAbort);
  try {
    const response = await fetch(buildUrl(request), {
      method: request.method ?? (body === undefined ? 'GET' : 'POST'),
      headers,
      body,
      signal: controller.signal,
      credentials: 'same-origin',
    });
    const payload = await readBody(response);
    if (response.status >= 300) throw new HttpError(response.status, payload);
    return payload as T;
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(0, null, error instanceof Error ? error.message : String(error));
  } finally {
    clearTimeout(timer);
    request.signal?.removeEventListener('abort', onAbort);
  }
}
