import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { form, signIn } from '../../test-support/fixtures.ts';

const lines: string[] = [];
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'trace' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(() => t.close());

describe('structured logs', () => {
  it('record requests as JSON without passwords, tokens or tickets', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/', headers: s.bearer });
    await t.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      ...form({ grant_type: 'refresh_token', client_id: s.clientId, refresh_token: s.refresh }),
    });
    const ticket = (
      await t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/auth/sso_ticket/',
        headers: s.bearer,
      })
    ).json().data.ticket as string;
    await t.app.inject({ method: 'GET', url: `/community/sso/?ticket=${ticket}` });

    expect(lines.length).toBeGreaterThan(4);
    const parsed = lines.map((line) => JSON.parse(line) as { reqId?: string; req?: { url: string } });
    expect(parsed.some((entry) => entry.req?.url === '/platform/api/v1/stacks/')).toBe(true);
    const all = lines.join('\n');
    for (const secret of [ADMIN_PASSWORD, s.access, s.refresh, ticket]) expect(all).not.toContain(secret);
  });
});
