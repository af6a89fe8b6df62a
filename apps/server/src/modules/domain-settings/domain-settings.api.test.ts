import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STACK_RESTARTING_MESSAGE } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  addStaff,
  createAccount,
  createStack,
  form,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { customDomainOf } from './domain-settings.repository.ts';

let t: TestApp;
let admin: SignedIn;
let editor: SignedIn;
let demoId: number;
let otherId: number;
const URL = '/c/demo/platform/api/v1/domain/';

beforeAll(async () => {
  t = await buildTestApp();
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
  otherId = await createStack(t.db, 'other', 'Other community');
  const owner = await createAccount(t.db, 'owner', 'owner-password-1');
  await addStaff(t.db, otherId, owner, 'owner', 'admin');
  await t.db
    .insertInto('stack_domains')
    .values({ stack_id: otherId, domain: 'taken.example.com', updated_at: new Date() })
    .execute();
  const ed = await createAccount(t.db, 'editor1', 'editor-password-1');
  await addStaff(t.db, demoId, ed, 'editor1', 'editor');
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
  editor = await signIn(t.app, 'editor1', 'editor-password-1');
});
afterAll(() => t.close());

const post = (domain: string, who: SignedIn = admin, url = URL) =>
  t.app.inject({ method: 'POST', url, ...form({ domain }, who.bearer) });
const status = async () =>
  (await t.db.selectFrom('stacks').select('status').where('id', '=', demoId).executeTakeFirstOrThrow())
    .status;

describe('domain settings', () => {
  it('answers no domain at first', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL, headers: admin.bearer });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { domain: null } });
  });

  it.each([
    'not a domain',
    'http://community.example.com',
    '192.168.1.1',
    'localhost',
    '-bad.example.com',
    'a..b.com',
  ])('refuses %j and changes nothing', async (domain) => {
    const res = await post(domain);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors[0]).toMatchObject({ field: 'domain', code: 'invalid_domain' });
    expect(await status()).toBe('online');
  });

  it("refuses another community's domain and the platform's own host as not unique", async () => {
    for (const domain of ['TAKEN.example.com', 'agora.test']) {
      const res = await post(domain);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([
        {
          field: 'domain',
          code: 'unique',
          message: 'This field must be unique',
          messages: [{ code: 'unique', message: 'This field must be unique' }],
        },
      ]);
    }
    expect(await customDomainOf(t.db, demoId)).toBeNull();
  });

  it('stores the lower-cased domain and restarts the community; writes wait until it is online', async () => {
    const res = await post('  Community.Example.COM ');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ domain: 'community.example.com' });
    expect(await customDomainOf(t.db, demoId)).toBe('community.example.com');
    expect(await status()).toBe('progress');

    // The console sees it through the community's own stack call.
    const self = await t.app.inject({
      method: 'GET',
      url: '/c/demo/platform/api/v1/stack/',
      headers: admin.bearer,
    });
    expect(self.json().data.status).toBe('progress');

    for (const res2 of [
      await post('second.example.com'),
      await t.app.inject({
        method: 'POST',
        url: '/c/demo/platform/api/v1/mail_server/',
        ...form({ host: 'smtp.example.com' }, admin.bearer),
      }),
    ]) {
      expect(res2.statusCode).toBe(409);
      expect(res2.json().errors[0]).toMatchObject({
        code: 'stack_restarting',
        message: STACK_RESTARTING_MESSAGE,
      });
    }
    expect(await customDomainOf(t.db, demoId)).toBe('community.example.com');

    t.clock.advance(4);
    await t.jobs.runDue();
    expect(await status()).toBe('progress');
    t.clock.advance(1);
    expect(await t.jobs.runDue()).toBe(1);
    expect(await status()).toBe('online');
    const job = await t.db
      .selectFrom('jobs')
      .selectAll()
      .where('kind', '=', 'stack.restart')
      .executeTakeFirstOrThrow();
    expect(job).toMatchObject({ stack_id: demoId, attempts: 1, failed_at: null });
    expect(job.finished_at).not.toBeNull();
  });

  it('does not restart when the domain is unchanged', async () => {
    const res = await post('community.example.com');
    expect(res.statusCode).toBe(200);
    expect(await status()).toBe('online');
  });

  it('removes the domain when it is emptied (a change: restart)', async () => {
    const res = await post('');
    expect(res.json().data).toEqual({ domain: null });
    expect(await customDomainOf(t.db, demoId)).toBeNull();
    expect(await status()).toBe('progress');
    t.clock.advance(5);
    await t.jobs.runDue();
    expect(await status()).toBe('online');
  });

  it('is for admins of this community only', async () => {
    expect((await t.app.inject({ method: 'GET', url: URL, headers: editor.bearer })).statusCode).toBe(403);
    const refused = await post('editor.example.com', editor);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().errors[0].code).toBe('permission_denied');
    const other = await post('mine.example.com', admin, '/c/other/platform/api/v1/domain/');
    expect(other.statusCode).toBe(404);
    expect(await customDomainOf(t.db, otherId)).toBe('taken.example.com');
  });

  it("answers feature_disabled while the community's 'domain' flag is off", async () => {
    await t.db
      .insertInto('stack_features')
      .values({ stack_id: demoId, name: 'domain', enabled: false })
      .execute();
    const get = await t.app.inject({ method: 'GET', url: URL, headers: admin.bearer });
    expect(get.statusCode).toBe(403);
    expect(get.json().errors[0].code).toBe('feature_disabled');
    expect((await post('flag.example.com')).json().errors[0].code).toBe('feature_disabled');
    expect(await customDomainOf(t.db, demoId)).toBeNull();
  });
});
