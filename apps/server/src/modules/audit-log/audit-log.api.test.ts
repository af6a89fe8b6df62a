import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, form, type SignedIn } from '../../test-support/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import './audit-log.tables.ts';
import { csvCell } from './audit-log.service.ts';
import { summarizeDetails } from '../../platform/audit/audit-recorder.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';
const SMTP_PASSWORD = 'Sm7p-s3cret-pa55';
const API_KEY = 'AIza-very-secret-geocoding-key';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startTestSmtpServer({ users: { mailer: SMTP_PASSWORD } });
  ({ demoId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute();
});

const updateMulti = (body: Record<string, unknown>, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/dynamic_preference/update_multi/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const logOf = (query = '', who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/audit_log/${query}`, headers: who.bearer });
const rows = () => t.db.selectFrom('audit_log').selectAll().orderBy('id').execute();
const staffIdOf = async (username: string) =>
  (
    await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('username', '=', username)
      .executeTakeFirstOrThrow()
  ).id;

describe('recording', () => {
  it('records a settings change by the admin with actor, role, action, target and redacted secrets', async () => {
    const res = await updateMulti({ application_slogan1: 'Together', google_geocoding_api_key: API_KEY });
    expect(res.statusCode).toBe(200);
    const log = await logOf();
    expect(log.statusCode).toBe(200);
    const page = log.json().data;
    expect(page.count).toBe(1);
    const entry = page.results[0];
    expect(entry).toMatchObject({
      username: 'admin',
      community_user_id: await staffIdOf('admin'),
      role: 'admin',
      action: 'dynamic_preference.update_multi',
      method: 'POST',
      route: '/platform/api/v1/dynamic_preference/update_multi/',
      target: { stack: { id: demoId, slug: 'demo' }, params: {} },
      details: { body: { application_slogan1: 'Together', google_geocoding_api_key: '[redacted]' } },
      at: t.clock.now().toISOString(),
    });
    expect(entry.account_id).toEqual(expect.any(Number));
    expect(entry.ip).toBeTruthy();
    expect(log.body).not.toContain(API_KEY);
    expect(page.staff).toEqual([{ community_user_id: await staffIdOf('admin'), username: 'admin' }]);
  });

  it('redacts the password of a mail_server POST', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/mail_server/`,
      ...form(
        {
          sender: 'custom',
          host: '127.0.0.1',
          port: String(smtp.port),
          use_tls: 'false',
          use_ssl: 'false',
          username: 'mailer',
          password: SMTP_PASSWORD,
          from_email: 'news@demo.example',
          from_name: 'Demo News',
        },
        admin.bearer,
      ),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows();
    expect(row?.action).toBe('mail_server');
    expect(row?.details).toMatchObject({
      body: { password: '[redacted]', username: 'mailer', host: '127.0.0.1' },
    });
    expect(JSON.stringify(await rows())).not.toContain(SMTP_PASSWORD);
  });

  it('truncates large bodies to a 4 KB preview', async () => {
    const small = await updateMulti({ application_slogan1: 'short' });
    expect(small.statusCode).toBe(200);
    expect(summarizeDetails({ body: { a: 'b'.repeat(5000), password: 'p' } })).toMatchObject({
      truncated: true,
    });
    const preview = summarizeDetails({ body: { a: 'é'.repeat(5000) } }).preview as string;
    expect(Buffer.byteLength(preview)).toBeLessThanOrEqual(4096);
    expect(preview.length).toBeGreaterThan(1000);
    const [row] = await rows();
    expect(row?.details).toEqual({ body: { application_slogan1: 'short' } });
  });

  it('does not record reads, refused writes or failed writes', async () => {
    const read = await t.app.inject({
      method: 'GET',
      url: `${BASE}/features/list_enabled/`,
      headers: admin.bearer,
    });
    expect(read.statusCode).toBe(200);
    expect((await logOf()).statusCode).toBe(200);
    // An editor writes the theme's preferences, not the integrations' (spec mgmt §6).
    const refused = await updateMulti({ google_geocoding_api_key: 'Nope' }, editor);
    expect(refused.statusCode).toBe(403);
    const invalid = await updateMulti({ not_a_preference: 'x' });
    expect(invalid.statusCode).toBe(400);
    const elsewhere = await updateMulti({ application_slogan1: 'Nope' }, admin, OTHER);
    expect(elsewhere.statusCode).toBe(404);
    expect(await rows()).toEqual([]);
  });

  it('records the hub feature toggle in the community log', async () => {
    await t.db
      .updateTable('accounts')
      .set({ perms: JSON.stringify(['hub.admin']) })
      .where('username', '=', 'admin')
      .execute();
    const res = await t.app.inject({
      method: 'POST',
      url: `/platform/api/v1/stacks/${demoId}/features/`,
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'google_cloud_api', enabled: true }),
    });
    expect(res.statusCode).toBe(200);
    const [row] = await rows();
    expect(row).toMatchObject({ stack_id: demoId, role: 'hub_admin', action: 'stacks.features' });
  });
});

describe('GET audit_log/', () => {
  const insert = (
    at: Date,
    values: { user: number; username: string; role: string; action: string; body: unknown },
  ) =>
    t.db
      .insertInto('audit_log')
      .values({
        stack_id: demoId,
        at,
        account_id: null,
        community_user_id: values.user,
        username: values.username,
        role: values.role,
        action: values.action,
        method: 'POST',
        route: `/platform/api/v1/${values.action.replace(/\./g, '/')}/`,
        target: '{}',
        details: JSON.stringify({ body: values.body }),
        ip: '127.0.0.1',
      })
      .execute();

  /** Three entries on 2026-11-21 (a real write), 11-22 (admin) and 11-23 (a moderator). */
  async function seed() {
    expect((await updateMulti({ application_slogan1: 'One' })).statusCode).toBe(200);
    const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000);
    const adminId = await staffIdOf('admin');
    await insert(day(1), {
      user: adminId,
      username: 'admin',
      role: 'admin',
      action: 'dynamic_preference.update_multi',
      body: {},
    });
    await insert(day(2), {
      user: 999_999,
      username: 'mod',
      role: 'moderator',
      action: 'moderation.flags.hide',
      body: { motivation: '=HYPERLINK("http://evil")' },
    });
  }

  it('filters by staff, action prefix and period, and pages', async () => {
    await seed();
    const all = (await logOf()).json().data;
    expect(all.count).toBe(3);
    expect(all.results.map((e: { action: string }) => e.action)).toEqual([
      'moderation.flags.hide',
      'dynamic_preference.update_multi',
      'dynamic_preference.update_multi',
    ]);
    expect(all.staff.map((s: { username: string }) => s.username)).toEqual(['admin', 'mod']);

    expect((await logOf('?staff=999999')).json().data.count).toBe(1);
    expect((await logOf(`?staff=${await staffIdOf('admin')}`)).json().data.count).toBe(2);
    expect((await logOf('?action=moderation')).json().data.count).toBe(1);
    expect((await logOf('?action=dynamic_preference.update')).json().data.count).toBe(2);
    expect((await logOf('?action=%25')).json().data.count).toBe(0);
    expect((await logOf('?from=2026-11-22')).json().data.count).toBe(2);
    expect((await logOf('?to=2026-11-21')).json().data.count).toBe(1);
    expect((await logOf('?to=2026-11-21T09:00:00Z')).json().data.count).toBe(0);
    expect((await logOf('?from=2026-11-22&to=2026-11-22')).json().data.count).toBe(1);
    expect((await logOf('?from=nonsense')).statusCode).toBe(400);

    const first = (await logOf('?limit=2')).json().data;
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toContain('/c/demo/platform/api/v1/audit_log/?limit=2&offset=2');
    const second = (await logOf('?limit=2&offset=2')).json().data;
    expect(second.results).toHaveLength(1);
    expect(second.next).toBeNull();
    expect(second.previous).toContain('offset=0');
  });

  it('exports the filtered log as CSV with formula cells escaped', async () => {
    await seed();
    const res = await t.app.inject({
      method: 'GET',
      url: `${BASE}/audit_log/export/?action=moderation`,
      headers: admin.bearer,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toBe(
      'id,at,username,community_user_id,account_id,role,action,method,route,target,details,ip,status',
    );
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('mod,999999,,moderator,moderation.flags.hide,POST');
    expect(res.body).not.toMatch(/(^|,)[=+\-@]/m);
    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('+SUM(A1)')).toBe(`"'+SUM(A1)"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@cmd')).toBe(`"'@cmd"`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('plain')).toBe('plain');
  });
});

describe('permissions and immutability', () => {
  it('refuses the editor (403) and hides other communities (404)', async () => {
    expect((await logOf('', editor)).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `${BASE}/audit_log/export/`, headers: editor.bearer }))
        .statusCode,
    ).toBe(403);
    expect((await logOf('', admin, OTHER)).statusCode).toBe(404);
    expect((await logOf('', owner, OTHER)).statusCode).toBe(200);
  });

  it('cannot be modified through the API (405) and nothing is recorded', async () => {
    await updateMulti({ application_slogan1: 'Kept' });
    const [entry] = await rows();
    for (const method of ['PATCH', 'DELETE', 'PUT', 'POST'] as const) {
      for (const url of [`${BASE}/audit_log/`, `${BASE}/audit_log/${entry?.id}/`]) {
        const res = await t.app.inject({
          method,
          url,
          headers: { ...admin.bearer, 'content-type': 'application/json' },
          payload: '{}',
        });
        expect(res.statusCode).toBe(405);
        expect(res.json().errors[0].code).toBe('method_not_allowed');
      }
    }
    expect(await rows()).toHaveLength(1);
    await expect(
      t.db
        .updateTable('audit_log')
        .set({ username: 'x' } as never)
        .where('stack_id', '=', demoId)
        .execute(),
    ).rejects.toThrow(/cannot be changed/);
  });
});
