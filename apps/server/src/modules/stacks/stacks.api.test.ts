import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createStack,
  signIn,
  type SignedIn,
  stackBySlug,
} from '../../test-support/fixtures.ts';

let t: TestApp;
let admin: SignedIn;
let otherStackId: number;

beforeAll(async () => {
  t = await buildTestApp();
  // A second community run by someone else, and a user who is staff in both with different roles.
  const owner = await createAccount(t.db, 'owner', 'owner-password-1');
  otherStackId = await createStack(t.db, 'other', 'Other community');
  await addStaff(t.db, otherStackId, owner, 'owner', 'admin');
  const demo = await stackBySlug(t.db, 'demo');
  const pub = await createAccount(t.db, 'writer', 'writer-password-1');
  await addStaff(t.db, demo.id, pub, 'writer', 'publisher');
  await addStaff(t.db, otherStackId, pub, 'writer', 'moderator');
  await t.db
    .insertInto('stack_features')
    .values({ stack_id: demo.id, name: 'tagging', enabled: true })
    .execute();
  await t.db
    .insertInto('stack_features')
    .values({ stack_id: demo.id, name: 'moderation_ai', enabled: false })
    .execute();
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

describe('GET /platform/api/v1/stacks/', () => {
  it("lists the account's communities as the spec's Stack entity", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/', headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    const stacks = res.json().data;
    expect(stacks).toHaveLength(1);
    expect(stacks[0]).toMatchObject({
      slug: 'demo',
      communityName: 'Demo',
      communityType: 'community',
      roles: ['admin'],
      username: 'admin',
      internal_url: 'http://agora.test/c/demo',
      status: 'online',
    });
    // The demo runs the enterprise plan; a hub administrator switched the moderation bot off.
    expect(stacks[0].features).toContain('tagging');
    expect(stacks[0].features).toContain('app_settings');
    expect(stacks[0].features).not.toContain('moderation_ai');
    expect(typeof stacks[0].userId).toBe('number');
  });

  it('leaves out communities where the account only publishes', async () => {
    const writer = await signIn(t.app, 'writer', 'writer-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: writer.bearer,
    });
    expect(res.json().data.map((s: { slug: string }) => s.slug)).toEqual(['other']);
  });

  it('gives one community by id, and 404 for a community of someone else', async () => {
    const list = (
      await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/', headers: admin.bearer })
    ).json().data;
    const one = await t.app.inject({
      method: 'GET',
      url: `/platform/api/v1/stacks/${list[0].id}/`,
      headers: admin.bearer,
    });
    expect(one.json().data).toEqual(list[0]);
    const other = await t.app.inject({
      method: 'GET',
      url: `/platform/api/v1/stacks/${otherStackId}/`,
      headers: admin.bearer,
    });
    expect(other.statusCode).toBe(404);
    expect(other.json().errors[0].code).toBe('not_found');
  });
});

describe('a community API under its internal url', () => {
  it('answers the community as the caller sees it', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/stack/',
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ slug: 'demo', roles: ['admin'], communityName: 'Demo' });
  });

  it('answers 404 to a caller who is not staff there, the same as for an unknown slug', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/c/other/platform/api/v1/stack/',
      headers: admin.bearer,
    });
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/c/nowhere/platform/api/v1/stack/',
      headers: admin.bearer,
    });
    expect(other.statusCode).toBe(404);
    expect(unknown.statusCode).toBe(404);
    expect(other.json()).toEqual(unknown.json());
  });

  it('refuses console calls to a publisher with 403', async () => {
    const writer = await signIn(t.app, 'writer', 'writer-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/stack/',
      headers: writer.bearer,
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('permission_denied');
    const asModerator = await t.app.inject({
      method: 'GET',
      url: '/c/other/platform/api/v1/stack/',
      headers: writer.bearer,
    });
    expect(asModerator.json().data.roles).toEqual(['moderator']);
  });

  it('needs a signed-in caller', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/c/demo/platform/api/v1/stack/' });
    expect(res.statusCode).toBe(401);
  });
});

describe('single sign-on from a community', () => {
  async function issueTicket(bearer: { authorization: string }, slug = 'demo') {
    return t.app.inject({
      method: 'POST',
      url: `/c/${slug}/platform/api/v1/auth/sso_ticket/`,
      headers: bearer,
    });
  }
  const exchange = (ticket: string) =>
    t.app.inject({ method: 'POST', url: '/platform/api/v1/auth/sso/', payload: { ticket } });

  it('exchanges a ticket once for a console session in that community', async () => {
    const issued = await issueTicket(admin.bearer);
    expect(issued.statusCode).toBe(200);
    const { ticket, expires_in, platform_url } = issued.json().data;
    expect(expires_in).toBe(60);
    expect(platform_url).toBe(`http://agora.test/community/sso/?ticket=${encodeURIComponent(ticket)}`);

    const res = await exchange(ticket);
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.user.username).toBe('admin');
    expect(data.stack.slug).toBe('demo');
    const stacks = await t.app.inject({
      method: 'GET',
      url: '/platform/api/v1/stacks/',
      headers: { authorization: `Bearer ${data.token.access_token}` },
    });
    expect(stacks.statusCode).toBe(200);

    const again = await exchange(ticket);
    expect(again.statusCode).toBe(400);
    expect(again.json().errors[0]).toMatchObject({ code: 'invalid_ticket', field: 'ticket' });
  });

  it('refuses an expired or unknown ticket', async () => {
    const { ticket } = (await issueTicket(admin.bearer)).json().data;
    t.clock.advance(61);
    expect((await exchange(ticket)).json().errors[0].code).toBe('invalid_ticket');
    expect((await exchange('agsso_forged')).statusCode).toBe(400);
  });

  it('refuses a ticket whose user lost the staff role meanwhile', async () => {
    const writer = await signIn(t.app, 'writer', 'writer-password-1');
    const { ticket } = (await issueTicket(writer.bearer, 'other')).json().data;
    await t.db.updateTable('community_users').set({ role: null }).where('username', '=', 'writer').execute();
    expect((await exchange(ticket)).statusCode).toBe(400);
  });

  it('stores tickets only as digests', async () => {
    const { ticket } = (await issueTicket(admin.bearer)).json().data;
    const rows = await t.db.selectFrom('sso_tickets').select('ticket_hash').execute();
    expect(rows.some((r) => r.ticket_hash === ticket)).toBe(false);
  });
});
