import { simpleParser } from 'mailparser';
import type { EmailTemplateList } from '@agora/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, createAccount, createMember, type SignedIn } from '../../test-support/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let demoId: number;

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  ({ admin, demoId } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/c/demo/platform/api/v1/${path}`,
    headers: { ...admin.bearer, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { payload: JSON.stringify(body) } : {}),
  });

it('delivers the registration approval from the edited template, in Italian to an Italian recipient', async () => {
  const list = (await api('GET', 'email_manager/templates/?limit=100')).json() as { data: EmailTemplateList };
  const template = list.data.results.find((r) => r.key === 'registration_approved')!;
  const edited = await api('POST', `email_manager/templates/${template.id}/update/`, {
    subject: { it: 'Benvenuta {{username}}: sei dentro {{community_name}}' },
    html: { it: '<p>Ciao <b>{{username}}</b>, la tua iscrizione è approvata.</p><p>{{sign_in_url}}</p>' },
    footer_links: [{ label: 'Regole', url: 'https://demo.example.com/regole' }],
  });
  expect(edited.statusCode, edited.body).toBe(200);

  // Giulia signs in to the console in Italian; her membership request uses the same address.
  const account = await createAccount(t.db, 'giulia', 'giulia-password-1');
  await t.db
    .updateTable('accounts')
    .set({ language: 'it', email: 'giulia@example.it' })
    .where('id', '=', account)
    .execute();
  const giulia = await createMember(t.db, demoId, 'giulia_m', 'member-password-1', {
    status: 'pending',
    email: 'giulia@example.it',
  });
  // And Tom, who has no account: English, the shipped subject.
  const tom = await createMember(t.db, demoId, 'tom', 'member-password-1', {
    status: 'pending',
    email: 'tom@example.com',
  });

  for (const id of [giulia, tom]) {
    const res = await api('POST', 'users/manage_approval/', { user_id: id, action: 'approve' });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect(smtp.received).toHaveLength(2);
  const italian = await simpleParser(smtp.received.find((m) => m.to.includes('giulia@example.it'))!.raw);
  expect(italian.subject).toBe('Benvenuta giulia_m: sei dentro Demo');
  expect(italian.html).toContain('Ciao <b>giulia_m</b>, la tua iscrizione è approvata.');
  expect(italian.html).toContain('href="https://demo.example.com/regole"');
  expect(italian.text).toContain('Ciao giulia_m, la tua iscrizione è approvata.');
  expect(italian.text).toContain('http://agora.test');

  const english = await simpleParser(smtp.received.find((m) => m.to.includes('tom@example.com'))!.raw);
  expect(english.subject).toBe('Your registration to Demo has been approved');
  expect(english.text).toContain('your registration to Demo has been approved: you can now sign in.');
});
