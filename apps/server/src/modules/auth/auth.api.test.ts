import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createAccount, form } from '../../test-support/fixtures.ts';

const SIGNIN = '/platform/api/v1/auth/signin/';
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp({ throttle: { windowSeconds: 900, perAccount: 3, perIp: 8 } });
});
afterAll(() => t.close());

function codes(body: { errors: { code: string }[] }) {
  return body.errors.map((e) => e.code);
}

describe('POST auth/signin/', () => {
  it('signs in with the username over a form body and answers the session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      ...form({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(res.statusCode).toBe(200);
    const { user, token, preferences } = res.json().data;
    expect(user).toMatchObject({ username: 'admin', email: ADMIN_EMAIL, initials: 'AA', language: 'en' });
    expect(user.last_login).not.toBeNull();
    expect(token).toMatchObject({ token_type: 'Bearer', expires_in: 36000, client_id: 'agora-console' });
    expect(token.access_token).not.toBe(token.refresh_token);
    expect(preferences).toEqual([]);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('signs in with the email (any case) over JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      payload: { username: ADMIN_EMAIL.toUpperCase(), password: ADMIN_PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.user.username).toBe('admin');
  });

  it('accepts a multipart body', async () => {
    const boundary = 'agoraboundary';
    const part = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: `${part('username', 'admin')}${part('password', ADMIN_PASSWORD)}--${boundary}--\r\n`,
    });
    expect(res.statusCode).toBe(200);
  });

  it('gives one message for a wrong password and for an unknown user', async () => {
    await createAccount(t.db, 'maria', 'maria-password-1');
    const wrong = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      ...form({ username: 'maria', password: 'nope-nope' }),
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      ...form({ username: 'ghost', password: 'nope-nope' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.json()).toEqual(unknown.json());
    expect(codes(wrong.json())).toEqual(['invalid_credentials']);
  });

  it('names each missing field as required', async () => {
    const res = await t.app.inject({ method: 'POST', url: SIGNIN, payload: {} });
    expect(res.statusCode).toBe(400);
    const errors = res.json().errors as { field: string; code: string }[];
    expect(errors.map((e) => [e.field, e.code]).sort()).toEqual([
      ['password', 'required'],
      ['username', 'required'],
    ]);
  });

  it('refuses an empty username as required', async () => {
    const res = await t.app.inject({ method: 'POST', url: SIGNIN, ...form({ username: '', password: 'x' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'username', code: 'required' });
  });

  it('answers malformed JSON with 400 malformed_body and no internals', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"username": "admin", ',
    });
    expect(res.statusCode).toBe(400);
    expect(codes(res.json())).toEqual(['malformed_body']);
    expect(res.body).not.toMatch(/at .*\.(ts|js):\d+|SyntaxError|stack/);
  });

  it('answers an oversized body with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      payload: { username: 'admin', password: 'x'.repeat(70 * 1024) },
    });
    expect(res.statusCode).toBe(413);
    expect(codes(res.json())).toEqual(['payload_too_large']);
  });

  it('answers an unsupported content type with 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      headers: { 'content-type': 'application/xml' },
      payload: '<signin/>',
    });
    expect(res.statusCode).toBe(415);
    expect(codes(res.json())).toEqual(['unsupported_media_type']);
  });

  it('answers a wrong method with 405 and an unknown path with 404, both enveloped', async () => {
    const wrongMethod = await t.app.inject({ method: 'GET', url: SIGNIN });
    expect(wrongMethod.statusCode).toBe(405);
    expect(wrongMethod.headers.allow).toContain('POST');
    expect(codes(wrongMethod.json())).toEqual(['method_not_allowed']);
    const missing = await t.app.inject({ method: 'GET', url: '/platform/api/v1/nothing-here/' });
    expect(missing.statusCode).toBe(404);
    expect(codes(missing.json())).toEqual(['not_found']);
  });
});

describe('sign-in throttling', () => {
  it('throttles one account after repeated failures, with a clear 429, even for the right password', async () => {
    await createAccount(t.db, 'luca', 'luca-password-1');
    for (let i = 0; i < 3; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: SIGNIN,
        ...form({ username: 'luca', password: `bad-${i}` }),
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      ...form({ username: 'luca', password: 'luca-password-1' }),
    });
    expect(blocked.statusCode).toBe(429);
    expect(codes(blocked.json())).toEqual(['throttled']);
    expect(blocked.json().errors[0].message).toMatch(/Too many failed sign-in attempts/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);

    // Other accounts from another address are not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      remoteAddress: '10.9.9.9',
      ...form({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(other.statusCode).toBe(200);

    // The window passes and the right password works again.
    t.clock.advance(901);
    const later = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      ...form({ username: 'luca', password: 'luca-password-1' }),
    });
    expect(later.statusCode).toBe(200);
  });

  it('throttles an address that tries many accounts, kept in the database', async () => {
    const ip = '10.1.2.3';
    for (let i = 0; i < 8; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: SIGNIN,
        remoteAddress: ip,
        ...form({ username: `user-${i}`, password: 'whatever' }),
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: SIGNIN,
      remoteAddress: ip,
      ...form({ username: 'admin', password: ADMIN_PASSWORD }),
    });
    expect(blocked.statusCode).toBe(429);
    const stored = await t.db
      .selectFrom('sign_in_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('scope', '=', 'ip')
      .where('key', '=', ip)
      .where('succeeded', '=', false)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(8);
  });
});
