import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { QueryCounter } from '../../test-support/query-counter.ts';
import {
  communityWithRoles,
  errorsOf,
  form,
  setFlag,
  signIn,
  type RolesFixture,
} from '../../test-support/fixtures.ts';
import { stackPaths } from '@agora/contract';
import '../../modules/auth/auth.tables.ts';
import '../../modules/user-moderation/user-moderation.tables.ts';

// Issue 11 §3, ADR 0013 and 0015: the community guard answers who the caller is, their role and
// standing, the second-factor rule and the community's flags in ONE statement, and keeps the answer
// until a committed write could change it, so whatever changes them is seen by the very next call.

const counter = new QueryCounter();
let t: TestApp;
let cast: RolesFixture;
beforeAll(async () => {
  t = await buildTestApp({ queryCounter: counter });
  cast = await communityWithRoles(t, ADMIN_PASSWORD);
});
afterAll(() => t.close());

const STACK = '/c/demo/platform/api/v1/stack/';
const TAGS = '/c/demo/platform/api/v1/tags/?type=user';
const STAFF_LIST = '/c/demo/platform/api/v1/users/get_staff_list/';

const get = (url: string, bearer: { authorization: string }) =>
  t.app.inject({ method: 'GET', url, headers: bearer });

/** The statements one call sends, and its answer. */
async function counted(url: string, bearer: { authorization: string }) {
  let status = 0;
  const queries = await counter.during(async () => {
    status = (await get(url, bearer)).statusCode;
  });
  return { status, queries };
}

/** A write the guard does not read, through the app's own database (it empties nothing). */
const unrelatedWrite = () => t.db.updateTable('jobs').set({ attempts: 0 }).where('id', '=', -1).execute();

/** A write to a table the guard reads (nothing changes, but the cache cannot know it). */
const guardTableWrite = () =>
  t.db.updateTable('stacks').set({ name: 'Demo' }).where('slug', '=', 'no-such-community').execute();

describe('the community guard costs one query, then none until a write', () => {
  it('reads the caller, the role, the standing, the second factor and the flags in one statement', async () => {
    await guardTableWrite();
    // The community's own description reads nothing more: the guard's one statement is the whole call.
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 1 });
    expect(await counted(STACK, cast.moderator.bearer)).toEqual({ status: 200, queries: 1 });
  });

  it('answers a repeated call from the cache, and reads again after a write to what it read', async () => {
    await guardTableWrite();
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 1 });
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 0 });
    // The moderator's answer is kept too; the route's role check still refuses what it may not call.
    expect(await counted(STACK, cast.moderator.bearer)).toEqual({ status: 200, queries: 1 });
    expect(await counted(STAFF_LIST, cast.moderator.bearer)).toEqual({ status: 403, queries: 0 });
    await unrelatedWrite();
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 0 });
    await guardTableWrite();
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 1 });
  });

  it('refuses in one statement, and keeps no refusal: another community, a role, a flag, a token', async () => {
    await guardTableWrite();
    // Not staff of that community: read every time, so an account cannot fill the cache with slugs.
    expect(await counted(STACK, cast.owner.bearer)).toEqual({ status: 404, queries: 1 });
    expect(await counted(STACK, cast.owner.bearer)).toEqual({ status: 404, queries: 1 });
    expect(await counted(STAFF_LIST, cast.moderator.bearer)).toEqual({ status: 403, queries: 1 });
    const dead = { authorization: 'Bearer agat_not-a-token' };
    expect(await counted(STACK, dead)).toEqual({ status: 401, queries: 1 });
    expect(await counted(STACK, dead)).toEqual({ status: 401, queries: 1 });
    await setFlag(t, cast.admin, cast.demoId, 'tagging', false);
    expect(await counted(TAGS, cast.admin.bearer)).toEqual({ status: 403, queries: 1 });
    await setFlag(t, cast.admin, cast.demoId, 'tagging', true);
  });
});

describe('what changes is seen by the very next call', () => {
  it('a revoked token', async () => {
    const session = await signIn(t.app, 'ed', 'editor-password-1');
    expect((await get(STACK, session.bearer)).statusCode).toBe(200);
    const revoked = await t.app.inject({
      method: 'POST',
      url: '/oauth/revoke_token/',
      ...form({ token: session.access, client_id: session.clientId }),
    });
    expect(revoked.statusCode).toBe(200);
    const next = await get(STACK, session.bearer);
    expect(next.statusCode).toBe(401);
    expect(errorsOf(next.body)[0]?.code).toBe('invalid_token');
  });

  it('an account switched off, even directly in the database, on the hub and in the community', async () => {
    const ed = await signIn(t.app, 'ed', 'editor-password-1');
    const hub = () => get(stackPaths.list, ed.bearer);
    expect((await hub()).statusCode).toBe(200);
    expect((await get(STACK, ed.bearer)).statusCode).toBe(200);
    const account = (active: boolean) =>
      t.db.updateTable('accounts').set({ is_active: active }).where('username', '=', 'ed').execute();
    await account(false);
    try {
      for (const next of [await hub(), await get(STACK, ed.bearer)]) {
        expect(next.statusCode).toBe(401);
        expect(errorsOf(next.body)[0]?.code).toBe('invalid_token');
      }
    } finally {
      await account(true);
    }
    expect((await get(STACK, ed.bearer)).statusCode).toBe(200);
  });

  it('a role change, and a removal from the staff', async () => {
    const manage = (body: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/users/manage_roles/',
        ...form(body, cast.admin.bearer),
      });
    const ed = await signIn(t.app, 'ed', 'editor-password-1');
    const roles = async () =>
      ((await get(STACK, ed.bearer)).json() as { data: { roles: string[] } }).data.roles;
    expect(await roles()).toEqual(['editor']);
    expect((await manage({ username: 'ed', role: 'moderator' })).statusCode).toBe(200);
    expect(await roles()).toEqual(['moderator']);
    expect((await manage({ username: 'ed', role: 'editor' })).statusCode).toBe(200);
    expect(await roles()).toEqual(['editor']);
    const removed = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/users/remove_staff/',
      ...form({ username: 'ed' }, cast.admin.bearer),
    });
    expect(removed.statusCode).toBe(200);
    expect((await get(STACK, ed.bearer)).statusCode).toBe(404);
  });

  it('a ban, and its end', async () => {
    const mod = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', cast.demoId)
      .where('username', '=', 'mod')
      .executeTakeFirstOrThrow();
    expect((await get(STACK, cast.moderator.bearer)).statusCode).toBe(200);
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', mod.id).execute();
    await t.db
      .insertInto('bans')
      .values({
        stack_id: cast.demoId,
        user_id: mod.id,
        status: 'banned',
        ban_start: t.clock.now(),
        ban_until: new Date(t.clock.now().getTime() + 60_000),
      })
      .execute();
    const refused = await get(STACK, cast.moderator.bearer);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('account_blocked');
    t.clock.advance(61);
    expect((await get(STACK, cast.moderator.bearer)).statusCode).toBe(200);
  });

  it('a switched feature flag', async () => {
    const features = async () =>
      ((await get(STACK, cast.admin.bearer)).json() as { data: { features: string[] } }).data.features;
    expect((await get(TAGS, cast.admin.bearer)).statusCode).toBe(200);
    expect(await features()).toContain('tagging');
    await setFlag(t, cast.admin, cast.demoId, 'tagging', false);
    const refused = await get(TAGS, cast.admin.bearer);
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('feature_disabled');
    // A nested flag is off while its group is.
    expect(await features()).not.toContain('tagging');
    expect(await features()).not.toContain('tagging_category');
    await setFlag(t, cast.admin, cast.demoId, 'tagging', true);
    expect((await get(TAGS, cast.admin.bearer)).statusCode).toBe(200);
    expect(await features()).toContain('tagging_category');
  });
});

// Last: it moves the clock past every session's life.
describe('what time alone ends', () => {
  it('a token that expires while its answer is kept', async () => {
    await guardTableWrite();
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 1 });
    expect(await counted(STACK, cast.admin.bearer)).toEqual({ status: 200, queries: 0 });
    // No write happens: the passing of time alone ends the token, and the kept answer with it.
    t.clock.advance(t.config.accessTokenTtlSeconds + 1);
    const expired = await get(STACK, cast.admin.bearer);
    expect(expired.statusCode).toBe(401);
    expect(errorsOf(expired.body)[0]?.code).toBe('invalid_token');
  });
});
