import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_ROLES, type StaffRole } from '@agora/contract';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  memberSignIn,
  otherCommunityAdmin,
  type SignedIn,
  stackBySlug,
} from '../../test-support/fixtures.ts';
import type { RouteEntry } from '../http/route-table.ts';
import { callAndWrites } from '../../test-support/write-mark.ts';

/**
 * The member API's access matrix, generated from the route table: every `/c/{slug}/api/v2/` route ×
 * anonymous, plain member, each staff role, and another community's admin. Staff-only routes refuse
 * members and other roles with 403 writing nothing; member routes refuse anonymous callers with 401;
 * a token of another community identifies nobody (401) and writes nothing; allowed callers are never
 * refused by the guard.
 */
let t: TestApp;
const staff = {} as Record<StaffRole, SignedIn>;
let member: SignedIn;
let stranger: SignedIn;
let routes: RouteEntry[];

function concrete(url: string): string {
  return url.replace(':slug', 'demo').replace(/:[A-Za-z_]+/g, '1');
}

async function call(route: RouteEntry, who?: SignedIn) {
  return t.app.inject({
    method: route.method as 'GET',
    url: concrete(route.url),
    headers: {
      ...(who?.bearer ?? {}),
      ...(route.method === 'GET' ? {} : { 'content-type': 'application/json' }),
    },
    ...(route.method === 'GET' ? {} : { payload: '{}' }),
  });
}

const staffOnly = (route: RouteEntry) => Array.isArray(route.member);

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await stackBySlug(t.db, 'demo');
  for (const role of STAFF_ROLES) {
    await createMember(t.db, demo.id, `s-${role}`, `${role}-password-1`, { role });
    staff[role] = await memberSignIn(t.app, t.db, 'demo', `s-${role}`, `${role}-password-1`);
  }
  await createMember(t.db, demo.id, 'plain', 'plain-password-1');
  member = await memberSignIn(t.app, t.db, 'demo', 'plain', 'plain-password-1');
  stranger = await otherCommunityAdmin(t.app, t.db);
  routes = t.app.routeTable.entries.filter((r) => r.url.startsWith('/c/:slug/api/v2/'));
});
afterAll(() => t.close());

describe('member API access matrix', () => {
  it('covers the member API', () => {
    expect(routes.length).toBeGreaterThan(10);
    expect(routes.filter(staffOnly).length).toBeGreaterThan(3);
  });

  it('refuses plain members and roles a staff route does not list, with 403 and nothing written', async () => {
    const failures: string[] = [];
    for (const route of routes.filter(staffOnly)) {
      const allowed = route.member as readonly string[];
      const refused: [string, SignedIn][] = [
        ['member', member],
        ...STAFF_ROLES.filter((r) => !allowed.includes(r)).map((r): [string, SignedIn] => [r, staff[r]]),
      ];
      for (const [name, who] of refused) {
        const { answer: res, wrote } = await callAndWrites(t.db, () => call(route, who));
        if (res.statusCode !== 403) failures.push(`${name} ${route.method} ${route.url} → ${res.statusCode}`);
        if (wrote) failures.push(`${name} ${route.method} ${route.url} wrote something`);
      }
    }
    expect(failures).toEqual([]);
  });

  it('asks anonymous callers to sign in wherever a member is needed', async () => {
    const failures: string[] = [];
    for (const route of routes.filter((r) => r.member !== 'public')) {
      const { answer: res, wrote } = await callAndWrites(t.db, () => call(route));
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      if (wrote) failures.push(`${route.method} ${route.url} wrote something`);
    }
    expect(failures).toEqual([]);
  });

  it("does not know another community's staff, and writes nothing for them", async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const { answer: res, wrote } = await callAndWrites(t.db, () => call(route, stranger));
      if (res.statusCode !== 401) failures.push(`${route.method} ${route.url} → ${res.statusCode}`);
      if (wrote) failures.push(`${route.method} ${route.url} wrote something`);
    }
    expect(failures).toEqual([]);
  });

  it('lets every allowed caller through the guard', async () => {
    const failures: string[] = [];
    for (const route of routes) {
      const allowed = staffOnly(route)
        ? (route.member as StaffRole[]).map((r): [string, SignedIn] => [r, staff[r]])
        : [['member', member] as [string, SignedIn]];
      for (const [name, who] of allowed) {
        const res = await call(route, who);
        if (res.statusCode === 401 || (res.statusCode === 403 && /permission/.test(res.body))) {
          failures.push(`${name} ${route.method} ${route.url} → ${res.statusCode} ${res.body}`);
        }
      }
    }
    expect(failures).toEqual([]);
  });
});
