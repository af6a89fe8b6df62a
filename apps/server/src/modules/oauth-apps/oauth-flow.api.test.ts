import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityFixture, createMember, form } from '../../test-support/fixtures.ts';

/*
 * The OAuth apps at work (issue 15 §2): authorization code with PKCE through the community's sign-in
 * and consent page, token exchange, refresh with rotation and reuse detection, revocation, client
 * credentials, RFC 8414 metadata; every refusal the RFCs ask for.
 */

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let aliceId: number;
let web: { client_id: string; client_secret: string | null; id: number };
let mobile: { client_id: string; client_secret: string | null; id: number };
let foreign: { client_id: string; client_secret: string | null; id: number };

const CALLBACK = 'https://shop.example/callback';
const APP_URI = 'com.example.app:/cb';

async function addApp(slug: string, who: SignedIn, body: object) {
  const res = await t.app.inject({
    method: 'POST',
    url: `/c/${slug}/platform/api/v1/oauth_apps/add/`,
    headers: who.bearer,
    payload: body,
  });
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data;
}

beforeAll(async () => {
  t = await buildTestApp();
  let demoId: number;
  ({ admin, owner, demoId } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
  web = await addApp('demo', admin, {
    client_type: 'confidential',
    name: 'Shop',
    grant_types: ['authorization_code', 'refresh_token', 'client_credentials'],
    redirect_uris: `${CALLBACK} https://shop.example/other`,
  });
  mobile = await addApp('demo', admin, {
    client_type: 'public',
    name: 'Mobile',
    grant_types: ['authorization_code', 'refresh_token'],
    redirect_uris: APP_URI,
  });
  foreign = await addApp('other', owner, {
    client_type: 'public',
    name: 'Elsewhere',
    grant_types: ['authorization_code', 'refresh_token'],
    redirect_uris: APP_URI,
  });
});
afterAll(() => t.close());

function pkce() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

function authorizeQuery(over: Record<string, string | undefined> = {}, client = mobile) {
  const base: Record<string, string | undefined> = {
    response_type: 'code',
    client_id: client.client_id,
    redirect_uri: APP_URI,
    state: 'st-1',
    code_challenge: pkce().challenge,
    code_challenge_method: 'S256',
    ...over,
  };
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(base)) if (v !== undefined) params.set(k, v);
  return params;
}

const HTML = { accept: 'text/html,application/xhtml+xml' };
const authorizePage = (query: URLSearchParams, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `/c/${slug}/oauth/authorize/?${query}`, headers: HTML });

/** Opens the page, then posts its form as the browser would (cookie and hidden fields). */
async function consent(
  query: URLSearchParams,
  fields: Record<string, string> = { username: 'alice', password: 'alice-password-1', decision: 'allow' },
) {
  const page = await authorizePage(query);
  expect(page.statusCode).toBe(200);
  const cookie = String(page.headers['set-cookie']).split(';')[0] as string;
  const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] as string;
  return t.app.inject({
    method: 'POST',
    url: `/c/demo/oauth/authorize/?${query}`,
    ...form({ ...Object.fromEntries(query), csrf, ...fields }, { cookie, ...HTML }),
  });
}

/** A code for alice through the mobile (public) app, and its verifier. */
async function codeFor(client = mobile, redirect = APP_URI) {
  const { verifier, challenge } = pkce();
  const res = await consent(authorizeQuery({ code_challenge: challenge, redirect_uri: redirect }, client));
  expect(res.statusCode).toBe(303);
  const back = new URL(res.headers.location as string);
  return { code: back.searchParams.get('code') as string, verifier, back };
}

const token = (body: Record<string, string>, headers: Record<string, string> = {}, slug = 'demo') =>
  t.app.inject({ method: 'POST', url: `/c/${slug}/oauth/token/`, ...form(body, headers) });

const exchange = (code: string, verifier: string, over: Record<string, string> = {}) =>
  token({
    grant_type: 'authorization_code',
    client_id: mobile.client_id,
    code,
    redirect_uri: APP_URI,
    code_verifier: verifier,
    ...over,
  });

const me = (access: string, slug = 'demo') =>
  t.app.inject({
    method: 'POST',
    url: `/c/${slug}/api/v2/sso/signin/`,
    headers: { authorization: `Bearer ${access}` },
  });

describe('authorization server metadata (RFC 8414)', () => {
  it('names the issuer {PUBLIC_URL}/c/{slug} and every endpoint under it', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server/c/demo' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      issuer: 'http://agora.test/c/demo',
      authorization_endpoint: 'http://agora.test/c/demo/oauth/authorize/',
      token_endpoint: 'http://agora.test/c/demo/oauth/token/',
      revocation_endpoint: 'http://agora.test/c/demo/oauth/revoke_token/',
      response_types_supported: ['code'],
      code_challenge_methods_supported: ['S256'],
    });
    expect(res.json().grant_types_supported).not.toContain('implicit');
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/.well-known/oauth-authorization-server/c/nope',
    });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('authorization endpoint', () => {
  it('shows the sign-in and consent page in the browser language, framed by nobody', async () => {
    const en = await authorizePage(authorizeQuery());
    expect(en.statusCode).toBe(200);
    expect(en.headers['content-type']).toMatch(/text\/html/);
    expect(en.body).toContain('<html lang="en">');
    expect(en.body).toContain('Mobile asks to use your');
    expect(en.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(String(en.headers['set-cookie'])).toMatch(/HttpOnly; SameSite=Strict/);
    const it = await t.app.inject({
      method: 'GET',
      url: `/c/demo/oauth/authorize/?${authorizeQuery()}`,
      headers: { 'accept-language': 'it-IT,it;q=0.9,en;q=0.5', ...HTML },
    });
    expect(it.body).toContain('<html lang="it">');
    expect(it.body).toContain('Accedi e consenti');
  });

  it('never redirects to an unregistered URI: a near miss is shown on the page', async () => {
    for (const redirect of [`${APP_URI}/x`, 'com.example.app:/CB', 'https://evil.example/cb', undefined]) {
      const res = await authorizePage(authorizeQuery({ redirect_uri: redirect }));
      expect(res.statusCode).toBe(400);
      expect(res.headers.location).toBeUndefined();
      expect(res.body).toContain('data-error="redirect_uri"');
    }
    const unknown = await authorizePage(authorizeQuery({ client_id: 'nobody' }));
    expect(unknown.body).toContain('data-error="unknown_client"');
    // A caller that is no browser gets the same refusal in the envelope.
    const api = await t.app.inject({
      method: 'GET',
      url: `/c/demo/oauth/authorize/?${authorizeQuery({ redirect_uri: 'https://evil.example/cb' })}`,
    });
    expect(api.statusCode).toBe(400);
    expect(api.json()).toMatchObject({ error: 'invalid_request', errors: [{ code: 'invalid' }] });
  });

  it("refuses another community's app at this community's page", async () => {
    const res = await authorizePage(authorizeQuery({}, foreign));
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('data-error="unknown_client"');
  });

  it('sends the implicit grant, a missing state and plain or missing PKCE back as errors', async () => {
    const cases: [Record<string, string | undefined>, string][] = [
      [{ response_type: 'token' }, 'unsupported_response_type'],
      [{ state: undefined }, 'invalid_request'],
      [{ code_challenge_method: 'plain' }, 'invalid_request'],
      [{ code_challenge_method: undefined }, 'invalid_request'],
      [{ code_challenge: undefined }, 'invalid_request'],
    ];
    for (const [over, error] of cases) {
      const res = await authorizePage(authorizeQuery(over));
      expect(res.statusCode).toBe(303);
      const back = new URL(res.headers.location as string);
      expect(`${back.protocol}${back.pathname}`).toBe(APP_URI);
      expect(back.searchParams.get('error')).toBe(error);
      expect(back.searchParams.get('iss')).toBe('http://agora.test/c/demo');
    }
  });

  it('refuses a form without the cookie it was served with (CSRF)', async () => {
    const query = authorizeQuery();
    const page = await authorizePage(query);
    const csrf = /name="csrf" value="([^"]+)"/.exec(page.body)?.[1] as string;
    const forged = await t.app.inject({
      method: 'POST',
      url: `/c/demo/oauth/authorize/`,
      ...form({
        ...Object.fromEntries(query),
        csrf,
        username: 'alice',
        password: 'alice-password-1',
        decision: 'allow',
      }),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.headers.location).toBeUndefined();
  });

  it('keeps the member on the page after a wrong password, and denial goes back as access_denied', async () => {
    const wrong = await consent(authorizeQuery(), { username: 'alice', password: 'nope', decision: 'allow' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.body).toContain('role="alert"');
    expect(wrong.headers.location).toBeUndefined();
    const denied = await consent(authorizeQuery(), { decision: 'deny' });
    expect(denied.statusCode).toBe(303);
    const back = new URL(denied.headers.location as string);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('code')).toBeNull();
  });
});

describe('token endpoint: authorization code with PKCE', () => {
  it('gives tokens that open the member API as that member, and only in this community', async () => {
    const { code, verifier, back } = await codeFor();
    expect(back.searchParams.get('state')).toBe('st-1');
    expect(back.searchParams.get('iss')).toBe('http://agora.test/c/demo');
    const res = await exchange(code, verifier);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 36000, client_id: mobile.client_id });
    expect(body.refresh_token).toEqual(expect.any(String));
    const who = await me(body.access_token);
    expect(who.statusCode).toBe(200);
    expect(who.json()).toMatchObject({ id: aliceId, username: 'alice', role: null });
    // A member's token is no staff token: the console refuses it.
    const console = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/oauth_apps/',
      headers: { authorization: `Bearer ${body.access_token}` },
    });
    expect(console.statusCode).toBe(401);
    expect((await me(body.access_token, 'other')).statusCode).toBe(401);
  });

  it('refuses a wrong verifier, a wrong redirect URI, a reused code and an expired one', async () => {
    const a = await codeFor();
    const wrongVerifier = await exchange(a.code, pkce().verifier);
    expect(wrongVerifier.statusCode).toBe(400);
    expect(wrongVerifier.json().error).toBe('invalid_grant');

    const b = await codeFor(web, CALLBACK);
    const wrongUri = await token({
      grant_type: 'authorization_code',
      client_id: web.client_id,
      client_secret: web.client_secret as string,
      code: b.code,
      redirect_uri: 'https://shop.example/other',
      code_verifier: b.verifier,
    });
    expect(wrongUri.json().error).toBe('invalid_grant');

    const c = await codeFor();
    const first = await exchange(c.code, c.verifier);
    expect(first.statusCode).toBe(200);
    const again = await exchange(c.code, c.verifier);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('invalid_grant');
    // The tokens of a code presented twice are revoked (RFC 6749 §4.1.2).
    expect((await me(first.json().access_token)).statusCode).toBe(401);

    const d = await codeFor();
    t.clock.advance(61);
    const late = await exchange(d.code, d.verifier);
    expect(late.statusCode).toBe(400);
    expect(late.json().error).toBe('invalid_grant');

    const noVerifier = await exchange((await codeFor()).code, '', {});
    expect(noVerifier.json().error).toBe('invalid_request');
  });

  it('needs the secret of a confidential app (Basic or body) and refuses a secret from a public one', async () => {
    const a = await codeFor(web, CALLBACK);
    const fields = {
      grant_type: 'authorization_code',
      code: a.code,
      redirect_uri: CALLBACK,
      code_verifier: a.verifier,
    };
    const noSecret = await token({ ...fields, client_id: web.client_id });
    expect(noSecret.statusCode).toBe(401);
    expect(noSecret.json().error).toBe('invalid_client');
    const badBasic = await token(fields, {
      authorization: `Basic ${Buffer.from(`${web.client_id}:wrong`).toString('base64')}`,
    });
    expect(badBasic.statusCode).toBe(401);
    expect(badBasic.headers['www-authenticate']).toMatch(/^Basic/);
    const basic = await token(fields, {
      authorization: `Basic ${Buffer.from(`${web.client_id}:${web.client_secret}`).toString('base64')}`,
    });
    expect(basic.statusCode).toBe(200);

    const m = await codeFor();
    const publicWithSecret = await exchange(m.code, m.verifier, { client_secret: 'x' });
    expect(publicWithSecret.statusCode).toBe(401);
  });

  it("refuses another community's app at this community's token endpoint", async () => {
    const res = await token({
      grant_type: 'authorization_code',
      client_id: foreign.client_id,
      code: 'x',
      redirect_uri: APP_URI,
      code_verifier: pkce().verifier,
    });
    expect(res.statusCode).toBe(401);
    expect(res.json().error).toBe('invalid_client');
  });
});

describe('refresh with rotation, and revocation', () => {
  it('rotates the refresh token; reusing an old one ends the whole sign-in', async () => {
    const { code, verifier } = await codeFor();
    const first = (await exchange(code, verifier)).json();
    const refresh = (rt: string) =>
      token({ grant_type: 'refresh_token', client_id: mobile.client_id, refresh_token: rt });
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const r2 = second.json();
    expect(r2.refresh_token).not.toBe(first.refresh_token);
    expect((await me(r2.access_token)).statusCode).toBe(200);

    const reuse = await refresh(first.refresh_token);
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().error).toBe('invalid_grant');
    expect((await me(r2.access_token)).statusCode).toBe(401);
    expect((await refresh(r2.refresh_token)).statusCode).toBe(400);
  });

  it('revokes a token (then 401), answers 200 for unknown tokens and checks the client', async () => {
    const { code, verifier } = await codeFor();
    const tokens = (await exchange(code, verifier)).json();
    const revoke = (body: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/c/demo/oauth/revoke_token/', ...form(body) });
    // Another app cannot revoke it (200, nothing revoked).
    const otherApp = await revoke({
      client_id: web.client_id,
      client_secret: web.client_secret as string,
      token: tokens.access_token,
    });
    expect(otherApp.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(200);

    expect((await revoke({ client_id: mobile.client_id, token: tokens.access_token })).statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    const refresh = await token({
      grant_type: 'refresh_token',
      client_id: mobile.client_id,
      refresh_token: tokens.refresh_token,
    });
    expect(refresh.statusCode).toBe(400);
    expect((await revoke({ client_id: mobile.client_id, token: 'unknown' })).statusCode).toBe(200);
    expect((await revoke({ client_id: mobile.client_id })).json().error).toBe('invalid_request');
    expect((await revoke({ client_id: web.client_id, token: 'x' })).statusCode).toBe(401);
  });
});

describe('client credentials', () => {
  it('only for a confidential app: a token acting as the community, for its public calls only', async () => {
    const res = await token({
      grant_type: 'client_credentials',
      client_id: web.client_id,
      client_secret: web.client_secret as string,
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.refresh_token).toBeUndefined();
    const call = (url: string, slug = 'demo') =>
      t.app.inject({
        method: 'GET',
        url: `/c/${slug}/api/v2${url}`,
        headers: { authorization: `Bearer ${body.access_token}` },
      });
    expect((await call('/feature/')).statusCode).toBe(200);
    expect((await call('/user/me/')).statusCode).toBe(403);
    expect((await call('/feature/', 'other')).statusCode).toBe(401);

    const publicApp = await token({ grant_type: 'client_credentials', client_id: mobile.client_id });
    expect(publicApp.statusCode).toBe(400);
    expect(publicApp.json().error).toBe('unauthorized_client');

    const revoked = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/revoke_token/',
      ...form({
        client_id: web.client_id,
        client_secret: web.client_secret as string,
        token: body.access_token,
      }),
    });
    expect(revoked.statusCode).toBe(200);
    expect((await call('/feature/')).statusCode).toBe(401);
  });

  it('refuses grants the app was not given and grants nobody supports', async () => {
    const pw = await token({
      grant_type: 'password',
      client_id: mobile.client_id,
      username: 'alice',
      password: 'alice-password-1',
    });
    expect(pw.json().error).toBe('unsupported_grant_type');
    const cc = await token({ grant_type: 'client_credentials', client_id: mobile.client_id });
    expect(cc.json().error).toBe('unauthorized_client');
  });

  it("ends an app's sign-ins when the app is deleted", async () => {
    const { code, verifier } = await codeFor();
    const tokens = (await exchange(code, verifier)).json();
    const del = await t.app.inject({
      method: 'POST',
      url: `/c/demo/platform/api/v1/oauth_apps/${mobile.id}/delete/`,
      headers: admin.bearer,
    });
    expect(del.statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
  });
});
