import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS, auditActionNames, auditActionOf } from '@agora/contract';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

/**
 * The registry of audit actions is closed over what the server can record: every staff write route
 * of both community scopes (generated from the route table) has exactly one action, and every route
 * the registry names exists (so the hub's and accounts' own entries, recorded by route, are real too).
 */
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const keyOf = (method: string, url: string) => `${method} ${url.replace(/^\/c\/:slug(?=\/)/, '')}`;

describe('audit action registry', () => {
  it('names an action for every write route of both community scopes', () => {
    const scoped = t.app.routeTable.entries.filter(
      (r) =>
        WRITES.has(r.method) &&
        !r.signedLink &&
        (r.url.startsWith('/c/:slug/platform/') || r.url.startsWith('/c/:slug/api/v2/')),
    );
    expect(scoped.length).toBeGreaterThan(50);
    const missing = scoped
      .map((r) => keyOf(r.method, r.url))
      .filter((key) => {
        const [method = '', route = ''] = key.split(' ');
        return auditActionOf(method, route) === null;
      });
    expect(missing).toEqual([]);
  });

  it('names only routes the server has, each in one action', () => {
    const served = new Set(t.app.routeTable.entries.map((r) => keyOf(r.method, r.url)));
    const named = auditActionNames().flatMap((a) => [...AUDIT_ACTIONS[a].routes]);
    expect(named.filter((key) => !served.has(key))).toEqual([]);
    expect(named.length).toBe(new Set(named).size);
  });
});
