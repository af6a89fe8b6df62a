import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, form, type SignedIn } from '../../test-support/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import './audit-log.tables.ts';
import { csvCell } from './audit-csv.ts';
import { redactSecrets, summarizeDetails } from '../../platform/audit/audit-recorder.ts';

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
  await t.db.updateTable('community_users').set({ real_name: '' }).execute();
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
  it('records a settings change as an action by a named person, with before → after and no secret', async () => {
    await t.db
      .updateTable('community_users')
      .set({ real_name: 'Ada Admin' })
      .where('stack_id', '=', demoId)
      .where('username', '=', 'admin')
      .execute();
    expect((await updateMulti({ application_slogan1: 'Before' })).statusCode).toBe(200);
    const res = await updateMulti({ application_slogan1: 'Together', google_geocoding_api_key: API_KEY });
    expect(res.statusCode).toBe(200);
    const log = await logOf();
    expect(log.statusCode).toBe(200);
    const page = log.json().data;
    expect(page.count).toBe(2);
    const entry = page.results[0];
    expect(entry).toMatchObject({
      username: 'admin',
      community_user_id: await staffIdOf('admin'),
      role: 'admin',
      action: 'settings.update',
      read_only: false,
      actor: { id: await staffIdOf('admin'), username: 'admin', name: 'Ada Admin' },
      person: null,
      subject: 'several',
      method: 'POST',
      route: '/platform/api/v1/dynamic_preference/update_multi/',
      target: { stack: { id: demoId, slug: 'demo' }, params: {} },
      at: t.clock.now().toISOString(),
    });
    expect(entry.changes).toEqual([
      { field: 'application_slogan1', before: 'Before', after: 'Together' },
      { field: 'google_geocoding_api_key', before: '[redacted]', after: '[redacted]' },
    ]);
    expect(page.results[1].subject).toBe('text');
    expect(entry.account_id).toEqual(expect.any(Number));
    expect(entry.ip).toBeTruthy();
    expect(log.body).not.toContain(API_KEY);
    expect(JSON.stringify(await rows())).not.toContain(API_KEY);
  });

  it('never stores the value of a name/value pair whose name is a secret', () => {
    expect(redactSecrets({ name: 'jwt_secret_key', value: 'abc' })).toEqual({
      name: 'jwt_secret_key',
      value: '[redacted]',
    });
    expect(redactSecrets({ name: 'application_name', value: 'abc' })).toEqual({
      name: 'application_name',
      value: 'abc',
    });
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
    expect(row?.action).toBe('mail_server.update');
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
    expect(row?.details).toEqual({
      body: { application_slogan1: 'short' },
      before: { application_slogan1: expect.any(String) },
    });
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
    expect(row).toMatchObject({ stack_id: demoId, role: 'hub_admin', action: 'features.hub_toggle' });
  });
});

describe('GET audit_log/', () => {
  const insert = (
    at: Date,
    values: { user: number; username: string; role: string; route: string; body: unknown; params?: unknown },
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
        action: 'legacy.key',
        method: 'POST',
        route: values.route,
        target: JSON.stringify({ params: values.params ?? {} }),
        details: JSON.stringify({ body: values.body }),
        ip: '127.0.0.1',
      })
      .execute();

  /**
   * 2026-11-21 a real settings write by the admin; 11-22 the admin makes "ed" a moderator; 11-23 the
   * editor hides a flagged post with a formula as reason; 11-24 the editor signs in for analytics
   * (read-only). Inserted entries carry an old-style action key: the action is read from the route.
   */
  async function seed() {
    expect((await updateMulti({ application_slogan1: 'One' })).statusCode).toBe(200);
    const day = (n: number) => new Date(t.clock.now().getTime() + n * 86_400_000);
    const adminId = await staffIdOf('admin');
    const edId = await staffIdOf('ed');
    await insert(day(1), {
      user: adminId,
      username: 'admin',
      role: 'admin',
      route: '/platform/api/v1/users/manage_roles/',
      body: { username: 'ed', role: 'moderator' },
    });
    await insert(day(2), {
      user: edId,
      username: 'ed',
      role: 'editor',
      route: '/platform/api/v1/moderation/flags/:content_type/:content_id/',
      params: { content_type: 'post', content_id: '5' },
      body: { action: 'hide', motivation: '=HYPERLINK("http://evil")' },
    });
    await insert(day(3), {
      user: edId,
      username: 'ed',
      role: 'editor',
      route: '/platform/api/v1/auth/community_signin/',
      body: {},
    });
    return { adminId, edId };
  }

  it('names the person acted on', async () => {
    const { edId } = await seed();
    await t.db
      .updateTable('community_users')
      .set({ real_name: 'Edda Editor' })
      .where('id', '=', edId)
      .execute();
    const [role] = (await logOf(`?action=staff.assign_role`)).json().data.results;
    expect(role).toMatchObject({
      action: 'staff.assign_role',
      subject: 'moderator',
      actor: { username: 'admin' },
      person: { id: edId, username: 'ed', name: 'Edda Editor' },
    });
    expect(role.changes).toEqual(
      expect.arrayContaining([
        { field: 'username', before: null, after: 'ed' },
        { field: 'role', before: null, after: 'moderator' },
      ]),
    );
    expect(role.changes).toHaveLength(2);
  });

  it('filters by person, action, period and read-only events, and pages', async () => {
    const { adminId, edId } = await seed();
    const all = (await logOf()).json().data;
    expect(all.count).toBe(3);
    expect(all.results.map((e: { action: string }) => e.action)).toEqual([
      'moderation.flags',
      'staff.assign_role',
      'settings.update',
    ]);
    const withReads = (await logOf('?read_only=true')).json().data;
    expect(withReads.count).toBe(4);
    expect(withReads.results[0]).toMatchObject({ action: 'analytics.community_signin', read_only: true });

    expect((await logOf(`?person=${edId}`)).json().data.count).toBe(1);
    expect((await logOf(`?person=${edId}&read_only=true`)).json().data.count).toBe(2);
    expect((await logOf(`?person=${adminId}`)).json().data.count).toBe(2);
    expect((await logOf('?action=moderation.flags')).json().data.count).toBe(1);
    expect((await logOf('?action=settings.update')).json().data.count).toBe(1);
    expect((await logOf('?action=analytics.community_signin')).json().data.count).toBe(0);
    expect((await logOf('?action=analytics.community_signin&read_only=true')).json().data.count).toBe(1);
    expect((await logOf('?action=moderation')).statusCode).toBe(400);
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

  it('finds the people who made changes by part of their name, in this community only', async () => {
    await seed();
    await t.db
      .updateTable('community_users')
      .set({ real_name: 'Edda Editor' })
      .where('username', '=', 'ed')
      .execute();
    const people = (q: string, base = BASE, who = admin) =>
      t.app.inject({ method: 'GET', url: `${base}/audit_log/people/${q}`, headers: who.bearer });
    const everyone = (await people('')).json().data.results;
    expect(everyone.map((p: { username: string }) => p.username)).toEqual(['admin', 'ed']);
    expect((await people('?search=EDDA')).json().data.results).toEqual([
      { id: await staffIdOf('ed'), username: 'ed', name: 'Edda Editor' },
    ]);
    expect((await people('?search=%25')).json().data.results).toEqual([]);
    expect((await people('', OTHER, owner)).json().data.results).toEqual([]);
    expect((await people('', BASE, editor)).statusCode).toBe(403);
  });

  it('exports exactly the filtered rows as CSV, readable and raw, with formula cells escaped', async () => {
    await seed();
    const csv = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `${BASE}/audit_log/export/${query}`,
        headers: admin.bearer,
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toContain('text/csv');
      expect(res.headers['content-disposition']).toContain('attachment');
      return res.body;
    };
    const rowsOf = (text: string) => text.match(/^\d{4}-\d\d-\d\dT/gm)?.length ?? 0;
    const body = await csv('?action=moderation.flags');
    expect(body.split('\r\n')[0]).toBe(
      'at,who,role,action,person,subject,changes,status,read_only,ip,id,who_id,account_id,person_id,method,route,details',
    );
    // One entry; its changes cell holds two lines inside its quotes, the formula disarmed.
    expect(rowsOf(body)).toBe(1);
    expect(body).toContain(
      `,ed,editor,moderation.flags,,hide,"action: hide\nmotivation: =HYPERLINK(""http://evil"")",`,
    );
    // A spreadsheet reads a cell by its first character: formulas there are disarmed.
    expect(csvCell('=HYPERLINK("http://evil")')).toBe(`"'=HYPERLINK(""http://evil"")"`);
    expect(body).not.toMatch(/(^|,)"?[=+\-@]/m);

    const everything = await csv('?read_only=true');
    expect(rowsOf(everything)).toBe(4);
    expect(everything).toContain(',admin,admin,staff.assign_role,ed,moderator,');
    expect(rowsOf(await csv(`?person=${await staffIdOf('admin')}`))).toBe(2);
    expect(rowsOf(await csv('?from=2026-11-24'))).toBe(0);

    expect(csvCell('=1+2')).toBe(`"'=1+2"`);
    expect(csvCell('+SUM(A1)')).toBe(`"'+SUM(A1)"`);
    expect(csvCell('-2')).toBe(`"'-2"`);
    expect(csvCell('@cmd')).toBe(`"'@cmd"`);
    expect(csvCell('a,"b"')).toBe('"a,""b"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
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
    for (const path of ['export/', 'people/']) {
      const other = await t.app.inject({
        method: 'GET',
        url: `${OTHER}/audit_log/${path}`,
        headers: admin.bearer,
      });
      expect(other.statusCode).toBe(404);
    }
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
