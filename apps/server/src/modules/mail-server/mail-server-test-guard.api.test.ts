import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { form, signIn, type SignedIn, stackBySlug } from '../../test-support/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { TEST_EMAIL_LIMIT } from './mail-server.service.ts';

// Issue 10 §4: the email server test sent the stored password to any host, and reached any address.
const STORED_PASSWORD = 'Sm7p-s3cret-pa55';
const URL = '/c/demo/platform/api/v1/mail_server/';
const TEST_URL = '/c/demo/platform/api/v1/mail_server/test/';

const settings = (port: number, extra: Record<string, string> = {}) => ({
  sender: 'custom',
  host: '127.0.0.1',
  port: String(port),
  use_tls: 'false',
  use_ssl: 'false',
  username: 'mailer',
  password: '',
  from_email: 'news@demo.example',
  from_name: 'Demo News',
  ...extra,
});

describe('the stored password goes to the stored server only', () => {
  let t: TestApp;
  let admin: SignedIn;
  let stored: TestSmtpServer;
  let rogue: TestSmtpServer;
  const sendTest = (body: Record<string, string>) =>
    t.app.inject({ method: 'POST', url: TEST_URL, ...form({ to: 'x@demo.example', ...body }, admin.bearer) });

  beforeAll(async () => {
    // Both peers are on loopback: the allowance is on, so only the password rule can stop the login.
    t = await buildTestApp({ env: { AGORA_SMTP_ALLOW_PRIVATE: 'true' } });
    stored = await startTestSmtpServer({ users: { mailer: STORED_PASSWORD } });
    rogue = await startTestSmtpServer();
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
    const saved = await t.app.inject({
      method: 'POST',
      url: URL,
      ...form(settings(stored.port, { password: STORED_PASSWORD }), admin.bearer),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    t.clock.advance(5);
    await t.jobs.runDue();
  });
  afterAll(async () => {
    await stored.close();
    await rogue.close();
    await t.close();
  });
  beforeEach(() => t.clock.advance(61));

  it.each([
    ['another port', (port: number) => settings(port)],
    ['another host name for the same server', () => settings(stored.port, { host: 'localhost' })],
    ['another username', () => settings(stored.port, { username: 'someone-else' })],
    ['STARTTLS instead of plain text', () => settings(stored.port, { use_tls: 'true' })],
  ])('refuses %s with an empty password, before connecting anywhere', async (_name, body) => {
    const before = { stored: stored.connections, rogue: rogue.connections };
    const res = await sendTest(body(rogue.port));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().errors).toEqual([
      expect.objectContaining({ field: 'password', code: 'password_required' }),
    ]);
    expect(rogue.connections).toBe(before.rogue);
    expect(stored.connections).toBe(before.stored);
    expect(rogue.logins).toEqual([]);
  });

  it('sends a typed password to another server, never the stored one', async () => {
    const res = await sendTest(settings(rogue.port, { password: 'typed-for-this-test' }));
    expect(res.statusCode).toBe(400); // the rogue peer knows no users
    expect(rogue.logins).toEqual([{ username: 'mailer', password: 'typed-for-this-test' }]);
    expect(JSON.stringify(rogue.logins)).not.toContain(STORED_PASSWORD);
  });

  it('uses the stored password for the stored server, given in the dialog or not', async () => {
    const same = await sendTest(settings(stored.port));
    expect(same.statusCode, same.body).toBe(200);
    t.clock.advance(61);
    const storedOnly = await sendTest({});
    expect(storedOnly.statusCode, storedOnly.body).toBe(200);
    expect(stored.logins.filter((l) => l.password === STORED_PASSWORD).length).toBeGreaterThanOrEqual(2);
    expect(stored.received.at(-1)).toMatchObject({ user: 'mailer' });
  });

  it('keeps the real mailer working with the saved settings', async () => {
    const before = stored.received.length;
    await t.mailer.send(
      (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow()).id,
      { to: ['member@demo.example'], subject: 'Saved settings', text: 'Hello' },
    );
    expect(stored.received.length).toBe(before + 1);
    expect(stored.received.at(-1)).toMatchObject({ user: 'mailer', to: ['member@demo.example'] });
  });
});

describe('addresses the test may not reach', () => {
  let t: TestApp;
  let admin: SignedIn;
  let listening: TestSmtpServer;
  const sendTest = (app: TestApp['app'], body: Record<string, string>) =>
    app.inject({ method: 'POST', url: TEST_URL, ...form({ to: 'x@demo.example', ...body }, admin.bearer) });

  beforeAll(async () => {
    t = await buildTestApp(); // no allowance: the default
    listening = await startTestSmtpServer();
    admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await listening.close();
    await t.close();
  });

  // Only loopback spellings here: a broken guard would then still send nothing off this machine
  // (names resolving to private or metadata addresses are covered in platform/net without a network).
  it.each(['127.0.0.1', 'localhost', '127.1.2.3', '::1', '::ffff:127.0.0.1', '::ffff:7f00:1', '0.0.0.0'])(
    'refuses %s with host_not_allowed, and nothing connects to the listening server',
    async (host) => {
      t.clock.advance(61);
      const res = await sendTest(t.app, settings(listening.port, { host, username: '' }));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors).toEqual([
        expect.objectContaining({ field: 'host', code: 'host_not_allowed' }),
      ]);
      expect(listening.connections).toBe(0);
    },
  );

  it('refuses the stored settings too when they point at a private address', async () => {
    const demo = await stackBySlug(t.db, 'demo');
    await t.db
      .insertInto('mail_servers')
      .values({
        stack_id: demo.id,
        host: '127.0.0.1',
        port: listening.port,
        use_tls: false,
        use_ssl: false,
        username: '',
        password_sealed: null,
        from_email: 'news@demo.example',
        from_name: '',
        sender: 'custom',
        updated_at: new Date(),
      })
      .execute();
    t.clock.advance(61);
    const res = await sendTest(t.app, {});
    expect(res.json().errors[0]).toMatchObject({ field: 'host', code: 'host_not_allowed' });
    await expect(
      t.mailer.send(demo.id, { to: ['member@demo.example'], subject: 'x', text: 'x' }),
    ).rejects.toThrow(/may not connect/);
    expect(listening.connections).toBe(0);
  });

  it('answers 429 with Retry-After beyond a few tests a minute, counted in the database for every process', async () => {
    t.clock.advance(61);
    const body = settings(listening.port, { host: '127.0.0.1', username: '' });
    for (let i = 0; i < TEST_EMAIL_LIMIT.limit; i += 1) {
      t.clock.advance(1);
      expect((await sendTest(t.app, body)).statusCode).toBe(400);
    }
    const limited = await sendTest(t.app, body);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().errors[0]).toMatchObject({ code: 'throttled' });
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(TEST_EMAIL_LIMIT.windowSeconds);

    // A second server process on the same database sees the same count.
    const second = await buildApp({ config: t.config, db: t.db, clock: t.clock });
    await second.ready();
    try {
      const elsewhere = await sendTest(second, body);
      expect(elsewhere.statusCode).toBe(429);
      t.clock.advance(wait);
      expect((await sendTest(second, body)).statusCode).toBe(400);
    } finally {
      await second.close();
    }
    expect(listening.connections).toBe(0);
  });
});
