import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  errorsOf,
  memberSignIn,
  type SignedIn,
  stackBySlug,
} from '../../test-support/fixtures.ts';
import { ensureMemberClient } from '../../modules/member-auth/member-auth.repository.ts';

/**
 * Issue 10 §4–5: bad input is the caller's fault, so it answers 4xx in the error envelope, never 500
 * and never Fastify's own error shape: the members' OAuth endpoints, broken multipart, NUL characters,
 * out-of-range ids, and what the router itself refuses.
 */
let t: TestApp;
let moderator: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const demo = await stackBySlug(t.db, 'demo');
  demoId = demo.id;
  await createMember(t.db, demo.id, 'mod', 'moderator-password-1', { role: 'moderator' });
  moderator = await memberSignIn(t.app, t.db, 'demo', 'mod', 'moderator-password-1');
});
afterAll(() => t.close());

function inject(method: 'GET' | 'POST', url: string, payload?: string, headers: Record<string, string> = {}) {
  return t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload }) });
}

function expectEnvelope(res: { statusCode: number; body: string }, status: number) {
  expect(res.statusCode).toBe(status);
  expect(errorsOf(res.body).length).toBeGreaterThan(0);
}

const json = { 'content-type': 'application/json' };
const unreadable: [string, string | undefined, Record<string, string>][] = [
  ['invalid JSON', '{"username": ', json],
  ['a number where a string goes', '{"username": 1, "token": 1}', json],
  ['text/plain', 'username=a', { 'content-type': 'text/plain' }],
  ['an empty JSON body', '', json],
  ['no body at all', undefined, {}],
  ['a JSON array', '[]', json],
];

describe("members' OAuth endpoints", () => {
  for (const [endpoint, hub] of [
    ['token', '/oauth/token/'],
    ['revoke_token', '/oauth/revoke_token/'],
  ] as const) {
    for (const [name, payload, headers] of unreadable) {
      it(`${endpoint}: answers ${name} exactly as the hub does (RFC 6749 invalid_request in the envelope)`, async () => {
        const expected = await inject('POST', hub, payload, headers);
        const res = await inject('POST', `/c/demo/oauth/${endpoint}/`, payload, headers);
        expect(expected.statusCode).toBe(400);
        expect(res.statusCode).toBe(expected.statusCode);
        expect(res.json()).toEqual(expected.json());
        expect(res.json().error).toBe('invalid_request');
        expect(res.headers['cache-control']).toBe('no-store');
      });
    }
  }
});

describe("members' revocation endpoint", () => {
  for (const [name, body] of [
    ['no client', '{}'],
    ['no client, a token', '{"token": "abc"}'],
    ['an unknown client', '{"client_id": "nope", "token": "abc"}'],
  ] as const) {
    it(`answers ${name} exactly as the hub does`, async () => {
      const expected = await inject('POST', '/oauth/revoke_token/', body, json);
      const res = await inject('POST', '/c/demo/oauth/revoke_token/', body, json);
      expect(res.statusCode).toBe(expected.statusCode);
      expect(res.json()).toEqual(expected.json());
    });
  }

  it('asks for the token once the client is known', async () => {
    const clientId = await ensureMemberClient(t.db, demoId);
    const res = await inject(
      'POST',
      '/c/demo/oauth/revoke_token/',
      JSON.stringify({ client_id: clientId }),
      json,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ error: 'invalid_request', error_description: 'token is required.' });
  });
});

describe('broken multipart', () => {
  const form = (boundary: string) => ({ 'content-type': `multipart/form-data; boundary=${boundary}` });

  it('answers 400 malformed_body without a boundary', async () => {
    const res = await inject('POST', '/platform/api/v1/auth/signin/', '--x\r\n', {
      'content-type': 'multipart/form-data',
    });
    expectEnvelope(res, 400);
    expect(errorsOf(res.body)[0]?.code).toBe('malformed_body');
  });

  it('answers 400 to a form cut short', async () => {
    const body = '--b\r\nContent-Disposition: form-data; name="username"\r\n\r\nadm';
    expectEnvelope(await inject('POST', '/platform/api/v1/auth/signin/', body, form('b')), 400);
  });

  it('answers 400 to 3,000 fields (over the fields limit)', async () => {
    const parts = Array.from(
      { length: 3000 },
      (_, i) => `--b\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nv\r\n`,
    );
    const res = await inject('POST', '/c/demo/api/v2/post/', `${parts.join('')}--b--\r\n`, {
      ...form('b'),
      ...moderator.bearer,
    });
    expectEnvelope(res, 400);
  });

  it('still reads a well-formed form', async () => {
    const body =
      '--b\r\nContent-Disposition: form-data; name="username"\r\n\r\nadmin\r\n' +
      '--b\r\nContent-Disposition: form-data; name="password"\r\n\r\nwrong-password\r\n--b--\r\n';
    const res = await inject('POST', '/platform/api/v1/auth/signin/', body, form('b'));
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]?.code).toBe('invalid_credentials');
  });
});

describe('NUL characters', () => {
  it('are refused in a query', async () => {
    const res = await inject('GET', '/c/demo/api/v2/user/?search=%00');
    expectEnvelope(res, 400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'search', code: 'invalid' });
  });

  it('are refused in a path parameter, before any guard looks the community up', async () => {
    const res = await inject('GET', '/c/%00/platform/api/v1/stack/');
    expectEnvelope(res, 400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'slug', code: 'invalid' });
  });

  it('are refused in a body, nested values and keys included', async () => {
    for (const payload of [
      '{"username": "admin\\u0000", "password": "x"}',
      '{"username": "admin", "password": "x", "extra": {"deep": ["\\u0000"]}}',
      '{"username": "admin", "password": "x", "k\\u0000": 1}',
    ]) {
      expectEnvelope(await inject('POST', '/platform/api/v1/auth/signin/', payload, json), 400);
    }
    const member = await inject(
      'POST',
      '/c/demo/oauth/token/',
      'grant_type=password&client_id=x&username=a%00&password=b',
      { 'content-type': 'application/x-www-form-urlencoded' },
    );
    expectEnvelope(member, 400);
  });
});

describe('numbers out of range', () => {
  it('refuses ids beyond PostgreSQL integers in a body', async () => {
    for (const user of ['1e308', '9007199254740993', '2147483648', '"99999999999"', '-1', '1.5']) {
      const res = await inject('POST', '/c/demo/api/v2/score/', `{"user": ${user}, "score": 5}`, {
        ...json,
        ...moderator.bearer,
      });
      expectEnvelope(res, 400);
    }
  });

  it('refuses ids beyond PostgreSQL integers in a path or a query', async () => {
    expectEnvelope(await inject('GET', '/c/demo/api/v2/user/2147483648/', undefined, moderator.bearer), 400);
    expectEnvelope(await inject('GET', '/c/demo/api/v2/post/1e308/', undefined, moderator.bearer), 400);
    const res = await inject(
      'GET',
      '/c/demo/api/v2/comment/?post=9007199254740993',
      undefined,
      moderator.bearer,
    );
    expectEnvelope(res, 400);
  });
});

describe("the router's own refusals", () => {
  it('answer a bad percent-encoding with 400 in the envelope', async () => {
    const res = await inject('GET', '/c/%C3%28/platform/api/v1/stack/');
    expectEnvelope(res, 400);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
  });

  it('answer a 3,000-character path parameter with 414 in the envelope', async () => {
    const res = await inject('GET', `/c/${'a'.repeat(3000)}/platform/api/v1/stack/`);
    expectEnvelope(res, 414);
    expect(res.headers['content-type']).toContain('application/json');
  });
});
