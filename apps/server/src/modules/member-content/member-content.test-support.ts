import { expect } from 'vitest';
import type { TestApp } from '../../test-support/test-app.ts';
import type { SignedIn } from '../../test-support/fixtures.ts';

/** Requests of the member API's content tests, against one community. */
export function contentClient(t: TestApp, slug = 'demo') {
  const base = `/c/${slug}/api/v2`;
  const headers = (who?: SignedIn, json = false) => ({
    ...(who?.bearer ?? {}),
    ...(json ? { 'content-type': 'application/json' } : {}),
  });
  return {
    base,
    get: (path: string, who?: SignedIn) =>
      t.app.inject({ method: 'GET', url: `${base}${path}`, headers: headers(who) }),
    post: (path: string, body: unknown, who?: SignedIn) =>
      t.app.inject({
        method: 'POST',
        url: `${base}${path}`,
        headers: headers(who, true),
        payload: body === undefined ? '' : JSON.stringify(body),
      }),
    patch: (path: string, body: unknown, who?: SignedIn) =>
      t.app.inject({
        method: 'PATCH',
        url: `${base}${path}`,
        headers: headers(who, true),
        payload: JSON.stringify(body),
      }),
  };
}

/** A console call of the demo community as a staff member signed in to the console. */
export async function consoleCall(
  t: TestApp,
  who: SignedIn,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
  slug = 'demo',
) {
  const res = await t.app.inject({
    method,
    url: `/c/${slug}/platform/api/v1${path}`,
    headers: { ...who.bearer, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
  });
  expect(res.statusCode, res.body).toBeLessThan(300);
  return res.json();
}
