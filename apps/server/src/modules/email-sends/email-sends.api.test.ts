import {
  EMAIL_SENDS_MESSAGES as M,
  type EmailDeliveryList,
  type EmailQuota,
  type EmailTask,
} from '@agora/contract';
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  type SignedIn,
  communityWithRoles,
  createMember,
  errorsOf,
  signIn,
} from '../../test-support/fixtures.ts';
import { DAILY_EMAIL_QUOTA } from './email-sends.service.ts';

const BASE = '/c/demo/platform/api/v1/email_sends';
const OTHER = '/c/other/platform/api/v1/email_sends';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let editor: SignedIn;
let moderator: SignedIn;
let owner: SignedIn;
let demoId: number;
let members: number[];

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({
    env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, AGORA_SMTP_ALLOW_PRIVATE: 'true' },
  });
  ({ admin, editor, moderator, owner, demoId } = await communityWithRoles(t, ADMIN_PASSWORD));
  members = [];
  for (const name of ['ada', 'bob', 'cyd'])
    members.push(await createMember(t.db, demoId, name, 'member-password-1'));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

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

/** The demo sends through its own server on this port (and has no daily quota meanwhile). */
async function useOwnServer(port: number) {
  await t.db
    .insertInto('mail_servers')
    .values({
      stack_id: demoId,
      host: '127.0.0.1',
      port,
      use_tls: false,
      use_ssl: false,
      username: '',
      sender: 'custom',
      from_email: 'news@example.com',
      from_name: 'News',
      updated_at: new Date(),
    })
    .execute();
}

const customised = (user_ids: number[], subject = 'Spring news') => ({
  subject,
  html: '<p>Hello from the <b>staff</b></p>',
  user_ids,
});

async function sendAndFinish(body: object, path = 'send_customised/'): Promise<EmailTask> {
  const res = await post(path, body);
  expect(res.statusCode, res.body).toBe(200);
  const task = data<EmailTask>(res.body);
  await t.jobs.runDue();
  return data<EmailTask>((await get(`${task.id}/`)).body);
}

describe('email sends: sending and the delivery log', () => {
  it('sends a customised email to every chosen user once, with progress and a delivery log', async () => {
    const before = smtp.received.length;
    const res = await post('send_customised/', customised(members));
    expect(res.statusCode, res.body).toBe(200);
    const started = data<EmailTask>(res.body);
    expect(started).toMatchObject({ status: 'running', total: 3, queued: 3, sent: 0, requested_by: 'admin' });

    await t.jobs.runDue();
    const done = data<EmailTask>((await get(`${started.id}/`)).body);
    expect(done).toMatchObject({ status: 'done', total: 3, sent: 3, failed: 0, queued: 0 });
    expect(done.finished_at).not.toBeNull();

    const mails = smtp.received.slice(before);
    expect(mails.flatMap((m) => m.to).sort()).toEqual([
      'ada@members.test',
      'bob@members.test',
      'cyd@members.test',
    ]);
    const parsed = await simpleParser(mails[0]!.raw);
    expect(parsed.subject).toBe('Spring news');
    expect(parsed.html).toContain('<b>staff</b>');
    expect(parsed.text).toContain('Hello from the staff');
    expect(parsed.messageId).toMatch(/@email-sends\.agora>$/);

    const log = data<EmailDeliveryList>((await get(`${started.id}/deliveries/?limit=2`)).body);
    expect(log.count).toBe(3);
    expect(log.results).toHaveLength(2);
    expect(log.results[0]).toMatchObject({ username: 'ada', status: 'sent', attempts: 1 });
    expect(log.results[0]!.answer).toMatch(/^250/);
    const rest = data<EmailDeliveryList>((await get(`${started.id}/deliveries/?limit=2&offset=2`)).body);
    expect(rest.results.map((r) => r.username)).toEqual(['cyd']);
    const failed = data<EmailDeliveryList>((await get(`${started.id}/deliveries/?status=failed`)).body);
    expect(failed.count).toBe(0);
  });

  it('sends a template type, worded with the community and the recipient', async () => {
    const before = smtp.received.length;
    const done = await sendAndFinish({ template_key: 'invite', user_ids: [members[0]] }, 'send/');
    expect(done).toMatchObject({ status: 'done', sent: 1, template_key: 'invite' });
    const parsed = await simpleParser(smtp.received[before]!.raw);
    expect(parsed.subject).toContain('invited');
    expect(parsed.text).toContain('ada');
  });

  it("renders a template type from the email manager in each recipient's language", async () => {
    await t.db.updateTable('community_users').set({ language: 'it' }).where('id', '=', members[1]!).execute();
    const before = smtp.received.length;
    const done = await sendAndFinish({ template_key: 'invite', user_ids: [members[0], members[1]] }, 'send/');
    expect(done).toMatchObject({ status: 'done', sent: 2 });
    const mails = await Promise.all(smtp.received.slice(before).map((m) => simpleParser(m.raw)));
    const to = (address: string) => mails.find((m) => JSON.stringify(m.to).includes(address))!;
    expect(to('ada@').subject).toMatch(/^You are invited to take part in /);
    expect(to('bob@').subject).toMatch(/^Sei invitato a partecipare a /);
    expect(to('bob@').text).toContain('Ciao bob');
    await t.db.updateTable('community_users').set({ language: null }).where('id', '=', members[1]!).execute();
  });

  it('refuses a send without recipients, without subject or body, or to users of another community', async () => {
    const none = await post('send_customised/', customised([]));
    expect(none.statusCode).toBe(400);
    expect(errorsOf(none.body)[0]).toMatchObject({ code: 'email_send_no_recipients', field: 'user_ids' });
    expect((await post('send/', { template_key: 'invite', user_ids: [] })).statusCode).toBe(400);
    const noSubject = await post('send_customised/', customised(members, '  '));
    expect(errorsOf(noSubject.body)[0]).toMatchObject({ code: 'required', field: 'subject' });
    expect((await post('send_customised/', { ...customised(members), html: '' })).statusCode).toBe(400);
    expect((await post('send/', { template_key: 'nope', user_ids: members })).statusCode).toBe(400);
    const foreign = await post('send_customised/', customised([members[0]!, 2_000_000]));
    expect(foreign.statusCode).toBe(400);
    // Nothing was left running by the refusals.
    expect((await sendAndFinish(customised([members[1]!]))).status).toBe('done');
  });

  it('records a refusal of the mail server as failed with its answer, and the others as sent', async () => {
    const refusing = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith('bob@')) {
          const error = new Error('5.1.1 Mailbox unavailable') as Error & { responseCode: number };
          error.responseCode = 550;
          callback(error);
        } else callback();
      },
      onData(stream, _session, callback) {
        stream.resume();
        stream.on('end', () => callback());
      },
    });
    await new Promise<void>((resolve) => refusing.listen(0, '127.0.0.1', () => resolve()));
    const port = (refusing.server.address() as AddressInfo).port;
    await useOwnServer(port);
    try {
      const task = await sendAndFinish(customised([members[0]!, members[1]!]));
      expect(task).toMatchObject({ status: 'done', sent: 1, failed: 1 });
      const failed = data<EmailDeliveryList>((await get(`${task.id}/deliveries/?status=failed`)).body);
      expect(failed.results).toHaveLength(1);
      expect(failed.results[0]).toMatchObject({
        username: 'bob',
        status: 'failed',
        attempts: 1,
        sent_at: null,
      });
      expect(failed.results[0]!.answer).toContain('550');
      expect(failed.results[0]!.answer).toContain('Mailbox unavailable');
      const sent = data<EmailDeliveryList>((await get(`${task.id}/deliveries/?status=sent`)).body);
      expect(sent.results.map((r) => r.username)).toEqual(['ada']);
    } finally {
      await t.db.deleteFrom('mail_servers').where('stack_id', '=', demoId).execute();
      await new Promise<void>((resolve) => refusing.close(() => resolve()));
    }
  });
});

describe('email sends: one task at a time', () => {
  it('answers the second of two concurrent sends with the busy message, and the first still completes', async () => {
    const [a, b] = await Promise.all([
      post('send_customised/', customised([members[0]!], 'First')),
      post('send_customised/', customised([members[1]!], 'Second')),
    ]);
    const codes = [a.statusCode, b.statusCode].sort();
    expect(codes).toEqual([200, 409]);
    const refused = a.statusCode === 409 ? a : b;
    expect(errorsOf(refused.body)[0]).toMatchObject({ code: 'email_send_busy', message: M.busy });
    // While the winner runs, any further send is refused too.
    const again = await post('send/', { template_key: 'data_provisioning', user_ids: members });
    expect(again.statusCode).toBe(409);
    expect(errorsOf(again.body)[0]!.message).toBe(
      'The system is busy. An email sending task is already in progress...',
    );
    await t.jobs.runDue();
    // Done: the next one is accepted.
    expect((await sendAndFinish(customised([members[2]!]))).status).toBe('done');
  });
});

describe('email sends: who may use them', () => {
  it('is for the admin only, and never reaches another community', async () => {
    for (const who of [editor, moderator]) {
      expect((await get('quota/', who)).statusCode).toBe(403);
      expect((await post('send_customised/', customised(members), who)).statusCode).toBe(403);
    }
    const task = await sendAndFinish(customised([members[0]!]));
    expect((await get(`${task.id}/`, owner, OTHER)).statusCode).toBe(404);
    expect((await get(`${task.id}/deliveries/`, owner, OTHER)).statusCode).toBe(404);
    expect((await post('send_customised/', customised(members), owner, OTHER)).statusCode).toBe(400);
    expect((await get('999999/')).statusCode).toBe(404);
  });
});

describe('email sends: the daily quota of the default sender', () => {
  it('shows the remaining quota and refuses recipients beyond it before queuing anything', async () => {
    const quota = data<EmailQuota>((await get('quota/')).body);
    expect(quota.custom_server).toBe(false);
    const usedSoFar = DAILY_EMAIL_QUOTA - quota.remaining!;
    expect(usedSoFar).toBeGreaterThan(0);

    const names = Array.from({ length: quota.remaining! + 1 }, (_, i) => `bulk${i}`);
    const rows = await t.db
      .insertInto('community_users')
      .values(
        names.map((username) => ({
          stack_id: demoId,
          username,
          email: `${username}@members.test`,
          status: 'active',
        })),
      )
      .returning('id')
      .execute();
    const ids = rows.map((r) => r.id);
    const over = await post('send_customised/', customised(ids));
    expect(over.statusCode).toBe(400);
    expect(errorsOf(over.body)[0]).toMatchObject({ code: 'email_quota_exceeded', field: 'user_ids' });
    expect(errorsOf(over.body)[0]!.message).toContain(String(quota.remaining));
    expect(data<EmailQuota>((await get('quota/')).body).remaining).toBe(quota.remaining);

    // Exactly the remaining quota is accepted; then nothing is left today…
    const fits = await post('send_customised/', customised(ids.slice(1)));
    expect(fits.statusCode, fits.body).toBe(200);
    expect(data<EmailQuota>((await get('quota/')).body).remaining).toBe(0);
    await t.jobs.runDue();
    expect((await post('send_customised/', customised([members[0]!]))).statusCode).toBe(400);
  });

  it('has no quota for a community with its own email server', async () => {
    await useOwnServer(smtp.port);
    expect(data<EmailQuota>((await get('quota/')).body)).toEqual({ remaining: null, custom_server: true });
    await t.db.deleteFrom('mail_servers').where('stack_id', '=', demoId).execute();
  });

  it('gives the whole quota again the next day', async () => {
    t.clock.advance(24 * 3600 * 1000);
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    expect(data<EmailQuota>((await get('quota/')).body).remaining).toBe(DAILY_EMAIL_QUOTA);
  });
});
