import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { EMAIL_SENT_MESSAGE } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createStack,
  form,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { createSecretBox } from '../../platform/crypto/secret-box.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { hasCustomMailServer } from './mail-server.repository.ts';

const PASSWORD = 'Sm7p-s3cret-pa55';
const URL = '/c/demo/platform/api/v1/mail_server/';
const TEST_URL = '/c/demo/platform/api/v1/mail_server/test/';
// buildTestApp seals with the test-only key (no AGORA_SECRET_KEY).
const secretBox = createSecretBox('agora-test-only-secret-key-material');

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let editor: SignedIn;
let demoId: number;
const logLines: string[] = [];

beforeAll(async () => {
  // The peer listens on loopback: these tests need the operator's allowance (refusals are tested below).
  t = await buildTestApp({
    env: { LOG_LEVEL: 'info', AGORA_SMTP_ALLOW_PRIVATE: 'true' },
    logStream: { write: (line) => logLines.push(line) },
  });
  smtp = await startTestSmtpServer({ users: { mailer: PASSWORD } });
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  const otherId = await createStack(t.db, 'other', 'Other community');
  const owner = await createAccount(t.db, 'owner', 'owner-password-1');
  await addStaff(t.db, otherId, owner, 'owner', 'admin');
  const ed = await createAccount(t.db, 'editor1', 'editor-password-1');
  await addStaff(t.db, demoId, ed, 'editor1', 'editor');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'editor1', 'editor-password-1');
});
afterAll(async () => {
  await smtp.close();
  await t.close();
});

const valid = () => ({
  sender: 'custom',
  host: '127.0.0.1',
  port: String(smtp.port),
  use_tls: 'false',
  use_ssl: 'false',
  username: 'mailer',
  password: PASSWORD,
  from_email: 'news@demo.example',
  from_name: 'Demo News',
});
const save = (body: Record<string, string>, who: SignedIn = admin, url = URL) =>
  t.app.inject({ method: 'POST', url, ...form(body, who.bearer) });
const sendTest = (body: Record<string, string>, who: SignedIn = admin) =>
  t.app.inject({ method: 'POST', url: TEST_URL, ...form(body, who.bearer) });
const stored = () =>
  t.db.selectFrom('mail_servers').selectAll().where('stack_id', '=', demoId).executeTakeFirst();
const status = async () =>
  (await t.db.selectFrom('stacks').select('status').where('id', '=', demoId).executeTakeFirstOrThrow())
    .status;
async function finishRestart() {
  t.clock.advance(5);
  await t.jobs.runDue();
  expect(await status()).toBe('online');
}

describe('email server settings', () => {
  it('answers the default sender and empty settings at first, never a password', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      host: '',
      port: null,
      use_tls: false,
      use_ssl: false,
      username: '',
      has_password: false,
      from_email: '',
      from_name: '',
      sender: 'default',
    });
  });

  it('checks every field and saves nothing when one is wrong', async () => {
    const cases: [Record<string, string>, string, string, string?][] = [
      [{ ...valid(), host: '' }, 'host', 'required'],
      [{ ...valid(), host: 'bad host!' }, 'host', 'invalid_host'],
      [{ ...valid(), port: '' }, 'port', 'required'],
      [{ ...valid(), port: '0' }, 'port', 'invalid_port'],
      [{ ...valid(), port: '65536' }, 'port', 'invalid_port'],
      [{ ...valid(), port: 'abc' }, 'port', 'invalid_port'],
      [{ ...valid(), from_email: 'not-an-email' }, 'from_email', 'invalid_email', 'Invalid email'],
      [{ ...valid(), from_email: '' }, 'from_email', 'required'],
      [{ ...valid(), use_tls: 'true', use_ssl: 'true' }, 'use_ssl', 'tls_and_ssl'],
      [{ ...valid(), sender: 'other' }, 'sender', 'invalid'],
    ];
    for (const [body, field, code, message] of cases) {
      const res = await save(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      const entry = res.json().errors.find((e: { field?: string }) => e.field === field);
      expect(entry, `${field} in ${res.body}`).toMatchObject({
        field,
        code,
        ...(message ? { message } : {}),
      });
    }
    expect(await stored()).toBeUndefined();
    expect(await status()).toBe('online');
  });

  it('saves the settings with the password sealed, never answers it, and restarts the community', async () => {
    const res = await save(valid());
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.json().data).toEqual({
      host: '127.0.0.1',
      port: smtp.port,
      use_tls: false,
      use_ssl: false,
      username: 'mailer',
      has_password: true,
      from_email: 'news@demo.example',
      from_name: 'Demo News',
      sender: 'custom',
    });
    const row = await stored();
    expect(row?.password_sealed).toBeTruthy();
    expect(row?.password_sealed).not.toContain(PASSWORD);
    expect(secretBox.open(row?.password_sealed ?? '')).toBe(PASSWORD);
    expect(await hasCustomMailServer(t.db, demoId)).toBe(true);

    expect(await status()).toBe('progress');
    const busy = await save({ ...valid(), from_name: 'Other' });
    expect(busy.statusCode).toBe(409);
    expect(busy.json().errors[0].code).toBe('stack_restarting');
    await finishRestart();

    const get = await t.app.inject({ method: 'GET', url: URL, headers: admin.bearer });
    expect(get.body).not.toContain(PASSWORD);
    expect(get.json().data.has_password).toBe(true);
    expect(JSON.stringify(logLines)).not.toContain(PASSWORD);
  });

  it('keeps the stored password when the field is left empty', async () => {
    const res = await save({ ...valid(), password: '', from_name: 'Demo Newsletter' });
    expect(res.json().data).toMatchObject({ has_password: true, from_name: 'Demo Newsletter' });
    expect(secretBox.open((await stored())?.password_sealed ?? '')).toBe(PASSWORD);
    await finishRestart();
  });

  it('does not restart when nothing changed', async () => {
    const res = await save({ ...valid(), password: '', from_name: 'Demo Newsletter' });
    expect(res.statusCode).toBe(200);
    expect(await status()).toBe('online');
  });
});

describe('test email', () => {
  // A few test emails a minute per community: each test starts a fresh minute.
  beforeEach(() => t.clock.advance(61));

  it('sends through the stored server and answers the server reply', async () => {
    const before = smtp.received.length;
    const res = await sendTest({ to: 'owner@demo.example' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      response: expect.stringMatching(/^250 /),
      message: EMAIL_SENT_MESSAGE,
    });
    expect(smtp.received).toHaveLength(before + 1);
    const mail = smtp.received.at(-1);
    expect(mail).toMatchObject({ from: 'news@demo.example', to: ['owner@demo.example'], user: 'mailer' });
    expect(mail?.raw).toContain('Subject: Test email from Demo');
  });

  it('sends through the settings given in the dialog (stored password when none is typed)', async () => {
    const before = smtp.received.length;
    const res = await sendTest({
      ...valid(),
      password: '',
      from_email: 'form@demo.example',
      to: 'x@demo.example',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(smtp.received).toHaveLength(before + 1);
    expect(smtp.received.at(-1)).toMatchObject({ from: 'form@demo.example', user: 'mailer' });
  });

  it('answers smtp_error with the connection error when nothing listens on the port', async () => {
    const closed = await startTestSmtpServer();
    const port = closed.port;
    await closed.close();
    const res = await sendTest({ ...valid(), port: String(port), to: 'x@demo.example' });
    expect(res.statusCode).toBe(400);
    const entry = res.json().errors[0];
    expect(entry.code).toBe('smtp_error');
    expect(entry.message).toMatch(/ECONNREFUSED|connect/i);
  });

  it('answers smtp_error with the server refusal on a wrong password, without echoing it', async () => {
    const res = await sendTest({ ...valid(), password: 'wrong-password-typed', to: 'x@demo.example' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0].code).toBe('smtp_error');
    expect(res.json().errors[0].message).toMatch(/535|Invalid/);
    expect(res.body).not.toContain('wrong-password-typed');
    expect(JSON.stringify(logLines)).not.toContain('wrong-password-typed');
    expect(JSON.stringify(logLines)).not.toContain(PASSWORD);
  });

  it('checks the recipient', async () => {
    const res = await sendTest({ to: 'nobody' });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({
      field: 'to',
      code: 'invalid_email',
      message: 'Invalid email',
    });
    const missing = await sendTest({ to: '' });
    expect(missing.json().errors[0]).toMatchObject({ field: 'to', code: 'required' });
  });
});

describe('who may', () => {
  it('refuses editors (403) and other communities (404)', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL, headers: editor.bearer })).statusCode).toBe(403);
    expect((await save(valid(), editor)).statusCode).toBe(403);
    expect((await sendTest({ to: 'x@demo.example' }, editor)).statusCode).toBe(403);
    const other = await save(valid(), admin, '/c/other/platform/api/v1/mail_server/');
    expect(other.statusCode).toBe(404);
    const otherGet = await t.app.inject({
      method: 'GET',
      url: '/c/other/platform/api/v1/mail_server/',
      headers: admin.bearer,
    });
    expect(otherGet.statusCode).toBe(404);
  });
});

describe('whether email can be sent (issue 12 §2)', () => {
  const SENDING = '/c/demo/platform/api/v1/mail_server/sending/';
  const sending = async (who: SignedIn) => {
    const answer = await t.app.inject({ method: 'GET', url: SENDING, headers: who.bearer });
    expect(answer.statusCode).toBe(200);
    return (answer.json() as { data: { sender: string } }).data.sender;
  };

  it("says none without the community's or the deployment's server, custom once it has its own", async () => {
    await t.db.deleteFrom('mail_servers').where('stack_id', '=', demoId).execute();
    // The test app has no AGORA_SMTP_URL: nothing would leave.
    expect(await sending(admin)).toBe('none');
    // Every console role asks it before promising an email (here an editor, for an export).
    expect(await sending(editor)).toBe('none');
    expect((await save(valid())).statusCode).toBe(200);
    await finishRestart();
    expect(await sending(admin)).toBe('custom');
  });

  it('says platform when the deployment has its own SMTP server', async () => {
    const withPlatform = await buildTestApp({ env: { AGORA_SMTP_URL: 'smtp://127.0.0.1:2525' } });
    try {
      const signed = await signIn(withPlatform.app, 'admin', ADMIN_PASSWORD);
      const answer = await withPlatform.app.inject({ method: 'GET', url: SENDING, headers: signed.bearer });
      expect(answer.json().data.sender).toBe('platform');
    } finally {
      await withPlatform.close();
    }
  });

  it('answers 404 to the admin of another community', async () => {
    const owner = await signIn(t.app, 'owner', 'owner-password-1');
    const answer = await t.app.inject({ method: 'GET', url: SENDING, headers: owner.bearer });
    expect(answer.statusCode).toBe(404);
  });
});
