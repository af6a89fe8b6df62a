import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityFixture,
  createMember,
  errorsOf,
  form,
  memberSignIn,
  signIn,
} from '../../test-support/fixtures.ts';
import { signHsJwt } from '../../platform/crypto/hs-jwt.ts';
import { ensureMemberClient } from './member-auth.repository.ts';
import '../scoring/scoring.tables.ts';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let aliceId: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, owner } = await communityFixture(t, ADMIN_PASSWORD));
  aliceId = await createMember(t.db, demoId, 'alice', 'alice-password-1');
});
afterAll(() => t.close());

const signin = (slug: string, headers: Record<string, string>) =>
  t.app.inject({ method: 'POST', url: `/c/${slug}/api/v2/sso/signin/`, headers });

describe('member OAuth at /c/{slug}/oauth/token/', () => {
  it('signs a member in with the community client id and the token identifies them on /api/v2', async () => {
    const alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
    expect(alice.clientId).toMatch(/^community-demo-/);
    const res = await signin('demo', alice.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ id: aliceId, ext_id: null, username: 'alice', role: null, tags: [] });
    // The DRF-style scheme works too.
    expect((await signin('demo', { authorization: `Token ${alice.access}` })).statusCode).toBe(200);
  });

  it('shows the public client id to the console and refuses other clients', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/member_api/client/',
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(200);
    const client = res.json().data;
    expect(client.client_id).toBe(await ensureMemberClient(t.db, demoId));
    expect(client.token_url).toMatch(/\/c\/demo\/oauth\/token\/$/);

    const console = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      ...form({
        grant_type: 'password',
        client_id: 'agora-console',
        username: 'alice',
        password: 'alice-password-1',
      }),
    });
    expect(console.statusCode).toBe(401);
    expect(console.json().error).toBe('invalid_client');

    // The hub's token endpoint does not accept a community's member client.
    const hub = await t.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      ...form({
        grant_type: 'password',
        client_id: client.client_id,
        username: 'admin',
        password: ADMIN_PASSWORD,
      }),
    });
    expect(hub.statusCode).toBe(401);
  });

  it('rotates refresh tokens for members', async () => {
    const alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
    const res = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      ...form({ grant_type: 'refresh_token', client_id: alice.clientId, refresh_token: alice.refresh }),
    });
    expect(res.statusCode).toBe(200);
    const next = res.json();
    expect(next.access_token).not.toBe(alice.access);
    expect((await signin('demo', { authorization: `Bearer ${next.access_token}` })).statusCode).toBe(200);
  });

  it('refuses wrong passwords and members of another community', async () => {
    const clientId = await ensureMemberClient(t.db, demoId);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      ...form({ grant_type: 'password', client_id: clientId, username: 'alice', password: 'nope' }),
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toBe('invalid_grant');
    await createMember(t.db, otherId, 'bob', 'bob-password-1');
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      ...form({ grant_type: 'password', client_id: clientId, username: 'bob', password: 'bob-password-1' }),
    });
    expect(elsewhere.statusCode).toBe(400);
  });

  it('a member token of one community identifies nobody in another', async () => {
    const alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
    expect((await signin('other', alice.bearer)).statusCode).toBe(401);
    expect((await signin('nowhere', alice.bearer)).statusCode).toBe(404);
  });

  it('refuses pending and banned members, and lets a member in again once a ban has ended', async () => {
    await createMember(t.db, demoId, 'pat', 'pat-password-1', { status: 'pending' });
    await expect(memberSignIn(t.app, t.db, 'demo', 'pat', 'pat-password-1')).rejects.toThrow(
      /waiting for approval/,
    );
    const banned = await createMember(t.db, demoId, 'bart', 'bart-password-1');
    const session = await memberSignIn(t.app, t.db, 'demo', 'bart', 'bart-password-1');
    const until = new Date(t.clock.now().getTime() + 3 * 86_400_000);
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', banned).execute();
    await t.db
      .insertInto('bans')
      .values({
        stack_id: demoId,
        user_id: banned,
        status: 'banned',
        ban_start: t.clock.now(),
        ban_until: until,
      })
      .execute();
    const refused = await signin('demo', session.bearer);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('account_blocked');
    await expect(memberSignIn(t.app, t.db, 'demo', 'bart', 'bart-password-1')).rejects.toThrow(
      /blocked until/,
    );
    t.clock.advance(3 * 86_400 + 1);
    const again = await memberSignIn(t.app, t.db, 'demo', 'bart', 'bart-password-1');
    expect((await signin('demo', again.bearer)).statusCode).toBe(200);
  });
});

describe('server-to-server JWT and console tokens on /api/v2', () => {
  // Earlier tests move the clock by days: start fresh console sessions.
  beforeAll(async () => {
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    owner = await signIn(t.app, 'owner', 'owner-password-1');
  });
  async function jwtKey(): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/configuration/jwt/refresh_secret/',
      headers: admin.bearer,
    });
    return res.json().data.jwt_secret_key as string;
  }
  const now = () => Math.floor(t.clock.now().getTime() / 1000);

  it('accepts an HS256 JWT signed with the community key for an existing member', async () => {
    const key = await jwtKey();
    const token = signHsJwt(
      { user_id: aliceId, token_type: 'access', jti: 'x1', iat: now(), exp: now() + 3600 },
      key,
    );
    const res = await signin('demo', { authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().username).toBe('alice');
    // The same token means nothing in another community.
    expect((await signin('other', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
  });

  it('refuses expired, wrongly signed, unsigned and non-access JWTs', async () => {
    const key = await jwtKey();
    const claims = { user_id: aliceId, token_type: 'access', jti: 'x2', iat: now(), exp: now() + 60 };
    const bad = [
      signHsJwt({ ...claims, exp: now() - 1 }, key),
      signHsJwt(claims, 'another-key'),
      signHsJwt({ ...claims, token_type: 'refresh' }, key),
      signHsJwt(claims, key, 'HS512'),
      `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.x`,
    ];
    for (const token of bad) {
      expect((await signin('demo', { authorization: `Bearer ${token}` })).statusCode).toBe(401);
    }
    // After a key rotation the old key's tokens stop working.
    const old = signHsJwt(claims, key);
    await jwtKey();
    expect((await signin('demo', { authorization: `Bearer ${old}` })).statusCode).toBe(401);
  });

  it("a console token works for the community's staff and nowhere else", async () => {
    const res = await signin('demo', admin.bearer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ username: 'admin', role: 'admin' });
    expect((await signin('demo', owner.bearer)).statusCode).toBe(401);
    expect((await signin('demo', {})).statusCode).toBe(401);
  });
});

describe('GET /api/v2/user/me/platform_url/', () => {
  it('hands a staff member who joined as a member into the console of that community', async () => {
    await createMember(t.db, demoId, 'mona', 'mona-password-1', { role: 'moderator' });
    const mona = await memberSignIn(t.app, t.db, 'demo', 'mona', 'mona-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/api/v2/user/me/platform_url/?next=/moderation/flags/',
      headers: mona.bearer,
    });
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().platform_url);
    expect(url.pathname).toBe('/community/sso/');
    expect(url.searchParams.get('next')).toBe('/moderation/flags/');
    const sso = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/auth/sso/',
      ...form({ ticket: url.searchParams.get('ticket') as string }),
    });
    expect(sso.statusCode).toBe(200);
    expect(sso.json().data.stack.slug).toBe('demo');
    // The console token works on the console API of that community with the moderator's role.
    const token = sso.json().data.token.access_token as string;
    const flags = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/moderation/flags/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(flags.statusCode).not.toBe(403);
    expect(flags.statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/audit_log/',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(audit.statusCode).toBe(403);
  });

  it('is refused to members without a console role', async () => {
    const alice = await memberSignIn(t.app, t.db, 'demo', 'alice', 'alice-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/api/v2/user/me/platform_url/',
      headers: alice.bearer,
    });
    expect(res.statusCode).toBe(403);
  });
});
