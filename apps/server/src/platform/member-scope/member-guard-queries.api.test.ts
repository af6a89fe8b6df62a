import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { QueryCounter } from '../../test-support/query-counter.ts';
import {
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
  type CommunityFixture,
  type SignedIn,
} from '../../test-support/fixtures.ts';

// ADR 0013: the member API's guard finds the community, who an opaque token (a member's or a console
// one) is there and their standing in one statement, with no cache.

const counter = new QueryCounter();
let t: TestApp;
let cast: CommunityFixture;
let member: SignedIn;
let memberId: number;
let staffOnly: string;
beforeAll(async () => {
  t = await buildTestApp({ queryCounter: counter });
  cast = await communityFixture(t, ADMIN_PASSWORD);
  memberId = await createMember(t.db, cast.demoId, 'mia', 'mia-password-1');
  member = await memberSignIn(t.app, t.db, 'demo', 'mia', 'mia-password-1');
  // A staff-only member-API route without path parameters: its answer to a member is the guard's.
  const staffRoute = t.app.routeTable.entries.find(
    (r) =>
      r.method === 'GET' &&
      r.url.startsWith('/c/:slug/api/v2/') &&
      !r.url.slice('/c/:slug'.length).includes(':') &&
      Array.isArray(r.member),
  );
  staffOnly = staffRoute?.url.replace(':slug', 'demo') ?? '';
});
afterAll(() => t.close());

async function counted(url: string, bearer: { authorization: string }) {
  let status = 0;
  let body = '';
  const queries = await counter.during(async () => {
    const res = await t.app.inject({ method: 'GET', url, headers: bearer });
    status = res.statusCode;
    body = res.body;
  });
  return { status, queries, code: status >= 400 ? errorsOf(body)[0]?.code : undefined };
}

describe('the member API guard costs one query for an opaque token', () => {
  it('refuses in one statement: an unknown token, a member on a staff route, another community', async () => {
    expect(staffOnly).not.toBe('');
    expect(await counted(staffOnly, { authorization: 'Bearer agat_nobody' })).toMatchObject({
      status: 401,
      queries: 1,
    });
    expect(await counted(staffOnly, member.bearer)).toMatchObject({ status: 403, queries: 1 });
    // Another community's admin, with a console token: nobody here.
    expect(await counted(staffOnly, cast.owner.bearer)).toMatchObject({ status: 401, queries: 1 });
  });

  it('sees a ban on the very next call, in that one statement', async () => {
    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', memberId).execute();
    expect(await counted(staffOnly, member.bearer)).toEqual({
      status: 403,
      queries: 1,
      code: 'account_blocked',
    });
    await t.db.updateTable('community_users').set({ status: 'active' }).where('id', '=', memberId).execute();
    expect((await counted(staffOnly, member.bearer)).code).not.toBe('account_blocked');
  });
});
