import { buildTestApp, ADMIN_PASSWORD, type TestApp } from '../../apps/server/src/test-support/test-app.ts';
import { freePort } from '../support/free-port.ts';

export interface CompatServer {
  t: TestApp;
  url: string;
  /** A console access token of the demo community's admin. */
  adminToken: string;
  /** Signs the admin in again (after the test clock moved past the session's end). */
  renewAdminSession(): Promise<void>;
  close(): Promise<void>;
}

async function adminSignIn(url: string): Promise<string> {
  const signin = await fetch(`${url}/platform/api/v1/auth/signin/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
  });
  if (!signin.ok) throw new Error(`admin sign-in failed: ${signin.status}`);
  return ((await signin.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
}

/**
 * The real server listening on HTTP (fresh in-memory database, seeded demo community and admin);
 * `env` adds settings (e.g. AGORA_CORS_ORIGINS for a page served from another loopback port).
 */
export async function startCompatServer(env: Record<string, string> = {}): Promise<CompatServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const t = await buildTestApp({
    // Webhook receivers of the compat tests listen on 127.0.0.1.
    env: {
      PUBLIC_URL: url,
      AGORA_BODY_LIMIT: String(1024 * 1024),
      AGORA_WEBHOOKS_ALLOW_PRIVATE: '1',
      ...env,
    },
  });
  await t.app.listen({ host: '127.0.0.1', port });
  const server: CompatServer = {
    t,
    url,
    adminToken: await adminSignIn(url),
    async renewAdminSession() {
      server.adminToken = await adminSignIn(url);
    },
    close: () => t.close(),
  };
  return server;
}

/** A console call as the demo admin. */
export async function consoleCall(
  server: CompatServer,
  method: string,
  path: string,
  body?: unknown,
): Promise<Record<string, unknown>> {
  const res = await fetch(`${server.url}/c/demo/platform/api/v1${path}`, {
    method,
    headers: {
      authorization: `Bearer ${server.adminToken}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}
