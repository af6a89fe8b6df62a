import { STAFF_MESSAGES as M } from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  createAccount,
  errorsOf,
  form,
  signIn,
  communityWithRoles,
} from '../../test-support/fixtures.ts';
import '../../platform/mail/mail.tables.ts';
import './staff.tables.ts';

const BASE = '/c/demo/platform/api/v1';
const OTHER = '/c/other/platform/api/v1';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let moderator: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  ({ demoId, otherId, admin, editor, owner, moderator } = await communityWithRoles(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

async function member(username: string, withAccount = false, stackId = demoId) {
  const accountId = withAccount ? await createAccount(t.db, username, `${username}-password-1`) : null;
  const row = await t.db
    .insertInto('community_users')
    .values({
      stack_id: stackId,
      account_id: accountId,
      username,
      email: `${username}@members.test`,
      role: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const manage = (body: Record<string, unknown>, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/users/manage_roles/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const removeStaff = (username: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'POST', url: `${base}/users/remove_staff/`, ...form({ username }, who.bearer) });
const staffList = (who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/users/get_staff_list/`, headers: who.bearer });
const search = (query: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/users/search/?${query}`, headers: who.bearer });

async function roleOf(username: string, stackId = demoId) {
  const row = await t.db
    .selectFrom('community_users')
    .select('role')
    .where('stack_id', '=', stackId)
    .where('username', '=', username)
    .executeTakeFirstOrThrow();
  return row.role;
}
async function attributesOf(username: string) {
  return t.db
    .selectFrom('staff_attributes as sa')
    .innerJoin('community_users as u', 'u.id', 'sa.user_id')
    .selectAll('sa')
    .where('u.username', '=', username)
    .executeTakeFirst();
}

describe('users/manage_roles/', () => {
  it('adds a member with attributes, then refuses adding again', async () => {
    await member('alice');
    const res = await manage({ username: 'alice', role: 'editor', mode: 'add', badge: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      username: 'alice',
      role: 'editor',
      badge: true,
      gdpr_data_manager: false,
    });
    expect(await roleOf('alice')).toBe('editor');
    expect(await attributesOf('alice')).toMatchObject({ badge: true, prioritize_content: false });

    const again = await manage({ username: 'alice', role: 'moderator', mode: 'add' });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again.body)[0]).toMatchObject({ code: 'already_staff', message: M.alreadyStaff });
    expect(await roleOf('alice')).toBe('editor');
  });

  it('changes the role and attributes of a staff member (form body too)', async () => {
    await member('bob');
    await manage({ username: 'bob', role: 'editor', mode: 'add', badge: true });
    const res = await t.app.inject({
      method: 'POST',
      url: `${BASE}/users/manage_roles/`,
      ...form(
        { username: 'BOB', role: 'publisher', prioritize_content: 'true', disable_notifications: 'true' },
        admin.bearer,
      ),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      role: 'publisher',
      badge: true,
      prioritize_content: true,
      disable_notifications: true,
    });
    expect(await roleOf('bob')).toBe('publisher');
  });

  it('answers 404 with the spec message for an unknown username', async () => {
    const res = await manage({ username: 'nobody-here', role: 'editor', mode: 'add' });
    expect(res.statusCode).toBe(404);
    expect(errorsOf(res.body)[0]).toMatchObject({ code: 'user_not_found', message: M.userNotFound });
    expect((await removeStaff('nobody-here')).statusCode).toBe(404);
  });

  it('refuses a user of another community', async () => {
    await member('stranger', false, otherId);
    const res = await manage({ username: 'stranger', role: 'editor', mode: 'add' });
    expect(res.statusCode).toBe(404);
    expect(await roleOf('stranger', otherId)).toBeNull();
  });

  it('the calling admin cannot change or remove their own role, but may change attributes', async () => {
    const own = await manage({ username: 'admin', role: 'editor' });
    expect(own.statusCode).toBe(403);
    expect(errorsOf(own.body)[0]).toMatchObject({ code: 'own_role' });
    expect((await manage({ username: 'admin', role: null })).statusCode).toBe(403);
    const removed = await removeStaff('admin');
    expect(removed.statusCode).toBe(403);
    expect(errorsOf(removed.body)[0]!.code).toBe('own_role');
    expect(await roleOf('admin')).toBe('admin');
    const attrs = await manage({ username: 'admin', role: 'admin', badge: true });
    expect(attrs.statusCode).toBe(200);
    expect(attrs.json().data.badge).toBe(true);
  });

  // Spec mgmt §5 "the admin user's role cannot be changed", §6 "Admin | ... own role cannot be changed".
  it("no admin demotes or removes another admin: the admin user's role cannot be changed", async () => {
    await member('ada', true);
    const promoted = await manage({ username: 'ada', role: 'admin', mode: 'add' });
    expect(promoted.statusCode).toBe(200);
    const ada = await signIn(t.app, 'ada', 'ada-password-1');
    for (const [who, target] of [
      [admin, 'ada'],
      [ada, 'admin'],
    ] as const) {
      for (const role of ['editor', 'moderator', 'publisher', null]) {
        const res = await manage({ username: target, role }, who);
        expect(res.statusCode, `${target} → ${role}`).toBe(403);
        expect(errorsOf(res.body)[0]).toMatchObject({ code: 'admin_role', field: 'role' });
      }
      const removed = await removeStaff(target, who);
      expect(removed.statusCode).toBe(403);
      expect(errorsOf(removed.body)[0]!.code).toBe('admin_role');
      expect(await roleOf(target)).toBe('admin');
    }
    // Their attributes still change, and the other roles are still assigned.
    const attrs = await manage({ username: 'ada', role: 'admin', badge: true });
    expect(attrs.statusCode).toBe(200);
    expect(attrs.json().data.badge).toBe(true);
    expect((await manage({ username: 'ed', role: 'moderator' })).statusCode).toBe(200);
    expect((await manage({ username: 'ed', role: 'editor' })).statusCode).toBe(200);
  });

  it('GDPR data manager needs the signed data-processing document', async () => {
    await member('gina');
    const res = await manage({ username: 'gina', role: 'moderator', mode: 'add', gdpr_data_manager: true });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({
      field: 'gdpr_document_signed',
      code: 'gdpr_document_required',
    });
    expect(await roleOf('gina')).toBeNull();
    const ok = await manage({
      username: 'gina',
      role: 'moderator',
      mode: 'add',
      gdpr_data_manager: true,
      gdpr_document_signed: true,
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data).toMatchObject({ gdpr_data_manager: true, gdpr_document_signed: true });
  });

  it('rejects an unknown role', async () => {
    await member('rolf');
    const res = await manage({ username: 'rolf', role: 'owner' });
    expect(res.statusCode).toBe(400);
    expect(await roleOf('rolf')).toBeNull();
  });

  it('notify emails the user; a mail failure answers 502 but keeps the change', async () => {
    await member('nora');
    const res = await manage({ username: 'nora', role: 'editor', mode: 'add', notify: true });
    expect(res.statusCode).toBe(200);
    const mail = await t.db.selectFrom('mail_outbox').selectAll().where('stack_id', '=', demoId).execute();
    expect(JSON.stringify(mail)).toContain('nora@members.test');

    await member('nick');
    const spy = vi.spyOn(t.mailer, 'send').mockRejectedValueOnce(new Error('SMTP down'));
    const failed = await manage({ username: 'nick', role: 'moderator', mode: 'add', notify: true });
    spy.mockRestore();
    expect(failed.statusCode).toBe(502);
    expect(errorsOf(failed.body)[0]).toMatchObject({ code: 'mail_failed', message: M.mailFailed });
    expect(await roleOf('nick')).toBe('moderator');
  });

  it('removes from the staff by role null or remove_staff; removing a member fails with the spec message', async () => {
    await member('rita');
    await manage({ username: 'rita', role: 'editor', mode: 'add', badge: true });
    const res = await manage({ username: 'rita', role: null });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toBeNull();
    expect(await roleOf('rita')).toBeNull();
    expect(await attributesOf('rita')).toBeUndefined();

    await manage({ username: 'rita', role: 'moderator', mode: 'add' });
    expect((await removeStaff('rita')).statusCode).toBe(200);
    expect(await roleOf('rita')).toBeNull();

    const again = await removeStaff('rita');
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body)[0]).toMatchObject({ code: 'remove_failed', message: M.removeFailed });
  });
});

describe('permissions', () => {
  it('editors and moderators are refused the writes (403) and nothing changes', async () => {
    await member('pat');
    for (const who of [editor, moderator]) {
      expect((await manage({ username: 'pat', role: 'editor', mode: 'add' }, who)).statusCode).toBe(403);
      expect((await removeStaff('mod', who)).statusCode).toBe(403);
    }
    expect(await roleOf('pat')).toBeNull();
    expect(await roleOf('mod')).toBe('moderator');
  });

  // Staff roles are the admin's; the user search also serves users scoring (an editor's, mgmt §6).
  it('the admin reads the staff list; admin and editor search; the moderator neither', async () => {
    expect((await staffList(admin)).statusCode).toBe(200);
    for (const who of [editor, moderator]) expect((await staffList(who)).statusCode).toBe(403);
    for (const who of [admin, editor]) expect((await search('username=a', who)).statusCode).toBe(200);
    expect((await search('username=a', moderator)).statusCode).toBe(403);
  });

  it('another community answers 404 and nothing is written', async () => {
    await member('oscar', false, otherId);
    expect((await staffList(admin, OTHER)).statusCode).toBe(404);
    expect((await search('username=o', admin, OTHER)).statusCode).toBe(404);
    expect((await manage({ username: 'oscar', role: 'editor' }, admin, OTHER)).statusCode).toBe(404);
    expect((await removeStaff('owner', admin, OTHER)).statusCode).toBe(404);
    expect(await roleOf('oscar', otherId)).toBeNull();
    expect(await roleOf('owner', otherId)).toBe('admin');
    // The other community's own admin is served.
    expect((await staffList(owner, OTHER)).statusCode).toBe(200);
  });

  it('a new moderator sees the community in stacks/ with roles [moderator]; a publisher does not', async () => {
    await member('molly', true);
    await member('percy', true);
    await manage({ username: 'molly', role: 'moderator', mode: 'add' });
    await manage({ username: 'percy', role: 'publisher', mode: 'add' });
    const stacksOf = async (who: SignedIn) =>
      (await t.app.inject({ method: 'GET', url: '/platform/api/v1/stacks/', headers: who.bearer })).json();
    const molly = await stacksOf(await signIn(t.app, 'molly', 'molly-password-1'));
    const demo = (molly.data as { slug: string; roles: string[] }[]).find((s) => s.slug === 'demo');
    expect(demo?.roles).toEqual(['moderator']);
    const percy = await stacksOf(await signIn(t.app, 'percy', 'percy-password-1'));
    expect((percy.data as { slug: string }[]).some((s) => s.slug === 'demo')).toBe(false);
  });
});

describe('get_staff_list and search', () => {
  it('lists staff (not members) with attributes; emails only for GDPR data managers', async () => {
    await member('mia');
    const list = (await staffList()).json().data as { username: string; email: string | null }[];
    expect(list.map((s) => s.username)).toContain('admin');
    expect(list.map((s) => s.username)).not.toContain('mia');
    expect(list.every((s) => s.email === null)).toBe(true);
  });

  it('searches members and staff by username prefix; email search only for GDPR data managers', async () => {
    await member('zed-one');
    await member('zed-two');
    await manage({ username: 'zed-two', role: 'editor', mode: 'add' });
    const found = (await search('username=ZED')).json().data as {
      username: string;
      role: string | null;
      email: string | null;
    }[];
    expect(found.map((u) => [u.username, u.role])).toEqual([
      ['zed-one', null],
      ['zed-two', 'editor'],
    ]);
    expect(found[0]!.email).toBeNull();
    expect((await search('username=zed_')).json().data).toEqual([]);

    const refused = await search('email=zed-one@');
    expect(refused.statusCode).toBe(403);

    await manage({ username: 'admin', role: 'admin', gdpr_data_manager: true, gdpr_document_signed: true });
    const byEmail = await search('email=zed-one@');
    expect(byEmail.statusCode).toBe(200);
    expect(byEmail.json().data).toEqual([
      expect.objectContaining({ username: 'zed-one', email: 'zed-one@members.test' }),
    ]);
    const list = (await staffList()).json().data as { username: string; email: string | null }[];
    expect(list.find((s) => s.username === 'zed-two')?.email).toBe('zed-two@members.test');
  });
});
