import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, memberSignIn, signIn, type SignedIn } from '../../test-support/fixtures.ts';
import { createDbAuditSink } from './audit-recorder.ts';

/**
 * The audit log's guarantees (issue 10 §3): staff writes through the member API are recorded; an
 * action whose entry cannot be written does not happen; any input can be recorded; the log shows
 * pending entries only as unconfirmed, once they are no longer in progress.
 */
let t: TestApp;
let demoId: number;
let admin: SignedIn;
let staffer: SignedIn;
let targetId: number;

async function entries() {
  return t.db
    .selectFrom('audit_log')
    .select(['id', 'status', 'route', 'method', 'username', 'role', 'target', 'details'])
    .where('stack_id', '=', demoId)
    .orderBy('id')
    .execute();
}

function call(method: 'POST' | 'PATCH', url: string, who: SignedIn, body: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  await createMember(t.db, demoId, 'staffer', 'staffer-password-1', { role: 'admin' });
  staffer = await memberSignIn(t.app, t.db, 'demo', 'staffer', 'staffer-password-1');
  targetId = await createMember(t.db, demoId, 'target', 'target-password-1');
});
afterAll(() => t.close());
beforeEach(async () => {
  await t.db.deleteFrom('audit_log').execute();
});

describe('staff writes through the member API', () => {
  it('records a tag created through the member API, with how the caller signed in', async () => {
    const res = await call('POST', '/c/demo/api/v2/tag/', staffer, { type: 'user', name: 'Via API' });
    expect(res.statusCode).toBeLessThan(300);
    const [entry, ...more] = await entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      status: 'completed',
      method: 'POST',
      route: '/api/v2/tag/',
      username: 'staffer',
      role: 'admin',
      target: { via: 'member_token' },
      details: { body: { type: 'user', name: 'Via API' } },
    });
  });

  it('records an SSO sign-up that gives a role, with the password redacted', async () => {
    const res = await call('POST', '/c/demo/api/v2/sso/signup/', staffer, {
      username: 'made-editor',
      email: 'made-editor@members.test',
      password: 'Made-editor-password-9',
      role: 'editor',
    });
    expect(res.statusCode).toBeLessThan(300);
    const [entry, ...more] = await entries();
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      status: 'completed',
      route: '/api/v2/sso/signup/',
      details: { body: { username: 'made-editor', role: 'editor', password: '[redacted]' } },
    });
  });

  it('records a ban and an unban through the member API, also with a console token', async () => {
    const url = `/c/demo/api/v2/moderation/user/${targetId}/`;
    expect((await call('PATCH', url, staffer, { status: 'b', days_blocked: 3 })).statusCode).toBeLessThan(
      300,
    );
    expect((await call('PATCH', url, admin, { status: 'a' })).statusCode).toBeLessThan(300);
    const log = await entries();
    expect(
      log.map((e) => [e.status, e.route, e.username, (e.details.body as { status: string }).status]),
    ).toEqual([
      ['completed', '/api/v2/moderation/user/:id/', 'staffer', 'b'],
      ['completed', '/api/v2/moderation/user/:id/', 'admin', 'a'],
    ]);
    expect(log[1]?.target).toMatchObject({ via: 'console_token' });
    expect(String((log[1]?.target.params as { id: unknown }).id)).toBe(String(targetId));
  });

  it("records a staff member's write on a member-level route, and no plain member's", async () => {
    const res = await call('POST', '/c/demo/api/v2/post/', staffer, { text: 'Written by staff' });
    expect(res.statusCode).toBeLessThan(300);
    await createMember(t.db, demoId, 'plain', 'plain-password-1');
    const plain = await memberSignIn(t.app, t.db, 'demo', 'plain', 'plain-password-1');
    expect(
      (await call('POST', '/c/demo/api/v2/post/', plain, { text: 'Written by a member' })).statusCode,
    ).toBeLessThan(300);
    expect((await entries()).map((e) => [e.route, e.username])).toEqual([['/api/v2/post/', 'staffer']]);
  });
});

/** A real database refusal of every audit insert (as jsonb refused a NUL character before). */
async function refuseAuditInserts() {
  await sql`
    CREATE FUNCTION test_refuse_audit() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN RAISE EXCEPTION 'audit storage refused'; END; $$;
    CREATE TRIGGER test_refuse_audit BEFORE INSERT ON audit_log
      FOR EACH ROW EXECUTE FUNCTION test_refuse_audit();
  `.execute(t.db);
}

async function allowAuditInserts() {
  await sql`DROP TRIGGER test_refuse_audit ON audit_log; DROP FUNCTION test_refuse_audit();`.execute(t.db);
}

describe('an action whose entry cannot be written does not happen', () => {
  const REFRESH = '/c/demo/platform/api/v1/configuration/jwt/refresh_secret/';
  const secrets = () => t.db.selectFrom('stack_secrets').selectAll().where('stack_id', '=', demoId).execute();

  it('leaves the JWT key unchanged and answers 503 when the audit insert fails', async () => {
    expect((await call('POST', REFRESH, admin, {})).statusCode).toBe(200);
    const before = await secrets();
    expect(before.length).toBeGreaterThan(0);
    await refuseAuditInserts();
    try {
      const res = await call('POST', REFRESH, admin, '{"note": "\\u0000"}');
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      const refused = await call('POST', REFRESH, admin, {});
      expect(refused.statusCode).toBe(503);
      expect(refused.json().errors[0].code).toBe('audit_unavailable');
      expect(await secrets()).toEqual(before);
    } finally {
      await allowAuditInserts();
    }
    expect(await entries()).toHaveLength(1);
  });

  it('issues no SSO ticket and no analytics sign-in when their entries cannot be written', async () => {
    const tickets = async () =>
      Number(
        (
          await t.db
            .selectFrom('sso_tickets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await tickets();
    await refuseAuditInserts();
    try {
      for (const path of ['auth/sso_ticket/', 'auth/community_signin/']) {
        for (const body of ['{"note": "\\u0000"}', '{}']) {
          const res = await call('POST', `/c/demo/platform/api/v1/${path}`, admin, body);
          expect(res.statusCode, `${path} ${body}`).toBeGreaterThanOrEqual(400);
          expect(res.body).not.toMatch(/"(ticket|token|access_token)"/);
        }
      }
      expect(await tickets()).toBe(before);
    } finally {
      await allowAuditInserts();
    }
  });

  it("does not switch a community's feature from the hub when its entry cannot be written", async () => {
    await t.db
      .updateTable('accounts')
      .set({ perms: JSON.stringify(['hub.admin']) })
      .where('username', '=', 'admin')
      .execute();
    const flag = () =>
      t.db
        .selectFrom('stack_features')
        .select('enabled')
        .where('stack_id', '=', demoId)
        .where('name', '=', 'google_cloud_api')
        .executeTakeFirst();
    const before = await flag();
    await refuseAuditInserts();
    try {
      const res = await call('POST', `/platform/api/v1/stacks/${demoId}/features/`, admin, {
        name: 'google_cloud_api',
        enabled: !before?.enabled,
      });
      expect(res.statusCode).toBeGreaterThanOrEqual(500);
      expect(await flag()).toEqual(before);
    } finally {
      await allowAuditInserts();
    }
  });

  it('stores any input: NUL and broken characters are replaced, in keys too', async () => {
    const sink = createDbAuditSink(t.db, t.clock);
    const id = await sink.begin({
      stackId: demoId,
      accountId: null,
      communityUserId: null,
      username: 'nul\u0000name',
      role: 'admin',
      method: 'POST',
      route: '/platform/api/v1/configuration/jwt/refresh_secret/',
      target: { params: { id: '\u0000' } },
      details: { body: { note: 'a\u0000b', 'k\u0000': '\ud800', deep: [{ x: '\udc00y' }] } },
      ip: '127.0.0.1',
    });
    await sink.complete(demoId, id, { body: { note: '\u0000' }, after: 'x\u0000' });
    const [entry] = await entries();
    expect(entry).toMatchObject({
      status: 'completed',
      username: 'nul\u2400name',
      target: { params: { id: '\u2400' } },
      details: { body: { note: '\u2400' }, after: 'x\u2400' },
    });
  });
});

describe('pending entries in the audit log', () => {
  const LOG = '/c/demo/platform/api/v1/audit_log/';

  it('hides an action in progress, then shows it as unconfirmed; completed entries cannot change', async () => {
    const sink = createDbAuditSink(t.db, t.clock);
    const entry = {
      stackId: demoId,
      accountId: null,
      communityUserId: null,
      username: 'admin',
      role: 'admin',
      method: 'POST',
      route: '/platform/api/v1/bot/status/',
      target: {},
      details: {},
      ip: null,
    };
    const pending = await sink.begin(entry);
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: LOG, headers: admin.bearer })).json().data.results as {
        id: number;
        status: string;
      }[];
    expect((await read()).filter((e) => e.id === pending)).toEqual([]);
    t.clock.advance(61);
    expect((await read()).find((e) => e.id === pending)?.status).toBe('unconfirmed');
    const csv = await t.app.inject({ method: 'GET', url: `${LOG}export/`, headers: admin.bearer });
    expect(csv.body.split('\r\n')[1]).toContain(',unconfirmed,');

    const done = await sink.begin(entry);
    await sink.complete(demoId, done, { body: { enabled: true } });
    expect((await read()).find((e) => e.id === done)?.status).toBe('completed');
    // Completed once; the database refuses any later change.
    await expect(
      t.db.updateTable('audit_log').set({ details: '{}' }).where('id', '=', done).execute(),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      sql`UPDATE audit_log SET status = 'pending' WHERE id = ${done}`.execute(t.db),
    ).rejects.toThrow(/cannot be changed/);
    await expect(
      sql`UPDATE audit_log SET status = 'completed', username = 'someone' WHERE id = ${pending}`.execute(
        t.db,
      ),
    ).rejects.toThrow(/cannot be changed/);
  });
});
