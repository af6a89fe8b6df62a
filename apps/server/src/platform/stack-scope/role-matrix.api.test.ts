import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AREA_ROLES,
  CONSOLE_AREAS,
  PREFERENCE_AREAS,
  STAFF_ROLES,
  type ConsoleArea,
  type StaffRole,
} from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  otherCommunityAdmin,
  signIn,
  type SignedIn,
  stackBySlug,
} from '../../test-support/fixtures.ts';
import type { RouteEntry } from '../http/route-table.ts';
import { callAndWrites } from '../../test-support/write-mark.ts';

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
  stranger = await otherCommunityAdmin(t.app, t.db);
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
        const { answer: res, wrote } = await callAndWrites(t.db, () => call(route, 'demo', callers[role]));
        if (res.statusCode !== 403) failures.push(`${role} ${route.method} ${route.url} → ${res.statusCode}`);
        if (wrote) failures.push(`${role} ${route.method} ${route.url} wrote something`);
      }
    }
    expect(failures).toEqual([]);
  });

  it("answers 404 to another community's staff and writes nothing", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const { answer: res, wrote } = await callAndWrites(t.db, () => call(route, 'demo', stranger));
      if (res.statusCode !== 404) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      if (wrote) failures.push(`${route.method} ${route.url} wrote something`);
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

/** The roles a route should carry: those of the areas it serves (contract AREA_ROLES, spec mgmt §6). */
function declaredRoles(areas: readonly string[]): string[] {
  return [...new Set(areas.flatMap((area) => AREA_ROLES[area as ConsoleArea] ?? []))].sort();
}

describe('the roles of spec mgmt §6, declared once per area (contract AREA_ROLES)', () => {
  it('every community admin route names the console areas it serves, and carries exactly their roles', () => {
    const failures: string[] = [];
    for (const route of routes) {
      if (!route.areas?.length) failures.push(`${route.method} ${route.url} names no area`);
      else if (declaredRoles(route.areas).join() !== [...(route.roles ?? [])].sort().join()) {
        failures.push(
          `${route.method} ${route.url} carries ${route.roles?.join()} for ${route.areas.join()}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it.each(CONSOLE_AREAS)('area %s: its routes admit exactly its declared roles', (area) => {
    const serving = routes.filter((route) => route.areas?.includes(area));
    // Content settings and community management are written through the preference routes.
    expect(serving.length, `no route serves ${area}`).toBeGreaterThan(0);
    for (const route of serving) {
      for (const role of AREA_ROLES[area]) expect(route.roles, `${route.url}`).toContain(role);
      if (route.areas?.length === 1)
        expect([...(route.roles ?? [])].sort()).toEqual([...AREA_ROLES[area]].sort());
    }
  });

  it('editors have the content and marketing areas, moderators moderation only, publishers nothing', () => {
    const allowed = (role: StaffRole) =>
      CONSOLE_AREAS.filter(
        (area) => area !== 'console' && (AREA_ROLES[area] as readonly string[]).includes(role),
      );
    expect(allowed('editor').sort()).toEqual(
      [
        'analytics',
        'categories',
        'community-management',
        'content-settings',
        'scoring',
        'tagging',
        'theme',
        'reactions',
        'pages',
        'menus',
        'media-library',
      ].sort(),
    );
    expect(allowed('moderator')).toEqual(['moderation']);
    expect(allowed('publisher')).toEqual([]);
    expect(allowed('admin')).toEqual(CONSOLE_AREAS.filter((area) => area !== 'console'));
    expect(PREFERENCE_AREAS).toEqual(
      expect.arrayContaining(['theme', 'content-settings', 'community-management']),
    );
  });
});
