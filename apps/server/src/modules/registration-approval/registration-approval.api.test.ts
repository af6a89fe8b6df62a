import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityFixture, errorsOf, form } from '../../test-support/fixtures.ts';
import '../../platform/mail/mail.tables.ts';
import '../activity/activity.tables.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let n = 0;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

interface Row {
  id: number;
  username: string;
  email: string;
  tags: { id: number; name: string; color: string }[];
  submitted_at: string;
  status: string;
}
interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: Row[];
}

async function member(username: string, status: string, stackId = demoId, daysAgo = 0): Promise<number> {
  n += 1;
  const row = await t.db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: null,
      username,
      email: `${username}@example.com`,
      role: null,
      status,
      created_at: new Date(Date.UTC(2026, 0, 1 + n) - daysAgo * 86_400_000),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const list = (query: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'GET',
    url: `${base}/users/get_awaiting_approval_list/?${query}`,
    headers: who.bearer,
  });

const manage = (body: Record<string, unknown>, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/users/manage_approval/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });

const pageOf = (body: string) => (JSON.parse(body) as { data: Page }).data;
const statusOf = async (id: number) =>
  (await t.db.selectFrom('community_users').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

beforeEach(async () => {
  await t.db.deleteFrom('user_tags').execute();
  await t.db.deleteFrom('tags').execute();
  await t.db.deleteFrom('mail_outbox').execute();
  await t.db.deleteFrom('community_users').where('role', 'is', null).execute();
});

describe('users/get_awaiting_approval_list/', () => {
  it('lists pending members by default with their tags, and ignored ones on request', async () => {
    const alice = await member('alice', 'pending');
    const bob = await member('bob', 'ignored');
    await member('carol', 'active');
    await member('dave', 'pending', otherId);
    const tag = await t.db
      .insertInto('tags')
      .values({ stack_id: demoId, type: 'user', name: 'Students', color: '#FF0000' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.db.insertInto('user_tags').values({ stack_id: demoId, user_id: alice, tag_id: tag.id }).execute();

    const res = await list('');
    expect(res.statusCode).toBe(200);
    const page = pageOf(res.body);
    expect(page.count).toBe(1);
    expect(page.results).toEqual([
      {
        id: alice,
        username: 'alice',
        email: 'alice@example.com',
        tags: [{ id: tag.id, name: 'Students', color: '#FF0000' }],
        submitted_at: expect.stringMatching(/^2026-01-/) as string,
        status: 'pending',
      },
    ]);

    const ignored = pageOf((await list('status=ignored')).body);
    expect(ignored.results.map((r) => [r.id, r.status])).toEqual([[bob, 'ignored']]);
    expect((await list('status=approved')).statusCode).toBe(400);
  });

  it('searches by part of the username or the email, and pages with absolute links', async () => {
    await member('Marco', 'pending');
    await member('maria', 'pending');
    const zed = await member('zed', 'pending');
    await t.db
      .updateTable('community_users')
      .set({ email: 'mar.z@corp.test' })
      .where('id', '=', zed)
      .execute();
    await member('luca', 'pending');

    const byName = pageOf((await list('search=mar')).body);
    expect(byName.results.map((r) => r.username)).toEqual(['Marco', 'maria', 'zed']);
    const byEmail = pageOf((await list('search=corp.test')).body);
    expect(byEmail.results.map((r) => r.username)).toEqual(['zed']);
    expect(pageOf((await list('search=%25')).body).count).toBe(0);

    const first = pageOf((await list('limit=2&offset=0')).body);
    expect(first.count).toBe(4);
    expect(first.results).toHaveLength(2);
    expect(first.previous).toBeNull();
    expect(first.next).toMatch(/^https?:\/\/.+users\/get_awaiting_approval_list\/\?.*offset=2/);
    const second = pageOf((await list('limit=2&offset=2')).body);
    expect(second.next).toBeNull();
    expect(second.previous).toMatch(/offset=0/);
  });
});

describe('users/manage_approval/', () => {
  it('approves a pending member: active, out of the list, told by email', async () => {
    const id = await member('newbie', 'pending');
    const res = await manage({ user_id: id, action: 'approve' });
    expect(res.statusCode).toBe(200);
    expect((JSON.parse(res.body) as { data: Row }).data).toMatchObject({ id, status: 'approved' });
    expect(await statusOf(id)).toBe('active');
    expect(pageOf((await list('')).body).count).toBe(0);

    const mails = await t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]?.to).toEqual(['newbie@example.com']);
    expect(mails[0]?.subject).toMatch(/registration .* has been approved/);
    expect(mails[0]?.text).toContain('sign in');
  });

  it('ignores a pending member and restores an ignored one, without mail', async () => {
    const id = await member('maybe', 'pending');
    // the console posts form-urlencoded bodies
    const ignoredRes = await t.app.inject({
      method: 'POST',
      url: `${BASE}/users/manage_approval/`,
      ...form({ user_id: String(id), action: 'ignore' }, admin.bearer),
    });
    expect(ignoredRes.statusCode).toBe(200);
    expect(await statusOf(id)).toBe('ignored');
    expect(pageOf((await list('status=ignored')).body).results.map((r) => r.id)).toEqual([id]);
    const restored = await manage({ user_id: id, action: 'restore' });
    expect(restored.statusCode).toBe(200);
    expect((JSON.parse(restored.body) as { data: Row }).data.status).toBe('pending');
    expect(await statusOf(id)).toBe('pending');
    expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0);
  });

  it('refuses the transitions the state machine does not allow with 409 invalid_transition', async () => {
    const pending = await member('p1', 'pending');
    const ignored = await member('i1', 'ignored');
    const active = await member('a1', 'active');
    const cases: [number, string, string][] = [
      [pending, 'restore', 'pending'],
      [ignored, 'approve', 'ignored'],
      [ignored, 'ignore', 'ignored'],
      [active, 'approve', 'active'],
      [active, 'ignore', 'active'],
      [active, 'restore', 'active'],
    ];
    for (const [id, action, status] of cases) {
      const res = await manage({ user_id: id, action });
      expect(res.statusCode, `${action} on ${status}`).toBe(409);
      expect(errorsOf(res.body)[0]?.code).toBe('invalid_transition');
      expect(await statusOf(id)).toBe(status);
    }
    expect(await t.db.selectFrom('mail_outbox').selectAll().execute()).toHaveLength(0);
  });

  it('answers 404 for an unknown member or a member of another community, 400 for a bad action', async () => {
    const elsewhere = await member('foreign', 'pending', otherId);
    expect((await manage({ user_id: 999_999, action: 'approve' })).statusCode).toBe(404);
    const res = await manage({ user_id: elsewhere, action: 'approve' });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res.body)[0]?.code).toBe('user_not_found');
    expect(await statusOf(elsewhere)).toBe('pending');
    const id = await member('x1', 'pending');
    expect((await manage({ user_id: id, action: 'delete' })).statusCode).toBe(400);
  });
});

describe('permissions', () => {
  it('refuses an editor with 403', async () => {
    const id = await member('e1', 'pending');
    expect((await list('', editor)).statusCode).toBe(403);
    expect((await manage({ user_id: id, action: 'approve' }, editor)).statusCode).toBe(403);
    expect(await statusOf(id)).toBe('pending');
  });

  it("answers 404 on another community's routes to the demo's admin", async () => {
    const id = await member('o1', 'pending', otherId);
    expect((await list('', admin, OTHER)).statusCode).toBe(404);
    expect((await manage({ user_id: id, action: 'approve' }, admin, OTHER)).statusCode).toBe(404);
    expect(await statusOf(id)).toBe('pending');
    // its own admin sees it
    expect(pageOf((await list('', owner, OTHER)).body).results.map((r) => r.id)).toEqual([id]);
  });
});
