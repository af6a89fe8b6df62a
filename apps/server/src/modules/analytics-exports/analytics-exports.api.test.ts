import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  addStaff,
  communityFixture,
  makeDataManager,
  createAccount,
  createStack,
  errorsOf,
  signIn,
  setFlag,
} from '../../test-support/fixtures.ts';
import '../../platform/mail/mail.tables.ts';
import {
  category,
  comment,
  contribution,
  follow,
  member,
  share,
  view,
  vote,
} from '../../test-support/analytics-fixture.ts';
import './analytics-exports.tables.ts';

const API = (slug: string) => `/c/${slug}/platform/api/v1/analytics/export`;
const EXP = API('exp');

let t: TestApp;
let dataDir: string;
let admin: SignedIn;
let editor: SignedIn;
let owner: SignedIn;
let moderator: SignedIn;
let publisher: SignedIn;
let expId: number;
let postId: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agora-exports-'));
  t = await buildTestApp({ env: { DATA_DIR: dataDir } });
  ({ admin, editor, owner } = await communityFixture(t, ADMIN_PASSWORD));
  const db = t.db;
  expId = await createStack(db, 'exp', 'Export community');
  const accountId = async (username: string) =>
    (await db.selectFrom('accounts').select('id').where('username', '=', username).executeTakeFirstOrThrow())
      .id;
  await addStaff(db, expId, await accountId('admin'), 'admin', 'admin');
  await addStaff(db, expId, await accountId('ed'), 'ed', 'editor');
  await addStaff(db, expId, await createAccount(db, 'mod', 'moderator-pass-1'), 'mod', 'moderator');
  await addStaff(db, expId, await createAccount(db, 'pub', 'publisher-pass-1'), 'pub', 'publisher');
  // The admin is the community's GDPR data manager: the one whose exports carry e-mails.
  await makeDataManager(db, 'exp', 'admin');
  moderator = await signIn(t.app, 'mod', 'moderator-pass-1');
  publisher = await signIn(t.app, 'pub', 'publisher-pass-1');

  // Members whose text a spreadsheet would run as formulas.
  const alice = await member(db, expId, 'alice', '2026-01-01T10:00:00Z', {
    real_name: '=HYPERLINK("http://evil.test","click")',
    last_login: '2026-11-20T08:00:00Z',
    score: 12,
    email: 'alice@members.test',
  });
  const bob = await member(db, expId, '+bob', '2026-02-01T10:00:00Z', { real_name: 'Bob, "the builder"' });
  await member(db, expId, '@carol', '2026-03-01T10:00:00Z', { real_name: '-1+2', status: 'blocked' });
  const news = await category(db, expId, '=News');
  postId = await contribution(db, expId, alice, '2026-11-01T10:00:00Z', {
    title: '@everyone =cmd|calc',
    category_id: news,
  });
  await contribution(db, expId, bob, '2026-05-01T10:00:00Z', { type: 'discussion', title: 'Plain, old' });
  await comment(db, expId, bob, postId, '2026-11-02T10:00:00Z', 'first line\nsecond "line"');
  await comment(db, expId, alice, postId, '2026-11-03T10:00:00Z', '\tTabbed');
  await vote(db, expId, bob, postId, alice, '2026-11-02T11:00:00Z');
  await share(db, expId, bob, postId, alice, '2026-11-02T12:00:00Z');
  await view(db, expId, bob, postId, '2026-11-02T09:00:00Z');
  await view(db, expId, alice, postId, '2026-11-02T09:30:00Z');
  await db
    .insertInto('interests')
    .values({
      stack_id: expId,
      user_id: bob,
      category_id: news,
      created_at: new Date('2026-04-01T00:00:00Z'),
    })
    .execute();
  await follow(db, expId, alice, bob, '2026-06-01T00:00:00Z');
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** Access tokens last 10 hours: sign everyone in again after moving the clock a day. */
async function signInAgain() {
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'ed', 'editor-password-1');
  owner = await signIn(t.app, 'owner', 'owner-password-1');
  moderator = await signIn(t.app, 'mod', 'moderator-pass-1');
  publisher = await signIn(t.app, 'pub', 'publisher-pass-1');
}

const add = (body: Record<string, unknown>, who: SignedIn = admin, base = EXP) =>
  t.app.inject({
    method: 'POST',
    url: `${base}/add/`,
    headers: { ...who.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
const getExport = (id: number, who: SignedIn = admin) =>
  t.app.inject({ method: 'GET', url: `${EXP}/get/${id}/`, headers: who.bearer });

async function lastMail() {
  return t.db.selectFrom('mail_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
}

/** The download link of a mail, as a path on the test app. */
function linkIn(text: string): string {
  const match = /http:\/\/agora\.test(\/c\/[^\s]+)/.exec(text);
  if (!match?.[1]) throw new Error(`no link in ${text}`);
  return match[1];
}

describe('export jobs end to end', () => {
  it('builds the users CSV (escaped, quoted), mails the requester a link, and serves it without a bearer', async () => {
    const res = await add({ type: 'users', from: '2026-11-01', to: '2026-11-30' });
    expect(res.statusCode).toBe(202);
    const { id, status } = res.json().data;
    expect(status).toBe('pending');
    expect((await getExport(id)).json().data).toMatchObject({
      id,
      type: 'users',
      status: 'pending',
      download_url: null,
    });

    expect(await t.jobs.runDue()).toBe(1);
    const done = (await getExport(id)).json().data;
    expect(done).toMatchObject({
      id,
      status: 'done',
      rows: 3,
      error: null,
      completed_at: '2026-11-21T10:00:00.000Z',
      expires_at: '2026-11-22T10:00:00.000Z',
    });
    expect(done.download_url).toMatch(
      new RegExp(`^http://agora\\.test/c/exp/platform/api/v1/analytics/export/download/${id}/\\?token=`),
    );

    const mail = await lastMail();
    expect(mail.to).toEqual(['admin@agora.test']);
    expect(mail.stack_id).toBe(expId);
    expect(mail.subject).toContain('users export is ready');
    const link = linkIn(mail.text);
    expect(link).toContain(`/c/exp/platform/api/v1/analytics/export/download/${id}/?token=`);

    const file = await t.app.inject({ method: 'GET', url: link });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toBe(`attachment; filename="users-export-${id}.csv"`);
    expect(file.body).toBe(
      [
        'username,name,email,registration date,last login,status,contributions,comments,score',
        `alice,"'=HYPERLINK(""http://evil.test"",""click"")",alice@members.test,2026-01-01T10:00:00.000Z,2026-11-20T08:00:00.000Z,active,1,1,12`,
        `'+bob,"Bob, ""the builder""",'+bob@members.test,2026-02-01T10:00:00.000Z,,active,0,1,0`,
        `'@carol,'-1+2,'@carol@members.test,2026-03-01T10:00:00.000Z,,blocked,0,0,0`,
        '',
      ].join('\r\n'),
    );
  });

  it('keeps the email column for admins only', async () => {
    const res = await add({ type: 'users' }, editor);
    expect(res.statusCode).toBe(202);
    await t.jobs.runDue();
    const mail = await lastMail();
    expect(mail.to).toEqual(['ed@agora.test']);
    const body = (await t.app.inject({ method: 'GET', url: linkIn(mail.text) })).body;
    expect(body.split('\r\n')[0]).toBe(
      'username,name,registration date,last login,status,contributions,comments,score',
    );
    expect(body).not.toContain('@members.test');
    expect(body).toContain('alice,');
  });

  it('exports contributions, categories and a thread', async () => {
    const contributions = await add({ type: 'contributions', from: '2026-10-01' });
    await t.jobs.runDue();
    let body = (await t.app.inject({ method: 'GET', url: linkIn((await lastMail()).text) })).body;
    expect(body).toBe(
      [
        'id,type,title,author,category,created,comments,appreciations,shares,views',
        `${postId},post,'@everyone =cmd|calc,alice,'=News,2026-11-01T10:00:00.000Z,2,1,1,2`,
        '',
      ].join('\r\n'),
    );
    expect(contributions.statusCode).toBe(202);

    await add({ type: 'categories' });
    await t.jobs.runDue();
    body = (await t.app.inject({ method: 'GET', url: linkIn((await lastMail()).text) })).body;
    expect(body).toBe(['name,contributions,followers', `'=News,1,1`, ''].join('\r\n'));

    const missing = await add({ type: 'thread' });
    expect(missing.statusCode).toBe(400);
    expect(errorsOf(missing.body)[0]).toMatchObject({ field: 'contribution_id', code: 'required' });
    expect((await add({ type: 'thread', contribution_id: 999999 })).statusCode).toBe(404);
    expect((await add({ type: 'thread', contribution_id: postId })).statusCode).toBe(202);
    await t.jobs.runDue();
    body = (await t.app.inject({ method: 'GET', url: linkIn((await lastMail()).text) })).body;
    expect(body).toBe(
      [
        'author,date,text',
        `'+bob,2026-11-02T10:00:00.000Z,"first line\nsecond ""line"""`,
        `alice,2026-11-03T10:00:00.000Z,'\tTabbed`,
        '',
      ].join('\r\n'),
    );
  });

  it('refuses a wrong token (403), another community (404) and an expired link (410)', async () => {
    await add({ type: 'categories' });
    await t.jobs.runDue();
    const link = linkIn((await lastMail()).text);
    const id = Number(/download\/(\d+)\//.exec(link)?.[1]);
    const wrong = await t.app.inject({ method: 'GET', url: link.replace(/token=.*/, 'token=forged') });
    expect(wrong.statusCode).toBe(403);
    expect(errorsOf(wrong.body)[0]?.code).toBe('invalid_link');
    expect((await t.app.inject({ method: 'GET', url: link.replace(/token=.*/, '') })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: link.replace('/c/exp/', '/c/demo/') })).statusCode).toBe(
      404,
    );
    expect(
      (await t.app.inject({ method: 'GET', url: `${EXP}/download/${id + 1000}/?token=x` })).statusCode,
    ).toBe(404);
    t.clock.advance(24 * 3600 - 1);
    expect((await t.app.inject({ method: 'GET', url: link })).statusCode).toBe(200);
    t.clock.advance(2);
    const expired = await t.app.inject({ method: 'GET', url: link });
    expect(expired.statusCode).toBe(410);
    expect(errorsOf(expired.body)[0]?.code).toBe('link_expired');
    await signInAgain();
    expect((await getExport(id)).json().data.download_url).toBeNull();
  });

  it('marks an export failed with the error text once its attempts are spent', async () => {
    // A file where the community's exports folder should be: the CSV cannot be written.
    const brokenId = await createStack(t.db, 'broken', 'Broken');
    const adminAccount = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await addStaff(t.db, brokenId, adminAccount.id, 'admin', 'admin');
    fs.mkdirSync(path.join(dataDir, 'exports'), { recursive: true });
    fs.writeFileSync(path.join(dataDir, 'exports', String(brokenId)), 'not a folder');
    const res = await add({ type: 'users' }, admin, API('broken'));
    const { id } = res.json().data;
    const before = (await t.db.selectFrom('mail_outbox').select('id').execute()).length;
    await t.jobs.runDue();
    const retrying = await t.app.inject({
      method: 'GET',
      url: `${API('broken')}/get/${id}/`,
      headers: admin.bearer,
    });
    expect(retrying.json().data).toMatchObject({ status: 'pending', download_url: null });
    expect(retrying.json().data.error).toBeTruthy();
    for (let i = 0; i < 3; i += 1) {
      t.clock.advance(3600);
      await t.jobs.runDue();
    }
    await signInAgain();
    const failed = await t.app.inject({
      method: 'GET',
      url: `${API('broken')}/get/${id}/`,
      headers: admin.bearer,
    });
    expect(failed.json().data).toMatchObject({ status: 'failed', download_url: null });
    expect(failed.json().data.error).toMatch(/E(NOTDIR|EXIST)/);
    expect((await t.db.selectFrom('mail_outbox').select('id').execute()).length).toBe(before);
  });

  it('writes more rows than one page (5 000) through keyset pages', async () => {
    const bigId = await createStack(t.db, 'big', 'Big');
    const adminAccount = await t.db
      .selectFrom('accounts')
      .select('id')
      .where('username', '=', 'admin')
      .executeTakeFirstOrThrow();
    await addStaff(t.db, bigId, adminAccount.id, 'admin', 'admin');
    const rows = Array.from({ length: 5003 }, (_, i) => ({
      stack_id: bigId,
      account_id: null,
      username: `u${String(i).padStart(5, '0')}`,
      role: null,
      created_at: new Date('2026-01-01T00:00:00Z'),
    }));
    await t.db.insertInto('community_users').values(rows).execute();
    const res = await add({ type: 'users' }, admin, API('big'));
    await t.jobs.runDue();
    const data = (
      await t.app.inject({
        method: 'GET',
        url: `${API('big')}/get/${res.json().data.id}/`,
        headers: admin.bearer,
      })
    ).json().data;
    expect(data).toMatchObject({ status: 'done', rows: 5003 });
    const body = (await t.app.inject({ method: 'GET', url: linkIn((await lastMail()).text) })).body;
    const lines = body.split('\r\n').filter(Boolean);
    expect(lines).toHaveLength(5004);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(5004);
    expect(lines[5003]?.startsWith('u05002,')).toBe(true);
  });
});

describe('export access and listing', () => {
  it('lists only the caller’s exports, newest first; another’s export is not found', async () => {
    const mine = await t.app.inject({ method: 'GET', url: `${EXP}/list/`, headers: editor.bearer });
    expect(mine.statusCode).toBe(200);
    const list = mine.json().data;
    expect(list.count).toBe(1);
    expect(list.results[0]).toMatchObject({ type: 'users', status: 'done' });
    const adminList = (
      await t.app.inject({ method: 'GET', url: `${EXP}/list/?limit=2`, headers: admin.bearer })
    ).json().data;
    expect(adminList.results).toHaveLength(2);
    expect(adminList.results[0].id).toBeGreaterThan(adminList.results[1].id);
    const adminFirst = adminList.results[0].id;
    expect((await getExport(adminFirst, editor)).statusCode).toBe(404);
  });

  it('admins and editors request exports; moderators and publishers get 403, other communities 404, insight off 403', async () => {
    expect((await add({ type: 'users' }, moderator)).statusCode).toBe(403);
    expect((await add({ type: 'users' }, publisher)).statusCode).toBe(403);
    expect((await add({ type: 'users' }, owner)).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'GET', url: `${EXP}/list/`, headers: moderator.bearer })).statusCode,
    ).toBe(403);
    expect((await add({ type: 'nope' })).statusCode).toBe(400);
    expect((await add({ type: 'users', from: '2026-02-30' })).statusCode).toBe(400);
    expect((await add({ type: 'users', from: '2026-05-01', to: '2026-04-01' })).statusCode).toBe(400);
    await setFlag(t, admin, expId, 'insight', false);
    const off = await add({ type: 'users' });
    expect(off.statusCode).toBe(403);
    expect(errorsOf(off.body)[0]?.code).toBe('feature_disabled');
    await setFlag(t, admin, expId, 'insight', true);
  });
});
