import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';

let t: TestApp;
let dir: string;
const SCRIPT = `console.log(${JSON.stringify('agora '.repeat(200))});`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-console-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(
    path.join(dir, 'index.html'),
    '<html><head><title>Agora</title></head><body></body></html>',
  );
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js'), SCRIPT);
  // What the console's build writes beside each script (vite.config.ts, precompressedAssets).
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js.br'), brotliCompressSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'assets', 'main-abc123.js.gz'), gzipSync(SCRIPT));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await buildTestApp({
    serveConsole: true,
    env: {
      AGORA_CONSOLE_DIR: dir,
      AGORA_GTM_ID: 'GTM-TEST123',
      AGORA_FRAME_ANCESTORS: "'self' https://portal.example.org",
      PUBLIC_URL: 'https://community.example.org',
    },
  });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('serving the console', () => {
  it('answers client-side routes with the console page and its run-time settings', async () => {
    for (const url of ['/', '/signin', '/community/sso/?ticket=x', '/theme/logo', '/no/such/screen']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<meta name="agora-gtm-id" content="GTM-TEST123">');
      expect(res.body).toContain('<meta name="agora-frame-ancestors" content="https://portal.example.org">');
      expect(res.body).toContain('<meta name="agora-public-url" content="https://community.example.org">');
      // Never cached: a new deployment's page (and so its new asset names) is picked up at once.
      expect(res.headers['cache-control']).toBe('no-store');
    }
  });

  it('serves hashed assets with long caching and other files as they are', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const icon = await t.app.inject({ method: 'GET', url: '/favicon.svg' });
    expect(icon.statusCode).toBe(200);
  });

  it('sends the brotli or gzip copy made at build, as the browser accepts, and the plain file otherwise', async () => {
    const get = (encoding?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/assets/main-abc123.js',
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.statusCode).toBe(200);
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers['content-type']).toContain('javascript');
    expect(brotli.headers.vary).toContain('Accept-Encoding');
    expect(brotli.headers['cache-control']).toContain('immutable');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(SCRIPT);
    expect(brotli.rawPayload.length).toBeLessThan(SCRIPT.length / 4);

    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(SCRIPT);

    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(SCRIPT);
  });

  it('keeps API paths and missing assets out of the fallback', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/platform/api/v1/unknown/' });
    expect(api.statusCode).toBe(404);
    expect(api.json().errors[0].code).toBe('not_found');
    const community = await t.app.inject({ method: 'GET', url: '/c/demo/platform/api/v1/unknown/' });
    expect(community.statusCode).toBe(404);
    // RFC 8414 metadata of a community is JSON, never the console page.
    const metadata = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server/c/demo',
    });
    expect(metadata.headers['content-type']).toMatch(/^application\/json/);
    expect(metadata.json().issuer).toBe('https://community.example.org/c/demo');
    // A load balancer's probes get the process's answer, never the console page.
    for (const url of ['/healthz', '/readyz']) {
      const probe = await t.app.inject({ method: 'GET', url });
      expect(probe.headers['content-type']).toMatch(/^application\/json/);
      expect(probe.statusCode).toBe(200);
    }
    const asset = await t.app.inject({ method: 'GET', url: '/assets/missing.js' });
    expect(asset.statusCode).toBe(404);
    const traversal = await t.app.inject({ method: 'GET', url: '/../../etc/passwd' });
    expect(traversal.body).not.toContain('root:');
  });
});
