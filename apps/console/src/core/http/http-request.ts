import { HttpError } from './http-error.ts';

export const REQUEST_TIMEOUT_MS = 100000;

export type FormFields = Record<string, string | number | boolean | null | undefined>;

export interface HttpRequest {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Absolute address, or a path resolved against `baseUrl` (or the page origin). */
  path: string;
  baseUrl?: string;
  query?: Record<string, string | number | undefined>;
  /** POST/PUT send form-urlencoded, PATCH sends JSON; FormData goes as multipart. */
  body?: FormFields | FormData;
  json?: boolean;
  accessToken?: string | null;
  acceptLanguage?: string;
  timeoutMs?: number;
  signal?: AbortSignal;
}

export function buildUrl(request: Pick<HttpRequest, 'path' | 'baseUrl' | 'query'>): string {
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
  const { body } = request;
  if (body === undefined) return undefined;
  if (body instanceof FormData) return body;
  const json = request.json ?? request.method === 'PATCH';
  if (json) {
    headers.set('Content-Type', 'application/json');
    return JSON.stringify(body);
  }
  headers.set('Content-Type', 'application/x-www-form-urlencoded');
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(body)) {
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
