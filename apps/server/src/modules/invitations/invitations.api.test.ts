import { sql } from 'kysely';
import {
  INVITATION_MESSAGES as M,
  type Invitation,
  type InvitationImportResult,
  type InvitationList,
  type InvitationSend,
} from '@agora/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { type SignedIn, communityWithRoles, createMember, errorsOf } from '../../test-support/fixtures.ts';
import { MULTIPART_TYPE, multipartBody } from '../../test-support/fuzz-requests.ts';

const BASE = '/c/demo/platform/api/v1/invitations';
const OTHER = '/c/other/platform/api/v1/invitations';
const STRONG = 'Str0ng-pass-phrase';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let otherId: number;
let vipTag: number;
let proTag: number;
let music: number;
let books: number;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, editor, moderator, owner, demoId, otherId } = await communityWithRoles(t, ADMIN_PASSWORD));
  const tags = await t.db
    .insertInto('tags')
    .values([
      { stack_id: demoId, type: 'user', name: 'VIP' },
      { stack_id: demoId, type: 'user', name: 'Pro' },
    ])
    .returning('id')
    .execute();
  [vipTag, proTag] = tags.map((r) => r.id) as [number, number];
  const cats = await t.db
    .insertInto('categories')
    .values([
      { stack_id: demoId, name: 'Music', slug: 'music' },
      { stack_id: demoId, name: 'Books', slug: 'books' },
    ])
    .returning('id')
    .execute();
  [music, books] = cats.map((r) => r.id) as [number, number];
  await createMember(t.db, demoId, 'existing', 'existing-password-1', { email: 'existing@members.test' });
});
afterAll(() => t.close());

const post = (path: string, body: unknown, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/${path}`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const get = (path: string, who: SignedIn = admin, base = BASE) =>
  t.app.inject({ method: 'GET', url: `${base}/${path}`, headers: who.bearer });
const data = <T>(body: string) => (JSON.parse(body) as { data: T }).data;
const upload = (csv: string | Buffer, who: SignedIn = admin, base = BASE) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/import/`,
    headers: { ...who.bearer, 'content-type': MULTIPART_TYPE },
    payload: multipartBody([], { field: 'file', bytes: Buffer.isBuffer(csv) ? csv : Buffer.from(csv) }),
  });
const signUp = (body: Record<string, unknown>, slug = 'demo') =>
  t.app.inject({ method: 'POST', url: `/c/${slug}/api/v2/account/create/`, payload: body });
const checkCode = (code: string, slug = 'demo') =>
  t.app.inject({ method: 'GET', url: `/c/${slug}/api/v2/invite_code/${encodeURIComponent(code)}/` });

async function invite(values: Record<string, unknown>): Promise<Invitation> {
  const res = await post('add/', { invitations: [values] });
  expect(res.statusCode, res.body).toBe(200);
  return data<{ results: Invitation[] }>(res.body).results[0]!;
}
async function byEmail(email: string) {
  return t.db.selectFrom('invitations').selectAll().where('email', '=', email).executeTakeFirst();
}
const countInvitations = async () =>
  Number(
    (
      await t.db
        .selectFrom('invitations')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('stack_id', '=', demoId)
        .executeTakeFirstOrThrow()
    ).n,
  );

describe('invitations: who may use them', () => {
  it('is the admin’s: editors and moderators are refused, another community’s admin gets 404', async () => {
    expect((await get('')).statusCode).toBe(200);
    for (const who of [editor, moderator]) {
      expect((await get('', who)).statusCode).toBe(403);
      expect(
        (await post('add/', { invitations: [{ email: 'x@y.io', username: 'xy' }] }, who)).statusCode,
      ).toBe(403);
      expect((await upload('name,email,username,role\n', who)).statusCode).toBe(403);
    }
    expect((await get('', owner)).statusCode).toBe(404);
  });

  it('keeps each community’s invitations apart: another community’s id is 404 and its list is empty', async () => {
    const mine = await invite({ email: 'apart@x.io', username: 'apart' });
    const res = await post(`${mine.id}/update/`, { name: 'Stolen' }, owner, OTHER);
    expect(res.statusCode, res.body).toBe(404);
    expect(
      data<{ deleted: number }>((await post('delete/', { ids: [mine.id] }, owner, OTHER)).body).deleted,
    ).toBe(0);
    expect(data<InvitationList>((await get('', owner, OTHER)).body).count).toBe(0);
    expect((await checkCode(mine.code, 'other')).statusCode).toBe(404);
    expect(otherId).toBeGreaterThan(0);
  });
});

describe('invitations: create, update, delete', () => {
  it('creates an invitation with role, tags and categories, to be sent, with an unguessable code', async () => {
    const inv = await invite({
      name: 'Ada Lovelace',
      email: 'ada@x.io',
      username: 'ada',
      role: 'editor',
      tags: [vipTag],
      categories: [music],
    });
    expect(inv).toMatchObject({
      name: 'Ada Lovelace',
      email: 'ada@x.io',
      username: 'ada',
      role: 'editor',
      status: 'to_send',
      tags: [{ id: vipTag, name: 'VIP' }],
      categories: [{ id: music, name: 'Music' }],
      sent_at: null,
      used_at: null,
    });
    expect(inv.code).toMatch(/^[A-Za-z0-9_-]{24}$/);
    const list = data<InvitationList>((await get('?tab=processing&search=lovelace')).body);
    expect(list.results.map((i) => i.id)).toEqual([inv.id]);
  });

  it('refuses a bad email, username or role, unknown tags or categories, field by field', async () => {
    const res = await post('add/', {
      invitations: [
        { email: 'not-an-email', username: 'bad name', role: 'owner', tags: [999999], categories: [999999] },
      ],
    });
    expect(res.statusCode).toBe(400);
    const fields = Object.fromEntries(errorsOf(res.body).map((e) => [e.field, e.message]));
    expect(fields).toEqual({
      email: M.emailInvalid,
      username: M.usernameInvalid,
      role: M.roleInvalid,
      tags: M.tagsInvalid,
      categories: M.categoriesInvalid,
    });
  });

  it('refuses duplicates of members, of invitations and within one call; nothing of a bad call is added', async () => {
    const before = await countInvitations();
    const res = await post('add/', {
      invitations: [
        { email: 'EXISTING@members.test', username: 'fresh1' },
        { email: 'fresh2@x.io', username: 'Ada' },
        { email: 'fresh3@x.io', username: 'fresh3' },
        { email: 'FRESH3@x.io', username: 'fresh4' },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(errorsOf(res.body).map((e) => [e.field, e.message])).toEqual([
      ['invitations.0.email', M.emailMember],
      ['invitations.1.username', M.usernameInvited],
      ['invitations.3.email', M.emailTwice],
    ]);
    expect(await countInvitations()).toBe(before);
  });

  it('updates an invitation, and deletes a list of them', async () => {
    const inv = await invite({ email: 'upd@x.io', username: 'upd' });
    const res = await post(`${inv.id}/update/`, { role: 'moderator', tags: [proTag], name: 'Up Dated' });
    expect(res.statusCode, res.body).toBe(200);
    expect(data<Invitation>(res.body)).toMatchObject({
      role: 'moderator',
      name: 'Up Dated',
      tags: [{ id: proTag }],
    });
    const bad = await post(`${inv.id}/update/`, { username: 'ada' });
    expect(errorsOf(bad.body)).toMatchObject([{ field: 'username', message: M.usernameInvited }]);
    const gone = await invite({ email: 'gone@x.io', username: 'gone' });
    const del = await post('delete/', { ids: [inv.id, gone.id] });
    expect(data<{ deleted: number }>(del.body).deleted).toBe(2);
    expect(await byEmail('upd@x.io')).toBeUndefined();
    expect((await post('delete/', { ids: [] })).statusCode).toBe(400);
  });
});

describe('invitations: sending', () => {
  it('sends each chosen invitation once, as a task with progress, linking to the sign-up page', async () => {
    const a = await invite({ name: 'Sam', email: 'sam@x.io', username: 'sam' });
    const b = await invite({ email: 'kim@x.io', username: 'kim' });
    const before = await t.db.selectFrom('mail_outbox').select('id').execute();
    const res = await post('send/', { ids: [a.id, b.id] });
    expect(res.statusCode, res.body).toBe(200);
    const send = data<InvitationSend>(res.body);
    expect(send).toMatchObject({ status: 'running', total: 2, sent: 0 });
    // A second send of the same invitations while queued adds nothing.
    expect((await post('send/', { ids: [a.id, b.id] })).statusCode).toBe(400);
    await t.jobs.runDue();
    expect(data<InvitationSend>((await get(`sends/${send.id}/`)).body)).toMatchObject({
      status: 'done',
      total: 2,
      sent: 2,
      failed: 0,
    });
    const mails = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('id', 'not in', before.length ? before.map((r) => r.id) : [0])
      .execute();
    expect(mails.map((m) => m.to).sort()).toEqual([['kim@x.io'], ['sam@x.io']]);
    const sam = mails.find((m) => m.to[0] === 'sam@x.io')!;
    expect(sam.text).toContain(a.code);
    expect(sam.text).toContain(`http://agora.test/c/demo/signup/?invite_code=${a.code}`);
    expect(sam.html).toContain(a.code);
    expect((await byEmail('sam@x.io'))?.status).toBe('sent');
    expect((await byEmail('sam@x.io'))?.sent_at).not.toBeNull();
    // Sent already: not sent again.
    expect((await post('send/', { ids: [a.id] })).statusCode).toBe(400);
    expect((await get('sends/999999/')).statusCode).toBe(404);
  });

  it("links to the community's 'signup with invite code' address when it has one", async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/dynamic_preference/update/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({
        name: 'url_template_signup_invite_code',
        value: 'https://site.example/join/{invite_code}',
      }),
    });
    expect(set.statusCode, set.body).toBe(200);
    const inv = await invite({ email: 'url@x.io', username: 'urlinvite' });
    await post('send/', { ids: [inv.id] });
    await t.jobs.runDue();
    const mail = await t.db
      .selectFrom('mail_outbox')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.text).toContain(`https://site.example/join/${inv.code}`);
  });
});

describe('invitations: CSV import', () => {
  const header = 'name,email,username,role,tags,categories';

  it('imports a file with a BOM, CRLF lines, quoted cells and | lists, resolving tags and categories by name', async () => {
    const csv =
      '\uFEFF' +
      [
        header,
        '"Rossi, Mario",mario@x.io,mario,moderator,VIP|pro,Music|Books',
        'Anna,anna@x.io,anna,,,',
      ].join('\r\n') +
      '\r\n';
    const res = await upload(csv);
    expect(res.statusCode, res.body).toBe(200);
    expect(data<InvitationImportResult>(res.body)).toEqual({
      imported: 2,
      errors: [],
      error_count: 0,
      other_errors: null,
    });
    const mario = await byEmail('mario@x.io');
    expect(mario).toMatchObject({
      name: 'Rossi, Mario',
      username: 'mario',
      role: 'moderator',
      status: 'to_send',
    });
    expect([...mario!.tag_ids].sort()).toEqual([vipTag, proTag].sort());
    expect([...mario!.category_ids].sort()).toEqual([music, books].sort());
    expect((await byEmail('anna@x.io'))?.role).toBeNull();
  });

  it('reads the role in any case, invites a plain member for an empty role, and reports any other word', async () => {
    const csv = [
      header,
      'Plain,plain@x.io,plain1,,,',
      'Upper,upper@x.io,upper1, EDITOR ,,',
      'Member,word@x.io,word1,member,,',
      'None,none@x.io,none1,none,,',
    ].join('\n');
    const report = data<InvitationImportResult>((await upload(csv)).body);
    expect(report.imported).toBe(2);
    expect(report.errors.map((e) => [e.line, e.problems])).toEqual([
      [4, [{ field: 'role', code: 'roleInvalid' }]],
      [5, [{ field: 'role', code: 'roleInvalid' }]],
    ]);
    expect((await byEmail('plain@x.io'))?.role).toBeNull();
    expect((await byEmail('upper@x.io'))?.role).toBe('editor');
    expect(await byEmail('word@x.io')).toBeUndefined();
  });

  it('reads ; separated files, columns in any order and case', async () => {
    const res = await upload('USERNAME;Email;Name;Role\nluigi;luigi@x.io;"Luigi; Verdi";publisher\n');
    expect(data<InvitationImportResult>(res.body).imported).toBe(1);
    expect(await byEmail('luigi@x.io')).toMatchObject({
      name: 'Luigi; Verdi',
      role: 'publisher',
      username: 'luigi',
    });
  });

  it('reports bad rows by line with the reason and imports the good ones', async () => {
    const csv = [
      header,
      'Ok,ok1@x.io,ok1,,,',
      'Bad email,not-an-email,bad1,,,',
      '"multi',
      'line",ok2@x.io,ok2,admin,,',
      'Role,role@x.io,role1,owner,,',
      'Tag,tag@x.io,tag1,,Nope,',
      'Dup,OK1@x.io,dup1,,,',
      'Member,existing@members.test,member1,,,',
      'Invited,other@x.io,ada,,,',
      'Short,short@x.io',
    ].join('\n');
    const report = data<InvitationImportResult>((await upload(csv)).body);
    expect(report.imported).toBe(2);
    expect(report.error_count).toBe(7);
    expect(report.other_errors).toBeNull();
    expect(report.errors.map((e) => e.line)).toEqual([3, 6, 7, 8, 9, 10, 11]);
    const reason = (line: number) => report.errors.find((e) => e.line === line)?.message ?? '';
    expect(reason(3)).toContain(M.emailInvalid);
    expect(reason(6)).toContain(M.roleInvalid);
    expect(reason(7)).toContain('Nope');
    // The reasons also come as codes the console words in the admin's language.
    expect(report.errors.find((e) => e.line === 7)?.problems).toEqual([
      { field: 'tags', code: 'tagsInvalid', value: 'Nope' },
    ]);
    expect(report.errors.find((e) => e.line === 11)?.problems).toContainEqual({
      field: 'row',
      code: 'columns',
      value: '2',
    });
    expect(reason(8)).toContain(M.emailTwice);
    expect(reason(9)).toContain(M.emailMember);
    expect(reason(10)).toContain(M.usernameInvited);
    expect(reason(11)).toContain('columns');
    expect((await byEmail('ok2@x.io'))?.name).toBe('multi\nline');
  });

  it("lists the first 20 bad rows and ends with '...and other errors(n)'", async () => {
    const rows = Array.from({ length: 25 }, (_, i) => `Bad,bad${i},badrow${i},,,`);
    const report = data<InvitationImportResult>((await upload([header, ...rows].join('\n'))).body);
    expect(report.imported).toBe(0);
    expect(report.error_count).toBe(25);
    expect(report.errors).toHaveLength(20);
    expect(report.errors[0]?.line).toBe(2);
    expect(report.other_errors).toBe('...and other errors(5) found in the csv to be imported!');
  });

  it('refuses more than 5,000 rows, an unreadable file and a file without the columns, importing nothing', async () => {
    const before = await countInvitations();
    const rows = Array.from({ length: 5001 }, (_, i) => `N,big${i}@x.io,big${i},,,`);
    const big = await upload([header, ...rows].join('\n'));
    expect(big.statusCode).toBe(400);
    expect(errorsOf(big.body)[0]).toMatchObject({
      code: 'invitation_csv_too_many_rows',
      message: M.csvTooManyRows,
    });
    const quotes = await upload(`${header}\n"never closed,a@x.io,a,,,\n`);
    expect(errorsOf(quotes.body)[0]).toMatchObject({ code: 'invitation_csv_parse', message: M.csvParse });
    const columns = await upload('foo,bar\n1,2\n');
    expect(errorsOf(columns.body)[0]).toMatchObject({ code: 'invitation_csv_parse' });
    const noFile = await t.app.inject({
      method: 'POST',
      url: `${BASE}/import/`,
      headers: { ...admin.bearer, 'content-type': MULTIPART_TYPE },
      payload: multipartBody([['x', 'y']]),
    });
    expect(noFile.statusCode).toBe(400);
    expect(await countInvitations()).toBe(before);
  });

  it('imports 5,000 rows at once, and a file imported twice adds nothing the second time', async () => {
    const rows = Array.from({ length: 5000 }, (_, i) => `N${i},five${i}@x.io,five${i},,VIP,`);
    const csv = [header, ...rows].join('\n');
    const first = data<InvitationImportResult>((await upload(csv)).body);
    expect(first.imported).toBe(5000);
    const again = data<InvitationImportResult>((await upload(csv)).body);
    expect(again.imported).toBe(0);
    expect(again.error_count).toBe(5000);
    expect(again.errors[0]?.message).toContain(M.emailInvited);
  });

  it('adds the good rows all together or not at all', async () => {
    const before = await countInvitations();
    // The 1,500th row fails inside the database, after the first chunk of 1,000 was written.
    await sql`CREATE FUNCTION refuse_boom() RETURNS trigger AS $$
      BEGIN IF NEW.username = 'boom' THEN RAISE unique_violation; END IF; RETURN NEW; END $$ LANGUAGE plpgsql`.execute(
      t.db,
    );
    await sql`CREATE TRIGGER refuse_boom BEFORE INSERT ON invitations FOR EACH ROW EXECUTE FUNCTION refuse_boom()`.execute(
      t.db,
    );
    try {
      const rows = Array.from({ length: 1500 }, (_, i) =>
        i === 1499 ? 'B,boom@x.io,boom,,,' : `A,all${i}@x.io,all${i},,,`,
      );
      const res = await upload([header, ...rows].join('\n'));
      expect(res.statusCode).toBe(400);
      expect(await countInvitations()).toBe(before);
    } finally {
      await sql`DROP TRIGGER refuse_boom ON invitations`.execute(t.db);
      await sql`DROP FUNCTION refuse_boom()`.execute(t.db);
    }
  });
});

describe('invitations: the invite code at sign-up', () => {
  it('checks a code: the invitation behind it, 404 for an unknown one', async () => {
    const inv = await invite({
      name: 'Zoe',
      email: 'zoe@x.io',
      username: 'zoe',
      role: 'publisher',
      tags: [vipTag],
    });
    const res = await checkCode(inv.code);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      id: inv.id,
      code: inv.code,
      name: 'Zoe',
      email: 'zoe@x.io',
      role: 'publisher',
      forced_username: 'zoe',
      tags: [{ id: vipTag, name: 'VIP', type: 'user' }],
      used_at: null,
      user: null,
    });
    expect((await checkCode('no-such-code')).statusCode).toBe(404);
  });

  it('gives the new member the role, tags and categories, forces the username, and uses the invitation', async () => {
    const inv = await invite({
      email: 'neo@x.io',
      username: 'neo',
      role: 'moderator',
      tags: [vipTag, proTag],
      categories: [books],
    });
    const res = await signUp({
      username: 'whatever',
      email: 'neo@x.io',
      password: STRONG,
      invite_code: inv.code,
    });
    expect(res.statusCode, res.body).toBe(201);
    const user = res.json();
    expect(user).toMatchObject({ username: 'neo', role: 'moderator' });
    const row = await t.db
      .selectFrom('community_users')
      .select(['role', 'username'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ role: 'moderator', username: 'neo' });
    const tags = await t.db.selectFrom('user_tags').select('tag_id').where('user_id', '=', user.id).execute();
    expect(tags.map((r) => r.tag_id).sort()).toEqual([vipTag, proTag].sort());
    const follows = await t.db
      .selectFrom('interests')
      .select('category_id')
      .where('user_id', '=', user.id)
      .execute();
    expect(follows.map((r) => r.category_id)).toContain(books);
    expect(await byEmail('neo@x.io')).toMatchObject({ status: 'used', user_id: user.id });
    const used = await checkCode(inv.code);
    expect(used.statusCode).toBe(400);
    expect(errorsOf(used.body)[0]?.code).toBe('invite_code_used');
    const again = await signUp({
      username: 'neo2',
      email: 'neo2@x.io',
      password: STRONG,
      invite_code: inv.code,
    });
    expect(again.statusCode).toBe(400);
    const accepted = data<InvitationList>((await get('?tab=accepted')).body);
    expect(accepted.results[0]).toMatchObject({ id: inv.id, status: 'used', user_id: user.id });
    const processing = data<InvitationList>((await get('?tab=processing&limit=500')).body);
    expect(processing.results.some((i) => i.id === inv.id)).toBe(false);
  });

  it('uses a code exactly once when two sign-ups race with it', async () => {
    const inv = await invite({ email: 'race@x.io', username: 'racer' });
    const [a, b] = await Promise.all([
      signUp({ email: 'race1@x.io', password: STRONG, invite_code: inv.code }),
      signUp({ email: 'race2@x.io', password: STRONG, invite_code: inv.code }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([201, 400]);
    const members = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('username', '=', 'racer')
      .execute();
    expect(members).toHaveLength(1);
  });

  it('is the only way in when the community is invitation-only', async () => {
    const set = await t.app.inject({
      method: 'POST',
      url: '/c/demo/platform/api/v1/dynamic_preference/update/',
      headers: { ...admin.bearer, 'content-type': 'application/json' },
      payload: JSON.stringify({ name: 'registration_mode', value: 'invitation_only' }),
    });
    expect(set.statusCode, set.body).toBe(200);
    try {
      expect((await signUp({ username: 'walkin', email: 'walkin@x.io', password: STRONG })).statusCode).toBe(
        403,
      );
      const wrong = await signUp({
        username: 'walkin',
        email: 'walkin@x.io',
        password: STRONG,
        invite_code: 'nope',
      });
      expect(wrong.statusCode).toBe(400);
      expect(errorsOf(wrong.body)[0]).toMatchObject({ field: 'invite_code', code: 'invite_code_invalid' });
      const inv = await invite({ email: 'welcome@x.io', username: 'welcome' });
      const ok = await signUp({ password: STRONG, invite_code: inv.code });
      expect(ok.statusCode, ok.body).toBe(201);
      expect(ok.json()).toMatchObject({ username: 'welcome', role: null });
    } finally {
      await t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/dynamic_preference/update/',
        headers: { ...admin.bearer, 'content-type': 'application/json' },
        payload: JSON.stringify({ name: 'registration_mode', value: 'open' }),
      });
    }
  });

  it('refuses to change, delete or send a used invitation', async () => {
    const used = await byEmail('neo@x.io');
    const res = await post(`${used!.id}/update/`, { name: 'Late' });
    expect(errorsOf(res.body)[0]?.code).toBe('invitation_used');
    expect(data<{ deleted: number }>((await post('delete/', { ids: [used!.id] })).body).deleted).toBe(0);
    expect((await post('send/', { ids: [used!.id] })).statusCode).toBe(400);
  });
});
