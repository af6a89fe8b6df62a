import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createSecretBox } from '../crypto/secret-box.ts';
import { loadConfig } from '../config/config.ts';
import { communityMailer as createMailer } from '../../composition/app-wiring.ts';
import { startTestSmtpServer, type TestSmtpServer } from './test-smtp-server.ts';

let t: TestApp;
let platformSmtp: TestSmtpServer;
let communitySmtp: TestSmtpServer;
let demoId: number;
const secretBox = createSecretBox('mailer-test-key-material-0123456789');

beforeAll(async () => {
  t = await buildTestApp();
  platformSmtp = await startTestSmtpServer({ users: { platform: 'p@ss:word/1' } });
  communitySmtp = await startTestSmtpServer({ users: { community: 'community-secret' } });
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
});
afterAll(async () => {
  await platformSmtp.close();
  await communitySmtp.close();
  await t.close();
});

const mail = { to: ['member@example.com'], subject: 'Hello', text: 'Your code is 123456', html: '<p>Hi</p>' };

describe('mailer', () => {
  it('keeps the mail in the outbox and logs it without its body when no SMTP server exists', async () => {
    const lines: unknown[][] = [];
    const mailer = createMailer({
      db: t.db,
      config: {
        smtpUrl: undefined,
        mailFrom: 'Agora <no-reply@agora.test>',
        smtpAllowPrivate: false,
        smtpAllowedHosts: [],
      },
      secretBox,
      logger: { info: (...args: unknown[]) => lines.push(args) } as never,
    });
    const answer = await mailer.send(demoId, mail);
    expect(answer.messageId).toMatch(/^outbox:\d+$/);
    const rows = await t.db.selectFrom('mail_outbox').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      stack_id: demoId,
      to: ['member@example.com'],
      subject: 'Hello',
      html: '<p>Hi</p>',
    });
    expect(JSON.stringify(lines)).toContain('Hello');
    expect(JSON.stringify(lines)).not.toContain('123456');
  });

  it('sends through the platform default (AGORA_SMTP_URL) with its login', async () => {
    const config = loadConfig({
      AGORA_SMTP_URL: `smtp://platform:${encodeURIComponent('p@ss:word/1')}@127.0.0.1:${platformSmtp.port}`,
      AGORA_MAIL_FROM: 'Agora <no-reply@agora.test>',
    });
    const mailer = createMailer({ db: t.db, config, secretBox });
    const answer = await mailer.send(demoId, mail);
    expect(answer.response).toMatch(/^250 /);
    expect(platformSmtp.received).toHaveLength(1);
    expect(platformSmtp.received[0]).toMatchObject({
      from: 'no-reply@agora.test',
      to: ['member@example.com'],
      user: 'platform',
    });
    expect(platformSmtp.received[0]?.raw).toContain('Subject: Hello');
  });

  it("uses the community's own server, with the sealed password opened, when it chose the custom sender", async () => {
    await t.db
      .insertInto('mail_servers')
      .values({
        stack_id: demoId,
        host: '127.0.0.1',
        port: communitySmtp.port,
        use_tls: false,
        use_ssl: false,
        username: 'community',
        password_sealed: secretBox.seal('community-secret'),
        from_email: 'news@community.example',
        from_name: 'Community News',
        sender: 'custom',
        updated_at: new Date(),
      })
      .execute();
    // The community's server is on loopback: reachable only with the operator's allowance.
    const config = loadConfig({
      AGORA_SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port}`,
      AGORA_SMTP_ALLOW_PRIVATE: 'true',
    });
    const mailer = createMailer({ db: t.db, config, secretBox });
    const before = platformSmtp.received.length;
    await mailer.send(demoId, mail);
    expect(communitySmtp.received).toHaveLength(1);
    expect(communitySmtp.received[0]).toMatchObject({ from: 'news@community.example', user: 'community' });
    expect(communitySmtp.received[0]?.raw).toContain('From: Community News <news@community.example>');
    // Platform-wide mail (no community) still goes through the platform's server.
    await mailer.send(null, mail);
    expect(platformSmtp.received.length).toBe(before + 1);
  });

  it("refuses a community's server on a loopback address without the allowance, before connecting", async () => {
    const config = loadConfig({ AGORA_SMTP_URL: `smtp://127.0.0.1:${platformSmtp.port}` });
    const mailer = createMailer({ db: t.db, config, secretBox });
    const before = communitySmtp.received.length;
    await expect(mailer.send(demoId, mail)).rejects.toThrow(/may not connect/);
    expect(communitySmtp.received.length).toBe(before);
    // The operator may allow that one host by name or address instead of every private network.
    const listed = createMailer({
      db: t.db,
      config: loadConfig({ AGORA_SMTP_ALLOWED_HOSTS: '127.0.0.1' }),
      secretBox,
    });
    await listed.send(demoId, mail);
    expect(communitySmtp.received.length).toBe(before + 1);
  });

  it('hides AGORA_SMTP_URL (it holds a password) when the value is refused', () => {
    expect(() => loadConfig({ AGORA_SMTP_URL: 'http://user:hunter2@host' })).toThrow(
      /AGORA_SMTP_URL.*\*\*\*/,
    );
    expect(() => loadConfig({ AGORA_SMTP_URL: 'http://user:hunter2@host' })).not.toThrow(/hunter2/);
    expect(loadConfig({}).restartSeconds).toBe(5);
    expect(loadConfig({ AGORA_RESTART_SECONDS: '0' }).restartSeconds).toBe(0);
  });
});
