import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { otherCommunityAdmin, type SignedIn } from '../../test-support/fixtures.ts';
import type { RouteEntry } from './route-table.ts';

/**
 * A community's guards answer before an upload is taken in: every write route of the console's and
 * the member's API, generated from the route table, is sent a multipart body that never ends by a
 * caller its guard refuses (anonymous; another community's admin). The answer must come while the
 * body is still open — were the form read first, the server would wait for the rest (and hold the
 * megabytes a hostile caller sends) before refusing.
 */
let t: TestApp;
let stranger: SignedIn;
let consoleRoutes: RouteEntry[];
let memberRoutes: RouteEntry[];

const BOUNDARY = 'agoraneverends';
/** How long an answer may take before the route is taken to be waiting for the body. */
const PATIENCE_MS = 5000;

function concrete(url: string): string {
  return url
    .replace(':slug', 'demo')
    .replace(':platform', 'android')
    .replace(/:[A-Za-z_]+/g, '1');
}

/** The route's answer to an upload whose body never ends, or 'waited' when none came. */
async function answerToEndlessUpload(route: RouteEntry, who?: SignedIn): Promise<number | 'waited'> {
  const body = new Readable({ read() {} });
  body.push(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.png"\r\n` +
      'Content-Type: image/png\r\n\r\n',
  );
  body.push(Buffer.alloc(64 * 1024, 1));
  let timer: NodeJS.Timeout | undefined;
  try {
    const answer = t.app.inject({
      method: route.method as 'POST',
      url: concrete(route.url),
      headers: { ...(who?.bearer ?? {}), 'content-type': `multipart/form-data; boundary=${BOUNDARY}` },
      payload: body,
    });
    const waited = new Promise<'waited'>((resolve) => {
      timer = setTimeout(() => resolve('waited'), PATIENCE_MS);
    });
    const result = await Promise.race([answer.then((res) => res.statusCode), waited]);
    return result;
  } finally {
    clearTimeout(timer);
    body.destroy();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  stranger = await otherCommunityAdmin(t.app, t.db);
  const writes = t.app.routeTable.entries.filter((r) => r.method !== 'GET' && r.method !== 'HEAD');
  consoleRoutes = writes.filter((r) => r.url.startsWith('/c/:slug/platform/') && !r.signedLink);
  memberRoutes = writes.filter((r) => r.url.startsWith('/c/:slug/api/v2/') && r.member !== 'public');
});
afterAll(() => t.close());

describe("a community's guards answer before reading an upload", () => {
  it('covers the write routes of both APIs, the uploads among them', () => {
    expect(consoleRoutes.length).toBeGreaterThan(40);
    expect(memberRoutes.length).toBeGreaterThan(20);
    const uploads = (routes: RouteEntry[]) =>
      routes.filter((r) => r.schema.consumes?.includes('multipart/form-data')).length;
    expect(uploads(consoleRoutes)).toBeGreaterThan(3);
    expect(uploads(memberRoutes)).toBeGreaterThan(0);
  });

  it('refuses anonymous callers and another community’s admin without waiting for the body', async () => {
    const failures: string[] = [];
    for (const route of consoleRoutes) {
      for (const [who, caller, expected] of [
        ['anonymous', undefined, 401],
        ['another community’s admin', stranger, 404],
      ] as const) {
        const answer = await answerToEndlessUpload(route, caller);
        if (answer !== expected) failures.push(`${who} ${route.method} ${route.url} → ${answer}`);
      }
    }
    for (const route of memberRoutes) {
      const answer = await answerToEndlessUpload(route);
      if (answer !== 401) failures.push(`anonymous ${route.method} ${route.url} → ${answer}`);
    }
    expect(failures).toEqual([]);
  });
});
