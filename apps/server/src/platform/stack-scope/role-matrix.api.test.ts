import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createStack,
  signIn,
  type SignedIn,
  stackBySlug,
} from '../../test-support/fixtures.ts';
import type { RouteEntry } from '../http/route-table.ts';
import { writeMark } from '../../test-support/write-mark.ts';

/**
 * The permission matrix, generated from the route table: every route of a community's admin API ×
 * every staff role × own and another community. Allowed → never 403; forbidden → 403 with nothing
 * written; staff of another community → 404 with nothing written.
 */
let t: TestApp;
const callers = {} as Record<StaffRole, SignedIn>;
let stranger: SignedIn;
let routes: RouteEntry[];
let linkRoutes: RouteEntry[];

/** Path parameters filled with plausible values; the guard decides before they are used. */
function concrete(url: string, slug: string): string {
  return url
    .replace(':slug', slug)
    .replace(':platform', 'android')
    .replace(/:[A-Za-z_]+/g, '1');
}

async function call(route: RouteEntry, slug: string, who: SignedIn) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url, slug),
    headers: { ...who.bearer, ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }) },
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await stackBySlug(t.db, 'demo');
  callers.admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  for (const role of STAFF_ROLES.filter((r) => r !== 'admin')) {
    await addStaff(
      t.db,
      demo.id,
      await createAccount(t.db, `m-${role}`, `${role}-password-1`),
      `m-${role}`,
      role,
    );
    callers[role] = await signIn(t.app, `m-${role}`, `${role}-password-1`);
  }
  const other = await createStack(t.db, 'elsewhere', 'Elsewhere');
  await addStaff(
    t.db,
    other,
    await createAccount(t.db, 'stranger', 'stranger-password-1'),
    'stranger',
    'admin',
  );
  stranger = await signIn(t.app, 'stranger', 'stranger-password-1');
  routes = t.app.routeTable.entries.filter((r) => r.url.startsWith('/c/:slug/platform/') && !r.signedLink);
  linkRoutes = t.app.routeTable.entries.filter((r) => r.signedLink);
});
afterAll(() => t.close());

describe('role × route × community matrix', () => {
  it('covers every community admin route', () => {
    expect(routes.length).toBeGreaterThan(40);
  });

  it('refuses every forbidden role with 403 and writes nothing', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const role of STAFF_ROLES.filter((r) => !route.roles?.includes(r))) {
        const before = await writeMark(t.db);
        const res = await call(route, 'demo', callers[role]);
        const after = await writeMark(t.db);
        if (res.statusCode !== 403) failures.push(`${role} ${route.method} ${route.url} → ${res.statusCode}`);
        if (before !== after) failures.push(`${role} ${route.method} ${route.url} wrote something`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to another community's staff and writes nothing", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const before = await writeMark(t.db);
      const res = await call(route, 'demo', stranger);
      const after = await writeMark(t.db);
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      if (before !== after) failures.push(`${route.method} ${route.url} wrote something`);
    }
    expect(failures).toEqual([]);
  });

  it('serves signed-link routes to nobody without a valid link, whatever the bearer', async () => {
    for (const route of linkRoutes) {
      for (const who of [callers.admin, stranger]) {
        const res = await call(route, 'demo', who);
        expect([403, 404]).toContain(res.statusCode);
        expect(res.headers['content-type']).toContain('application/json');
      }
    }
  });

  it('lets every allowed role through the guard (never 403)', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      for (const role of STAFF_ROLES.filter((r) => route.roles?.includes(r))) {
        const res = await call(route, 'demo', callers[role]);
        if (res.statusCode === 403) failures.push(`${role} ${route.method} ${route.url} → 403 ${res.body}`);
      }
    }
    expect(failures).toEqual([]);
  });
});
