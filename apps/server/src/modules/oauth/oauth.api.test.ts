import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { form, signIn } from '../../test-support/fixtures.ts';

const TOKEN = '/oauth/token/';
const REVOKE = '/oauth/revoke_token/';
const STACKS = '/platform/api/v1/stacks/';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const refresh = (clientId: string, refreshToken: string) =>
  t.app.inject({
    method: 'POST',
    url: TOKEN,
    ...form({ grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken }),
  });

const readStacks = (access: string) =>
  t.app.inject({ method: 'GET', url: STACKS, headers: { authorization: `Bearer ${access}` } });

describe('POST /oauth/token/ refresh_token', () => {
  it('rotates the refresh token; the new access token works, the old refresh token no longer does', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const res = await refresh(s.clientId, s.refresh);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const token = res.json();
    expect(token).toMatchObject({ token_type: 'Bearer', client_id: 'agora-console', scope: 'read write' });
    expect(token.refresh_token).not.toBe(s.refresh);
    expect(token.access_token).not.toBe(s.access);
    expect((await readStacks(token.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token is presented again', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const first = (await refresh(s.clientId, s.refresh)).json();
    const reuse = await refresh(s.clientId, s.refresh);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expect(reuse.json().errors[0].code).toBe('invalid_grant');
    // The legitimate-looking newer tokens of that sign-in are dead too.
    expect((await refresh(s.clientId, first.refresh_token)).statusCode).toBe(400);
    expect((await readStacks(first.access_token)).statusCode).toBe(401);
    expect((await readStacks(s.access)).statusCode).toBe(401);
  });

  it('ends the family 259200 seconds after sign-in, however often it was refreshed', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    let current = s.refresh;
    for (let i = 0; i < 3; i++) {
      t.clock.advance(80000);
      const res = await refresh(s.clientId, current);
      expect(res.statusCode).toBe(200);
      current = res.json().refresh_token;
      // The access token never outlives the family.
      expect(res.json().expires_in).toBeLessThanOrEqual(259200 - 80000 * (i + 1));
    }
    t.clock.advance(259200 - 240000);
    const expired = await refresh(s.clientId, current);
    expect(expired.statusCode).toBe(400);
    expect(expired.json().error).toBe('invalid_grant');
  });

  it('expires an access token after expires_in seconds', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    t.clock.advance(35999);
    expect((await readStacks(s.access)).statusCode).toBe(200);
    t.clock.advance(2);
    const res = await readStacks(s.access);
    expect(res.statusCode).toBe(401);
    expect(res.json().errors[0].code).toBe('invalid_token');
    expect(res.headers['www-authenticate']).toContain('invalid_token');
  });

  it('refuses an unknown refresh token and one issued to another client', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect((await refresh(s.clientId, 'agrt_unknown')).json().error).toBe('invalid_grant');
    await t.db
      .insertInto('oauth_clients')
      .values({ client_id: 'other-app', name: 'Other', allowed_grants: '["password","refresh_token"]' })
      .execute();
    const res = await refresh('other-app', s.refresh);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_grant');
  });

  it('answers RFC 6749 errors for a wrong or missing client and an unsupported grant', async () => {
    const wrongClient = await refresh('no-such-client', 'x');
    expect(wrongClient.statusCode).toBe(401);
    expect(wrongClient.json().error).toBe('invalid_client');
    expect(wrongClient.headers['cache-control']).toBe('no-store');

    const noClient = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      ...form({ grant_type: 'refresh_token', refresh_token: 'x' }),
    });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error).toBe('invalid_request');

    const noToken = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      ...form({ grant_type: 'refresh_token', client_id: 'agora-console' }),
    });
    expect(noToken.json().error).toBe('invalid_request');

    const grant = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      ...form({ grant_type: 'client_credentials', client_id: 'agora-console' }),
    });
    expect(grant.statusCode).toBe(400);
    expect(grant.json().error).toBe('unsupported_grant_type');
  });
});

describe('POST /oauth/token/ password', () => {
  it('issues tokens for the right credentials and invalid_grant otherwise', async () => {
    const ok = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      ...form({
        grant_type: 'password',
        client_id: 'agora-console',
        username: 'admin',
        password: ADMIN_PASSWORD,
      }),
    });
    expect(ok.statusCode).toBe(200);
    expect((await readStacks(ok.json().access_token)).statusCode).toBe(200);

    const bad = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      ...form({ grant_type: 'password', client_id: 'agora-console', username: 'admin', password: 'wrong' }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe('invalid_grant');
  });
});

describe('POST /oauth/revoke_token/', () => {
  it('revokes the access token and its refresh token', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const res = await t.app.inject({
      method: 'POST',
      url: REVOKE,
      ...form({ token: s.access, client_id: s.clientId }),
    });
    expect(res.statusCode).toBe(200);
    expect((await readStacks(s.access)).statusCode).toBe(401);
    expect((await refresh(s.clientId, s.refresh)).statusCode).toBe(400);
  });

  it('answers 200 for an unknown or already revoked token (RFC 7009)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: REVOKE,
      ...form({ token: 'agat_nobody', client_id: 'agora-console' }),
    });
    expect(res.statusCode).toBe(200);
  });

  it('does not revoke a token of another client', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    await t.db
      .insertInto('oauth_clients')
      .values({ client_id: 'third-app', name: 'Third', allowed_grants: '["refresh_token"]' })
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: REVOKE,
      ...form({ token: s.access, client_id: 'third-app' }),
    });
    expect(res.statusCode).toBe(200);
    expect((await readStacks(s.access)).statusCode).toBe(200);
  });

  it('needs a client id and a token', async () => {
    const noClient = await t.app.inject({ method: 'POST', url: REVOKE, ...form({ token: 'x' }) });
    expect(noClient.statusCode).toBe(400);
    expect(noClient.json().error).toBe('invalid_request');
    const unknownClient = await t.app.inject({
      method: 'POST',
      url: REVOKE,
      ...form({ token: 'x', client_id: 'nope' }),
    });
    expect(unknownClient.statusCode).toBe(401);
    const noToken = await t.app.inject({
      method: 'POST',
      url: REVOKE,
      ...form({ client_id: 'agora-console' }),
    });
    expect(noToken.statusCode).toBe(400);
  });
});

describe('bearer authentication', () => {
  it('answers 401 with the envelope without a token and with a malformed header', async () => {
    const none = await t.app.inject({ method: 'GET', url: STACKS });
    expect(none.statusCode).toBe(401);
    expect(none.json().errors[0].code).toBe('not_authenticated');
    const garbage = await t.app.inject({ method: 'GET', url: STACKS, headers: { authorization: 'Bearer' } });
    expect(garbage.statusCode).toBe(401);
  });

  it('stores tokens only as digests', async () => {
    const s = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const rows = await t.db.selectFrom('access_tokens').select('token_hash').execute();
    expect(rows.some((r) => r.token_hash === s.access)).toBe(false);
    expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.token_hash))).toBe(true);
    const refreshRows = await t.db.selectFrom('refresh_tokens').select('token_hash').execute();
    expect(refreshRows.some((r) => r.token_hash === s.refresh)).toBe(false);
  });
});

describe('unreadable token requests', () => {
  it('answers invalid_request in both the RFC and the envelope shape', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: TOKEN,
      headers: { 'content-type': 'application/json' },
      payload: '{"grant_type":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', errors: [{ code: 'malformed_body' }] });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
