import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import Fastify from 'fastify';
import { consoleCsp } from './security-headers.ts';
import { installErrorHandling } from '../errors/error-handler.ts';
import { RouteTable } from './route-table.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: {
      AGORA_CORS_ORIGINS: 'https://allowed.example.org',
      AGORA_FRAME_ANCESTORS: "'self' https://portal.example.org",
    },
  });
});
afterAll(() => t.close());

describe('headers on every answer', () => {
  it('sends CSP with the configured frame-ancestors, nosniff, referrer policy and a request id', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/' });
    expect(res.headers['content-security-policy']).toContain(
      "frame-ancestors 'self' https://portal.example.org",
    );
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    expect(res.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("keeps a caller's well-formed request id and replaces a malformed one", async () => {
    const kept = await t.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'x-request-id': 'trace-1234abcd' },
    });
    expect(kept.headers['x-request-id']).toBe('trace-1234abcd');
    const replaced = await t.app.inject({
      method: 'GET',
      url: '/nope',
      headers: { 'x-request-id': 'bad id\n' },
    });
    expect(replaced.headers['x-request-id']).not.toContain('bad');
  });

  it("allows the tag manager's loader but no inline script", () => {
    const csp = consoleCsp({ frameAncestors: ["'self'"], corsOrigins: [] });
    expect(csp).toContain("script-src 'self' https://www.googletagmanager.com;");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  });
});

describe('CORS', () => {
  it('answers a preflight from an allowed origin and not from another', async () => {
    const allowed = await t.app.inject({
      method: 'OPTIONS',
      url: '/platform/api/v1/auth/signin/',
      headers: { origin: 'https://allowed.example.org', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://allowed.example.org');
    const other = await t.app.inject({
      method: 'OPTIONS',
      url: '/platform/api/v1/auth/signin/',
      headers: { origin: 'https://evil.example.org', 'access-control-request-method': 'POST' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});

describe('unexpected errors', () => {
  it('answer 500 in the envelope without stack or SQL', async () => {
    const app = Fastify({ logger: false });
    installErrorHandling(app, new RouteTable());
    app.get('/boom', async () => {
      throw new Error('relation "secret_table" does not exist at Object.<anonymous> (/srv/app.ts:1:1)');
    });
    const res = await app.inject({ method: 'GET', url: '/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json().errors[0].code).toBe('internal_error');
    expect(res.body).not.toContain('secret_table');
    expect(res.body).not.toContain('app.ts');
    await app.close();
  });
});
