import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  createAccount,
  createMember,
  errorsOf,
  form,
  memberSignIn,
  signIn,
} from '../../test-support/fixtures.ts';
import { signHsJwt } from '../../platform/crypto/hs-jwt.ts';

/**
 * The hand-off from a community to the console (ADR 0010): a console session is minted only from a
 * credential the member presented themselves, is bound to that community, and never reaches the hub.
 */
let t: TestApp;
let hubAdmin: SignedIn;
let dana: SignedIn;
let demoId: number;
let otherId: number;
let hubAdminMemberId: number;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const platformUrl = (headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: '/c/demo/api/v2/user/me/platform_url/', headers });
const toggleOtherFeature = (headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: `/platform/api/v1/stacks/${otherId}/features/`,
    headers,
    payload: { name: 'seo', enabled: false },
  });

/** A demo admin (not a hub admin) rotates the community's JWT key and signs a token for anyone. */
async function forgedJwtFor(userId: number): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/c/demo/platform/api/v1/configuration/jwt/refresh_secret/',
    headers: dana.bearer,
  });
  expect(res.statusCode).toBe(200);
  const key = res.json().data.jwt_secret_key as string;
  const exp = Math.floor(t.clock.now().getTime() / 1000) + 600;
  return signHsJwt({ user_id: userId, token_type: 'access', exp }, key);
}

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin: hubAdmin } = await communityFixture(t, ADMIN_PASSWORD));
  await addStaff(t.db, demoId, await createAccount(t.db, 'dana', 'dana-password-1'), 'dana', 'admin');
  dana = await signIn(t.app, 'dana', 'dana-password-1');
  const row = await t.db
    .selectFrom('community_users as u')
    .innerJoin('accounts as a', 'a.id', 'u.account_id')
    .select('u.id')
    .where('u.stack_id', '=', demoId)
    .where('a.username', '=', 'admin')
    .executeTakeFirstOrThrow();
  hubAdminMemberId = row.id;
});
afterAll(() => t.close());

describe('a server-to-server JWT never opens a console session', () => {
  it("refuses the reported escalation: a community admin's JWT for the hub admin's member row", async () => {
    const jwt = await forgedJwtFor(hubAdminMemberId);
    // The JWT is a valid member-API credential for that member...
    expect(
      (await t.app.inject({ method: 'POST', url: '/c/demo/api/v2/sso/signin/', headers: bearer(jwt) }))
        .statusCode,
    ).toBe(200);
    // ...but it is not the member signing in themselves: no console session.
    const res = await platformUrl(bearer(jwt));
    expect(res.statusCode).toBe(403);
    expect(errorsOf(res.body)[0]?.code).toBe('handoff_refused');
    expect(res.body).not.toContain('access_token');
    expect(res.body).not.toContain('agsso');
  });

  it("refuses a JWT for another staff member's account (no takeover)", async () => {
    const mod = await createAccount(t.db, 'moira', 'moira-password-1');
    await addStaff(t.db, demoId, mod, 'moira', 'moderator');
    const member = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('account_id', '=', mod)
      .executeTakeFirstOrThrow();
    const tickets = await t.db.selectFrom('sso_tickets').select('ticket_hash').execute();
    const res = await platformUrl(bearer(await forgedJwtFor(member.id)));
    expect(res.statusCode).toBe(403);
    // No ticket was issued either.
    expect(await t.db.selectFrom('sso_tickets').select('ticket_hash').execute()).toHaveLength(tickets.length);
  });
});

describe('a hand-off yields that community staff rights and nothing more', () => {
  it("binds the hub admin's own member sign-in to the community: no hub rights, no other community", async () => {
    // The hub admin signs in to the community with their own password (member password grant).
    const member = await memberSignIn(t.app, t.db, 'demo', 'admin', ADMIN_PASSWORD);
    const res = await platformUrl(member.bearer);
    expect(res.statusCode).toBe(200);
    const token = res.json().token_details;
    // Staff rights in demo hold.
    const flags = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/moderation/flags/',
      headers: bearer(token.access_token),
    });
    expect(flags.statusCode).toBe(200);
    // Hub rights do not: the same account's full session may, this one may not.
    const refused = await toggleOtherFeature(bearer(token.access_token));
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('community_session');
    expect((await toggleOtherFeature(hubAdmin.bearer)).statusCode).toBe(200);
    // Other communities are not even confirmed to exist.
    await addStaff(
      t.db,
      otherId,
      (
        await t.db
          .selectFrom('accounts')
          .select('id')
          .where('username', '=', 'admin')
          .executeTakeFirstOrThrow()
      ).id,
      'admin',
      'admin',
    );
    const other = await t.app.inject({
      method: 'GET',
      url: '/c/other/platform/api/v1/stack/',
      headers: bearer(token.access_token),
    });
    expect(other.statusCode).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: '/c/other/platform/api/v1/stack/',
          headers: hubAdmin.bearer,
        })
      ).statusCode,
    ).toBe(200);
    // The communities list shows the one it came from.
    const list = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: bearer(token.access_token),
    });
    expect(list.json().data.map((s: { slug: string }) => s.slug)).toEqual(['demo']);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/platform/api/v1/stacks/${otherId}/`,
          headers: bearer(token.access_token),
        })
      ).statusCode,
    ).toBe(404);
    // Nor through the other community's member API.
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/c/other/api/v2/sso/signin/',
          headers: bearer(token.access_token),
        })
      ).statusCode,
    ).toBe(401);

    // A refreshed token keeps the binding.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/oauth/token/',
      ...form({
        grant_type: 'refresh_token',
        client_id: 'agora-console',
        refresh_token: token.refresh_token,
      }),
    });
    expect(refreshed.statusCode).toBe(200);
    expect((await toggleOtherFeature(bearer(refreshed.json().access_token))).statusCode).toBe(403);
  });

  it('binds the SSO ticket exchange to the community and shows no hub permissions', async () => {
    const member = await memberSignIn(t.app, t.db, 'demo', 'admin', ADMIN_PASSWORD);
    const url = new URL((await platformUrl(member.bearer)).json().platform_url);
    const sso = await t.app.inject({
      method: 'POST',
      url: '/platform/api/v1/auth/sso/',
      ...form({ ticket: url.searchParams.get('ticket') as string }),
    });
    expect(sso.statusCode).toBe(200);
    const data = sso.json().data;
    expect(data.stack.slug).toBe('demo');
    expect(data.user.perms).toEqual([]);
    expect((await toggleOtherFeature(bearer(data.token.access_token))).statusCode).toBe(403);
  });

  it('lets a staff member hand their own console session over, still bound to the community', async () => {
    const res = await platformUrl(dana.bearer);
    expect(res.statusCode).toBe(200);
    const token = res.json().token_details.access_token as string;
    const stack = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/stack/',
      headers: bearer(token),
    });
    expect(stack.statusCode).toBe(200);
    const list = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: bearer(token),
    });
    expect(list.json().data.map((s: { slug: string }) => s.slug)).toEqual(['demo']);
  });

  it('still hands a member-made staff member into the console with their own password', async () => {
    await createMember(t.db, demoId, 'nora', 'nora-password-1', { role: 'editor' });
    const nora = await memberSignIn(t.app, t.db, 'demo', 'nora', 'nora-password-1');
    const res = await platformUrl(nora.bearer);
    expect(res.statusCode).toBe(200);
    const token = res.json().token_details.access_token as string;
    const stack = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/stack/',
      headers: bearer(token),
    });
    expect(stack.statusCode).toBe(200);
  });
});
