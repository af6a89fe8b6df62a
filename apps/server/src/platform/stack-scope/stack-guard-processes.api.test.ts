import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityWithRoles, type RolesFixture } from '../../test-support/fixtures.ts';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { STAFF_ACCESS_TTL_MS } from '../../composition/staff-access-cache.ts';
import '../../modules/users/users.tables.ts';

// Issue 11 §3, ADR 0015: several Agora processes share one PostgreSQL server. A process is told of
// its own writes only; what another process changes (here: a second connection pool with its own
// write feed, as a second process has) reaches this one's guard within one second.

const onServer = Boolean(process.env.TEST_DATABASE_URL);
const STACK = '/c/demo/platform/api/v1/stack/';

describe.runIf(onServer)('the community guard with another process on the same database', () => {
  let t: TestApp;
  let cast: RolesFixture;
  let other: DatabaseHandle;
  beforeAll(async () => {
    t = await buildTestApp();
    cast = await communityWithRoles(t, ADMIN_PASSWORD);
    other = await openDatabase({ databaseUrl: t.databaseUrl ?? '' });
  });
  afterAll(async () => {
    await other.close();
    await t.close();
  });

  const stackAs = (bearer: { authorization: string }) =>
    t.app.inject({ method: 'GET', url: STACK, headers: bearer });

  it('sees a removal from the staff made by the other process within one second', async () => {
    expect(STAFF_ACCESS_TTL_MS).toBeLessThan(1000);
    // Read twice: the second answer comes from this process's memory.
    expect((await stackAs(cast.moderator.bearer)).statusCode).toBe(200);
    expect((await stackAs(cast.moderator.bearer)).statusCode).toBe(200);
    await other.db
      .updateTable('community_users')
      .set({ role: null })
      .where('stack_id', '=', cast.demoId)
      .where('username', '=', 'mod')
      .execute();
    // The other process's write is not told here: the kept answer lives on for at most the cache's
    // time to live, counted from when it was read, which is under a second.
    await new Promise((resolve) => setTimeout(resolve, STAFF_ACCESS_TTL_MS + 20));
    const answer = await stackAs(cast.moderator.bearer);
    expect(answer.statusCode).toBe(404);
  });
});
