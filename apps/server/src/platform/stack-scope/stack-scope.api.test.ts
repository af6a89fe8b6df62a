import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('stack-scoped routes', () => {
  it('every route under a community declares the staff roles allowed to call it', () => {
    // Public member-facing routes (e.g. /c/:slug/media/…) live beside the admin API, outside the guard.
    const scoped = t.app.routeTable.entries.filter((r) => r.url.startsWith('/c/:slug/platform/'));
    expect(scoped.length).toBeGreaterThan(0);
    for (const route of scoped) {
      expect(route.roles, `${route.method} ${route.url} declares no roles`).toBeDefined();
      expect(route.roles?.length, `${route.method} ${route.url} allows nobody`).toBeGreaterThan(0);
    }
  });
});
