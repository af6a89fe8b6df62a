import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_RESTARTING_MESSAGE } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  createMember,
  createStack,
  form,
  memberSignIn,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { ensureMemberClient } from '../member-auth/member-auth.repository.ts';

/**
 * A community on its own domain (issue 15 §4, ADR 0029): the domain saved in Domain settings serves
 * the community's member API, OAuth endpoints and pages without the /c/{slug} prefix, once its
 * restart is over; other hosts get a clear 404; the deployment's own host keeps the console.
 */
let t: TestApp;
let admin: SignedIn;
let member: SignedIn;
let demoId: number;
const FORUM = 'forum.example.org';

const at = (host: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers: { host, ...headers } });
const saveDomain = (domain: string) =>
  t.app.inject({ method: 'POST', url: '/c/demo/platform/api/v1/domain/', ...form({ domain }, admin.bearer) });
async function finishRestart() {
  t.clock.advance(t.config.restartSeconds);
  expect(await t.jobs.runDue()).toBeGreaterThanOrEqual(1);
}

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  await createStack(t.db, 'other', 'Other community');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  await createMember(t.db, demoId, 'walker', 'walker-password-1');
  member = await memberSignIn(t.app, t.db, 'demo', 'walker', 'walker-password-1');
});
afterAll(() => t.close());

describe('a community on its own domain', () => {
  it('serves the new domain once the restart of the switch is over (503 with Retry-After until then)', async () => {
    expect((await at(FORUM, '/api/v2/feature/')).statusCode).toBe(404);
    expect((await saveDomain(FORUM)).statusCode).toBe(200);

    const restarting = await at(FORUM, '/api/v2/feature/');
    expect(restarting.statusCode).toBe(503);
    expect(restarting.headers['retry-after']).toBe(String(t.config.restartSeconds));
    expect(restarting.json().errors[0]).toMatchObject({
      code: 'stack_restarting',
      message: STACK_RESTARTING_MESSAGE,
    });

    await finishRestart();
    const viaDomain = await at(FORUM, '/api/v2/feature/?limit=100');
    const viaPrefix = await at('agora.test', '/c/demo/api/v2/feature/?limit=100');
    expect(viaDomain.statusCode, viaDomain.body).toBe(200);
    expect(viaDomain.json().results).toEqual(viaPrefix.json().results);
  });

  it('reaches the member API as the caller, case and port of the Host aside', async () => {
    const me = await at('Forum.Example.org:8443', '/api/v2/user/me/', member.bearer);
    expect(me.statusCode, me.body).toBe(200);
    expect(me.json()).toMatchObject({ username: 'walker' });
    const anonymous = await at(FORUM, '/api/v2/user/me/');
    expect(anonymous.statusCode).toBe(401);
  });

  it("reaches the community's OAuth token endpoint and its pages", async () => {
    const clientId = await ensureMemberClient(t.db, demoId);
    const token = await t.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      ...form(
        { grant_type: 'password', client_id: clientId, username: 'walker', password: 'walker-password-1' },
        { host: FORUM },
      ),
    });
    expect(token.statusCode, token.body).toBe(200);
    const bearer = { authorization: `Bearer ${token.json().access_token}` };
    expect((await at(FORUM, '/api/v2/user/me/', bearer)).json()).toMatchObject({ username: 'walker' });

    const home = await at(FORUM, '/');
    const homeViaPrefix = await at('agora.test', '/c/demo/');
    expect(home.statusCode).toBe(homeViaPrefix.statusCode);
    expect(home.headers['content-type']).toBe(homeViaPrefix.headers['content-type']);
  });

  it('answers a clear 404 for a host that serves no community, and keeps each domain to its community', async () => {
    const unknown = await at('nobody.example.net', '/api/v2/feature/');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.headers['content-type']).toContain('application/json');
    expect(unknown.json().errors[0]).toMatchObject({
      code: 'not_found',
      message: 'No community is served at nobody.example.net.',
    });
    // The console's API and other communities are not reachable through a community's domain.
    expect((await at(FORUM, '/platform/api/v1/stacks/', admin.bearer)).statusCode).toBe(404);
    expect((await at(FORUM, '/c/other/api/v2/feature/')).statusCode).toBe(404);
  });

  it("keeps the deployment's own host (PUBLIC_URL, localhost, 127.0.0.1) on the console and /c/{slug}", async () => {
    for (const host of ['agora.test', 'localhost:4321', '127.0.0.1:4321', '[::1]:4321']) {
      const stacks = await at(host, '/platform/api/v1/stacks/', admin.bearer);
      expect(stacks.statusCode, host).toBe(200);
      expect((await at(host, '/c/demo/api/v2/feature/')).statusCode, host).toBe(200);
      expect((await at(host, '/api/v2/feature/')).statusCode, host).toBe(404);
    }
  });

  it('writes back the addresses of the domain the caller used: page links, the OAuth issuer, the consent cookie', async () => {
    const paged = (await at(FORUM, '/api/v2/feature/?limit=1')).json();
    expect(paged.next).toBe(`http://${FORUM}/api/v2/feature/?limit=1&offset=1`);
    const second = await at(`${FORUM}:8443`, new URL(paged.next).pathname + '?limit=1&offset=1');
    expect(second.json().previous).toBe(`http://${FORUM}:8443/api/v2/feature/?limit=1&offset=0`);
    // The deployment's own address keeps PUBLIC_URL and the prefix.
    expect((await at('agora.test', '/c/demo/api/v2/feature/?limit=1')).json().next).toBe(
      'http://agora.test/c/demo/api/v2/feature/?limit=1&offset=1',
    );
    // Only a numeric port is written back: the rest of a Host header is the caller's.
    const forged = (await at(`${FORUM}:1@evil.example`, '/api/v2/feature/?limit=1')).json();
    expect(forged.next ?? '').not.toContain('evil');

    // RFC 8414 §3.3: the issuer is the address the client discovered the metadata from.
    const metadata = await at(FORUM, '/.well-known/oauth-authorization-server');
    expect(metadata.statusCode).toBe(200);
    expect(metadata.json()).toMatchObject({
      issuer: `http://${FORUM}`,
      authorization_endpoint: `http://${FORUM}/oauth/authorize/`,
      token_endpoint: `http://${FORUM}/oauth/token/`,
    });
    expect((await at('agora.test', '/.well-known/oauth-authorization-server/c/demo')).json().issuer).toBe(
      'http://agora.test/c/demo',
    );

    // The consent page's cookie is scoped to the path the browser used, so its form post carries it.
    const app = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/oauth_apps/add/',
      headers: admin.bearer,
      payload: {
        client_type: 'public',
        name: 'Forum app',
        grant_types: ['authorization_code'],
        redirect_uris: 'https://app.example/cb',
      },
    });
    expect(app.statusCode, app.body).toBe(200);
    const query = new URLSearchParams({
      response_type: 'code',
      client_id: app.json().data.client_id,
      redirect_uri: 'https://app.example/cb',
      state: 'st',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    });
    const page = await at(FORUM, `/oauth/authorize/?${query}`, { accept: 'text/html' });
    expect(page.statusCode, page.body).toBe(200);
    expect(String(page.headers['set-cookie'])).toContain('Path=/oauth/authorize/;');
    const viaPrefix = await at('agora.test', `/c/demo/oauth/authorize/?${query}`, { accept: 'text/html' });
    expect(String(viaPrefix.headers['set-cookie'])).toContain('Path=/c/demo/oauth/authorize/;');
  });

  it('moves with the domain: the old one stops at once, the new one serves after the restart', async () => {
    expect((await saveDomain('community.example.org')).statusCode).toBe(200);
    expect((await at(FORUM, '/api/v2/feature/')).statusCode).toBe(404);
    expect((await at('community.example.org', '/api/v2/feature/')).statusCode).toBe(503);
    await finishRestart();
    expect((await at('community.example.org', '/api/v2/feature/')).statusCode).toBe(200);

    expect((await saveDomain('')).statusCode).toBe(200);
    await finishRestart();
    expect((await at('community.example.org', '/api/v2/feature/')).statusCode).toBe(404);
  });
});
