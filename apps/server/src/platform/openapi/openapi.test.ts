import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { OPENAPI_FILE, renderOpenApi } from './write-openapi.ts';

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

  it('serves the documentation at /docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: '/docs' });
    expect([200, 302]).toContain(page.statusCode);
  });
});
