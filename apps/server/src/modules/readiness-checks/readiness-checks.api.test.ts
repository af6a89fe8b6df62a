import { READINESS_CHECKS, type ReadinessConfiguration } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { addStaff, createAccount, createStack, signIn, type SignedIn } from '../../test-support/fixtures.ts';
import { createDynamicPreferencesService } from '../dynamic-preferences/dynamic-preferences.service.ts';
import '../../platform/jobs/jobs.tables.ts';
import '../mail-server/mail-server.tables.ts';
import '../domain-settings/domain-settings.tables.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';
const SECRET_KEY = 'readiness-checks-test-secret-key';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp({ env: { AGORA_SECRET_KEY: SECRET_KEY } });
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  const otherId = await createStack(t.db, 'other', 'Other community');
  await addStaff(t.db, otherId, await createAccount(t.db, 'owner', 'owner-password-1'), 'owner', 'admin');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(() => t.close());

const configuration = async (who: SignedIn = admin, base = BASE) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `${base}/checks/configuration/`,
    headers: who.bearer,
  });
  return res;
};

/** Every check's state, by id. */
async function states(): Promise<Record<string, boolean | null>> {
  const res = await configuration();
  expect(res.statusCode, res.body).toBe(200);
  const data = res.json().data as ReadinessConfiguration;
  return Object.fromEntries(
    [...data.required, ...data.recommended, ...data.best_practices].map((check) => [check.id, check.ok]),
  );
}

async function updateMulti(body: Record<string, unknown>) {
  const res = await t.app.inject({
    method: 'POST',
    url: `${BASE}/dynamic_preference/update_multi/`,
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
  expect(res.statusCode, res.body).toBe(200);
}

const monitoring = (who: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: `${BASE}/checks/monitoring/`, headers: who.bearer });

describe('readiness checks: configuration', () => {
  it('lists every check in its group with the screen that fixes it; a fresh community passes little', async () => {
    const res = await configuration();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const data = res.json().data as ReadinessConfiguration;
    for (const group of ['required', 'recommended', 'best_practices'] as const) {
      expect(data[group].map((c) => [c.id, c.link])).toEqual(Object.entries(READINESS_CHECKS[group]));
    }
    expect(data.required).toEqual([
      { id: 'logo', ok: false, link: '/theme/logo', note: null },
      { id: 'application_name', ok: false, link: '/theme/title_and_slogan', note: null },
      // Posts and discussions are on by default.
      { id: 'content_types', ok: true, link: '/content_settings', note: null },
    ]);
    const legal = data.recommended.find((c) => c.id === 'legal_pages');
    // The demo ships its terms of service and privacy policy.
    expect(legal).toEqual({ id: 'legal_pages', ok: true, link: '/pages/legal', note: null });
    expect(await states()).toEqual({
      logo: false,
      application_name: false,
      content_types: true,
      mail_server: false,
      seo: false,
      slogan: false,
      cover_image: false,
      categories: false,
      legal_pages: true,
      staff: false,
      custom_domain: false,
      default_avatar: false,
      tag_manager: false,
      jwt_key: false,
      app_icon: false,
    });
  });

  it('turns each check ok when the community state changes', async () => {
    const preferences = createDynamicPreferencesService({
      db: t.db,
      clock: t.clock,
      secretBox: createSecretBox(SECRET_KEY),
    });
    await preferences.setSystemValue(demoId, 'navbar_logo', '/media/demo/logo.png', null);
    expect((await states()).logo).toBe(true);

    await updateMulti({ application_name: 'Demo', application_slogan1: 'Where we meet' });
    let now = await states();
    expect([now.application_name, now.slogan]).toEqual([true, true]);

    await updateMulti({ meta_title_home_not_logged: 'Demo community' });
    expect((await states()).seo).toBe(false);
    await updateMulti({ meta_description: 'A place to talk' });
    expect((await states()).seo).toBe(true);

    await updateMulti({
      post_type_enabled: false,
      discussion_type_enabled: false,
      status_type_enabled: false,
    });
    expect((await states()).content_types).toBe(false);
    await updateMulti({ status_type_enabled: true });
    expect((await states()).content_types).toBe(true);

    await preferences.setSystemValue(demoId, 'cover_3_hp_m1920', '/media/demo/cover.jpg', null);
    await preferences.setSystemValue(demoId, 'user_default_avatar', '/media/demo/avatar.png', null);
    await preferences.setSystemValue(demoId, 'app_icon', '/media/demo/icon.png', null);
    await updateMulti({ tag_manager_container_id: 'GTM-ABC123' });
    now = await states();
    expect([now.cover_image, now.default_avatar, now.app_icon, now.tag_manager]).toEqual([
      true,
      true,
      true,
      true,
    ]);

    const jwt = await t.app.inject({
      method: 'POST',
      url: `${BASE}/configuration/jwt/refresh_secret/`,
      headers: admin.bearer,
    });
    expect(jwt.statusCode, jwt.body).toBe(200);
    expect((await states()).jwt_key).toBe(true);

    // No category yet, then one: deleting the only category brings the check back.
    const added = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/categories/add/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'General' }),
    });
    expect(added.statusCode, added.body).toBe(200);
    expect((await states()).categories).toBe(true);
    const removed = await t.app.inject({
      method: 'POST',
      url: `/c/demo/platform/api/v1/categories/${added.json().data.id}/delete/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await states()).categories).toBe(false);
    await t.db
      .insertInto('categories')
      .values({ stack_id: demoId, name: 'Welcome', slug: 'welcome' })
      .execute();

    // A member without a role is not staff; another staff user is.
    await addStaff(t.db, demoId, null, 'member', null);
    expect((await states()).staff).toBe(false);
    await addStaff(t.db, demoId, await createAccount(t.db, 'ed', 'editor-password-1'), 'ed', 'editor');
    expect((await states()).staff).toBe(true);
    await addStaff(t.db, demoId, await createAccount(t.db, 'mo', 'moderator-password-1'), 'mo', 'moderator');

    await t.db
      .insertInto('mail_servers')
      .values({
        stack_id: demoId,
        host: 'smtp.example.com',
        port: 587,
        use_tls: true,
        use_ssl: false,
        username: 'mailer',
        password_sealed: null,
        from_email: 'noreply@example.com',
        from_name: 'Demo',
        sender: 'default',
        updated_at: t.clock.now(),
      })
      .execute();
    expect((await states()).mail_server).toBe(false);
    await t.db.updateTable('mail_servers').set({ sender: 'custom' }).where('stack_id', '=', demoId).execute();
    expect((await states()).mail_server).toBe(true);

    await t.db
      .insertInto('stack_domains')
      .values({ stack_id: demoId, domain: 'community.example.com', updated_at: t.clock.now() })
      .execute();
    now = await states();
    expect(now.custom_domain).toBe(true);
    expect(Object.entries(now).filter(([, ok]) => ok !== true)).toEqual([]);

    // Without published legal pages the check fails; terms of service alone is not enough: members must also find the privacy policy.
    for (const table of ['legal_page_acks', 'legal_page_versions', 'legal_pages'] as const) {
      await t.db.deleteFrom(table).where('stack_id', '=', demoId).execute();
    }
    expect((await states()).legal_pages).toBe(false);
    for (const [policy, done] of [
      ['tec', false],
      ['privacy', true],
    ] as const) {
      const added = await t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/legal_pages/add/',
        headers: { ...admin.bearer, 'content-type': 'application/json' },
        payload: JSON.stringify({ policy, label: policy, html_body: '<p>What members accept.</p>' }),
      });
      expect(added.statusCode, added.body).toBe(200);
      expect((await states()).legal_pages).toBe(done);
    }
  });

  // The readiness checks are the admin's area (AREA_ROLES, spec mgmt §6 "full control").
  it("is the admin's only, and hides other communities", async () => {
    editor = await signIn(t.app, 'ed', 'editor-password-1');
    moderator = await signIn(t.app, 'mo', 'moderator-password-1');
    expect((await configuration()).statusCode).toBe(200);
    for (const who of [editor, moderator]) {
      expect((await configuration(who)).statusCode).toBe(403);
      expect((await monitoring(who)).statusCode).toBe(403);
    }
    expect((await configuration(admin, OTHER)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: `${BASE}/checks/configuration/` })).statusCode).toBe(
      401,
    );
    const post = await t.app.inject({
      method: 'POST',
      url: `${BASE}/checks/configuration/`,
      headers: admin.bearer,
    });
    expect(post.statusCode).toBe(405);
  });
});

describe('readiness checks: monitoring', () => {
  it('reports the database, the job queue of the community and how its mail is sent', async () => {
    await t.db.deleteFrom('mail_servers').where('stack_id', '=', demoId).execute();
    let res = await monitoring();
    expect(res.statusCode, res.body).toBe(200);
    let data = res.json().data;
    expect(data.database.ok).toBe(true);
    expect(data.database.latency_ms).toBeGreaterThanOrEqual(0);
    expect(data.jobs).toEqual({ ok: true, available: true, failed_last_24h: 0, oldest_due_seconds: null });
    expect(data.mail).toEqual({ ok: false, sender: 'none' });
    expect(data.ok).toBe(false);
    expect(data.checked_at).toBe(t.clock.now().toISOString());

    const now = t.clock.now();
    const ago = (seconds: number) => new Date(now.getTime() - seconds * 1000);
    await t.db
      .insertInto('jobs')
      .values([
        // failed for good an hour ago: counts
        {
          stack_id: demoId,
          kind: 'test',
          payload: '{}',
          run_at: ago(3700),
          max_attempts: 1,
          failed_at: ago(3600),
        },
        // failed two days ago: too old to count
        {
          stack_id: demoId,
          kind: 'test',
          payload: '{}',
          run_at: ago(172_900),
          max_attempts: 1,
          failed_at: ago(172_800),
        },
        // due for ten minutes and not run yet
        { stack_id: demoId, kind: 'test', payload: '{}', run_at: ago(600), max_attempts: 1 },
        // due in the future, finished, or another community's: ignored
        { stack_id: demoId, kind: 'test', payload: '{}', run_at: ago(-600), max_attempts: 1 },
        {
          stack_id: demoId,
          kind: 'test',
          payload: '{}',
          run_at: ago(7200),
          max_attempts: 1,
          finished_at: ago(7000),
        },
        { stack_id: null, kind: 'test', payload: '{}', run_at: ago(9000), max_attempts: 1 },
      ])
      .execute();
    await t.db
      .insertInto('mail_servers')
      .values({
        stack_id: demoId,
        host: 'smtp.example.com',
        port: 587,
        use_tls: true,
        use_ssl: false,
        username: '',
        password_sealed: null,
        from_email: 'noreply@example.com',
        from_name: 'Demo',
        sender: 'custom',
        updated_at: now,
      })
      .execute();
    res = await monitoring();
    data = res.json().data;
    expect(data.jobs).toEqual({ ok: false, available: true, failed_last_24h: 1, oldest_due_seconds: 600 });
    expect(data.mail).toEqual({ ok: true, sender: 'custom' });
    expect(data.ok).toBe(false);

    await t.db.deleteFrom('jobs').execute();
    data = (await monitoring()).json().data;
    expect(data.jobs.ok).toBe(true);
    expect(data.ok).toBe(true);
  });
});

describe('readiness checks: monitoring with the platform mail server', () => {
  it('counts mail as delivered when the deployment has its own SMTP server', async () => {
    const withSmtp = await buildTestApp({ env: { AGORA_SMTP_URL: 'smtp://mailer:secret@127.0.0.1:2525' } });
    try {
      const signedIn = await signIn(withSmtp.app, 'admin', ADMIN_PASSWORD);
      const res = await withSmtp.app.inject({
        method: 'GET',
        url: `${BASE}/checks/monitoring/`,
        headers: signedIn.bearer,
      });
      expect(res.json().data.mail).toEqual({ ok: true, sender: 'platform' });
      expect(res.json().data.ok).toBe(true);
    } finally {
      await withSmtp.close();
    }
  });
});
