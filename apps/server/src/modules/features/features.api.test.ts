import { FEATURE_NAMES, LIVE_FEATURE_NAMES } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { setFeature } from './features.repository.ts';
import {
  addStaff,
  createAccount,
  createStack,
  form,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';

const LIST = '/platform/api/v1/features/list_enabled/';

let t: TestApp;
let admin: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;
let publisher: SignedIn;
let demoId: number;
let goId: number;

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  // A community on the 'go' plan (the default) run by an account that is not a hub administrator.
  const ownerId = await createAccount(t.db, 'owner', 'owner-password-1');
  goId = await createStack(t.db, 'small', 'Small community');
  await addStaff(t.db, goId, ownerId, 'owner', 'admin');
  await addStaff(t.db, demoId, await createAccount(t.db, 'mo', 'moderator-password-1'), 'mo', 'moderator');
  await addStaff(t.db, demoId, await createAccount(t.db, 'pub', 'publisher-password-1'), 'pub', 'publisher');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  owner = await signIn(t.app, 'owner', 'owner-password-1');
  moderator = await signIn(t.app, 'mo', 'moderator-password-1');
  publisher = await signIn(t.app, 'pub', 'publisher-password-1');
});
afterAll(() => t.close());

async function listEnabled(slug: string, who: SignedIn): Promise<string[]> {
  const res = await t.app.inject({ method: 'GET', url: `/c/${slug}${LIST}`, headers: who.bearer });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as string[];
}

async function toggle(stackId: number, name: string, enabled: boolean | string, who: SignedIn = admin) {
  return t.app.inject({
    method: 'POST',
    url: `/platform/api/v1/stacks/${stackId}/features/`,
    ...form({ name, enabled: String(enabled) }, who.bearer),
  });
}

async function hubFlags(stackId: number, who: SignedIn = admin) {
  return t.app.inject({
    method: 'GET',
    url: `/platform/api/v1/stacks/${stackId}/features/`,
    headers: who.bearer,
  });
}

describe('GET features/list_enabled/', () => {
  it("gives the plan's flags: enterprise has every live one, 'go' lacks the paid ones", async () => {
    const demo = await listEnabled('demo', admin);
    expect([...demo].sort()).toEqual([...LIVE_FEATURE_NAMES].sort());
    const small = await listEnabled('small', owner);
    for (const name of [
      'seo',
      'stream_settings',
      'social_share',
      'google_cloud_api',
      'registration_alerts',
    ]) {
      expect(small, name).toContain(name);
    }
    for (const name of ['webhook', 'api_v2', 'app_settings', 'payments', 'payments_orders', 'live_stream']) {
      expect(small, name).not.toContain(name);
    }
  });

  it('answers any console role, but not a publisher nor another community (404)', async () => {
    expect(await listEnabled('demo', moderator)).toContain('seo');
    const pub = await t.app.inject({ method: 'GET', url: `/c/demo${LIST}`, headers: publisher.bearer });
    expect(pub.statusCode).toBe(403);
    const other = await t.app.inject({ method: 'GET', url: `/c/small${LIST}`, headers: moderator.bearer });
    expect(other.statusCode).toBe(404);
    const anonymous = await t.app.inject({ method: 'GET', url: `/c/demo${LIST}` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('hub: GET and POST stacks/{id}/features/', () => {
  it('gives every flag of a community to a hub administrator', async () => {
    const res = await hubFlags(goId);
    expect(res.statusCode).toBe(200);
    const flags = res.json().data as Record<string, boolean>;
    expect(Object.keys(flags).sort()).toEqual([...FEATURE_NAMES].sort());
    expect(flags.webhook).toBe(false);
    expect(flags.seo).toBe(true);
  });

  it('refuses an account without hub.admin (403), even the community admin, and changes nothing', async () => {
    expect((await hubFlags(goId, owner)).statusCode).toBe(403);
    const res = await toggle(goId, 'seo', false, owner);
    expect(res.statusCode).toBe(403);
    expect(res.json().errors[0].code).toBe('permission_denied');
    expect(await listEnabled('small', owner)).toContain('seo');
    expect((await toggle(demoId, 'seo', false, moderator)).statusCode).toBe(403);
    expect(await listEnabled('demo', admin)).toContain('seo');
    const anonymous = await t.app.inject({ method: 'GET', url: `/platform/api/v1/stacks/${goId}/features/` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses an unknown flag (400) and an unknown community (404)', async () => {
    const unknown = await toggle(demoId, 'time_travel', true);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errors[0].field).toBe('name');
    const badValue = await toggle(demoId, 'seo', 'perhaps');
    expect(badValue.statusCode).toBe(400);
    expect((await toggle(999_999, 'seo', true)).statusCode).toBe(404);
    expect((await hubFlags(999_999)).statusCode).toBe(404);
  });

  it('switches a flag off and on; the community sees it at once', async () => {
    const off = await toggle(demoId, 'registration_alerts', false);
    expect(off.statusCode).toBe(200);
    expect(off.json().data.registration_alerts).toBe(false);
    expect(await listEnabled('demo', moderator)).not.toContain('registration_alerts');
    const on = await t.app.inject({
      method: 'POST',
      url: `/platform/api/v1/stacks/${demoId}/features/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'registration_alerts', enabled: true }),
    });
    expect(on.statusCode).toBe(200);
    expect(await listEnabled('demo', moderator)).toContain('registration_alerts');
  });

  it("unlocks a flag that the plan lacks: app_settings on a 'go' community", async () => {
    expect(await listEnabled('small', owner)).not.toContain('app_settings');
    expect((await toggle(goId, 'app_settings', true)).statusCode).toBe(200);
    expect(await listEnabled('small', owner)).toContain('app_settings');
    // The other community is untouched.
    expect((await toggle(demoId, 'app_settings', false)).statusCode).toBe(200);
    expect(await listEnabled('small', owner)).toContain('app_settings');
    expect((await toggle(demoId, 'app_settings', true)).statusCode).toBe(200);
    expect((await toggle(goId, 'app_settings', false)).statusCode).toBe(200);
    expect(await listEnabled('small', owner)).not.toContain('app_settings');
  });

  it('turns nested flags off with their parent, keeping their own choice for when it returns', async () => {
    expect(await listEnabled('demo', admin)).toEqual(
      expect.arrayContaining(['tagging_category', 'tagging_content']),
    );
    expect((await toggle(demoId, 'tagging', false)).statusCode).toBe(200);
    const enabled = await listEnabled('demo', admin);
    expect(enabled).not.toContain('tagging');
    expect(enabled).not.toContain('tagging_category');
    expect(enabled).not.toContain('tagging_content');
    // The nested flags keep their own value.
    expect((await hubFlags(demoId)).json().data.tagging_category).toBe(true);
    expect((await toggle(demoId, 'tagging_content', false)).statusCode).toBe(200);
    expect((await toggle(demoId, 'tagging', true)).statusCode).toBe(200);
    const back = await listEnabled('demo', admin);
    expect(back).toContain('tagging_category');
    expect(back).not.toContain('tagging_content');
    await toggle(demoId, 'tagging_content', true);
  });

  it('refuses to switch a flag of an area not built yet (400) and keeps it off, whatever is stored', async () => {
    for (const name of ['payments', 'payments_settings', 'grouping', 'data_provisioning_interests']) {
      for (const enabled of [true, false]) {
        const res = await toggle(demoId, name, enabled);
        expect(res.statusCode, `${name}=${enabled}`).toBe(400);
        const error = res.json().errors[0];
        expect(error).toMatchObject({ code: 'invalid', field: 'name' });
        expect(error.message).toContain(`"${name}" belongs to an area Agora does not have yet`);
      }
    }
    // An enterprise community, where the plan would unlock them, and a choice stored before: still off.
    await setFeature(t.db, demoId, 'grouping', true);
    const flags = (await hubFlags(demoId)).json().data as Record<string, boolean>;
    expect(flags.grouping).toBe(false);
    expect(flags.payments).toBe(false);
    const enabled = await listEnabled('demo', admin);
    expect(enabled).not.toContain('grouping');
    expect(enabled).not.toContain('payments_settings');
    expect(enabled).toContain('data_provisioning_users');
  });

  it('makes guarded preference writes follow the flag', async () => {
    const write = () =>
      t.app.inject({
        method: 'POST',
        url: '/c/small/platform/api/v1/dynamic_preference/update/',
        ...form({ name: 'meta_robots', value: 'noindex' }, owner.bearer),
      });
    expect((await write()).statusCode).toBe(200);
    await toggle(goId, 'seo', false);
    const refused = await write();
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('feature_disabled');
    await toggle(goId, 'seo', true);
    expect((await write()).statusCode).toBe(200);
  });
});
