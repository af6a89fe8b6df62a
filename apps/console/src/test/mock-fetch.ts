import { vi } from 'vitest';

export interface MockRoute {
  method: string;
  path: string;
  status: number;
  body: unknown;
}

export interface RecordedCall {
  method: string;
  path: string;
  headers: Headers;
  body: string | null;
}

/** Answers exactly the routes given; anything else throws so a test cannot pass by accident. */
export function mockFetch(routes: MockRoute[]) {
  const calls: RecordedCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    const method = init?.method ?? 'GET';
    calls.push({
      method,
      path: url.pathname,
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    });
    const route = routes.find((candidate) => candidate.method === method && candidate.path === url.pathname);
    if (!route) throw new Error(`Unmocked fetch: ${method} ${url.pathname}`);
    return new Response(JSON.stringify(route.body), {
      status: route.status,
      headers: { 'Content-Type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, calls };
}
