import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addStaff, createAccount, errorsOf, signIn, stackBySlug } from '../../test-support/fixtures.ts';
import '../../modules/scoring/scoring.tables.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('stack-scoped routes', () => {
  it('every route under a community declares the staff roles allowed to call it', () => {
    // Public member-facing routes (e.g. /c/:slug/media/…) live beside the admin API, outside the guard.
    const scoped = t.app.routeTable.entries.filter((r) => r.url.startsWith('/c/:slug/platform/'));
    expect(scoped.length).toBeGreaterThan(0);
    for (const route of scoped) {
      expect(route.roles, `${route.method} ${route.url} declares no roles`).toBeDefined();
      expect(route.roles?.length, `${route.method} ${route.url} allows nobody`).toBeGreaterThan(0);
    }
  });
});

describe('staff standing', () => {
  it('refuses the console to a staff member banned in the community, until the ban ends', async () => {
    const demo = await stackBySlug(t.db, 'demo');
    const userId = await addStaff(
      t.db,
      demo.id,
      await createAccount(t.db, 'mo', 'mo-password-1'),
      'mo',
      'moderator',
    );
    const mo = await signIn(t.app, 'mo', 'mo-password-1');
    const flags = () =>
      t.app.inject({ method: 'GET', url: '/c/demo/platform/api/v1/moderation/flags/', headers: mo.bearer });
    expect((await flags()).statusCode).toBe(200);

    await t.db.updateTable('community_users').set({ status: 'banned' }).where('id', '=', userId).execute();
    await t.db
      .insertInto('bans')
      .values({
        stack_id: demo.id,
        user_id: userId,
        status: 'banned',
        ban_start: t.clock.now(),
        ban_until: new Date(t.clock.now().getTime() + 3600_000),
      })
      .execute();
    const refused = await flags();
    expect(refused.statusCode).toBe(403);
    expect(errorsOf(refused.body)[0]?.code).toBe('account_blocked');
    // Nor is the community offered in the console's community list while the ban lasts.
    const slugs = async (bearer: { authorization: string }) =>
      (
        (await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/', headers: bearer })).json() as {
          data: { slug: string }[];
        }
      ).data.map((s) => s.slug);
    expect(await slugs(mo.bearer)).not.toContain('demo');

    t.clock.advance(3601);
    const again = await signIn(t.app, 'mo', 'mo-password-1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/moderation/flags/',
      headers: again.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(await slugs(again.bearer)).toContain('demo');
  });
});
