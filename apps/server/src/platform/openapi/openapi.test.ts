import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OPENAPI_FILE, renderOpenApi } from '../../composition/write-openapi.ts';

interface Operation {
  parameters?: { in: string; name: string }[];
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('OpenAPI', () => {
  it('matches the committed apps/server/openapi.json (run `npm run openapi` after changing a route)', () => {
    const committed = fs.readFileSync(OPENAPI_FILE, 'utf8');
    expect(renderOpenApi(t.app.swagger())).toBe(committed);
  });

  it('documents the auth, OAuth, preference and community calls', () => {
    const paths = Object.keys((t.app.swagger() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/platform/api/v1/auth/signin/',
        '/oauth/token/',
        '/oauth/revoke_token/',
        '/platform/api/v1/user/preference/',
        '/platform/api/v1/stacks/',
        '/c/{slug}/platform/api/v1/stack/',
      ]),
    );
  });

  it('documents every path parameter of every operation, the slug of /c/{slug}/ included', () => {
    const paths = (t.app.swagger() as { paths: Record<string, Record<string, Operation>> }).paths;
    const missing: string[] = [];
    for (const [path, operations] of Object.entries(paths)) {
      const names = [...path.matchAll(/{(\w+)}/g)].map((m) => m[1]);
      for (const [method, operation] of Object.entries(operations)) {
        const documented = (operation.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name);
        for (const name of names)
          if (!documented.includes(name as string)) missing.push(`${method} ${path} ${name}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('serves the documentation at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
