import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, errorsOf, setFlag, type SignedIn } from '../../test-support/fixtures.ts';
import type { HostLookup } from '../../platform/net/outbound-host.ts';
import { recordEvent } from '../../platform/events/event-outbox.ts';
import { createWebhooksService } from './webhooks.service.ts';
import { createWebhookDelivery } from './webhook-delivery.ts';
import * as repo from './webhooks.repository.ts';

/*
 * The SSRF guard: a target on an internal network is refused when it is saved and again when it is
 * sent (the address checked is the one connected to). A stubbed resolver answers for every name, so
 * no test ever asks real DNS or connects anywhere but this machine.
 */

const BASE = '/c/demo/platform/api/v1/webhooks';

let t: TestApp;
let admin: SignedIn;
let demoId: number;

/** A DNS table: names here never reach a resolver. */
function stubDns(entries: Record<string, string[]>) {
  const asked: string[] = [];
  const lookup: HostLookup = async (host) => {
    asked.push(host);
    const addresses = entries[host];
    if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { lookup, asked, entries };
}

const add = (target: string) =>
  t.app.inject({
    method: 'POST',
    url: `${BASE}/endpoints/add/`,
    headers: { ...admin.bearer, 'content-type': 'application/json' },
    payload: JSON.stringify({ target, events: ['post.created'] }),
  });

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin, demoId } = await communityFixture(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'webhook', true);
});
afterAll(() => t.close());

describe('webhook targets on internal networks', () => {
  it.each([
    'http://127.0.0.1:8080/hook',
    'http://[::1]:8080/hook',
    'http://0x7f000001/',
    'http://2130706433/',
    'http://10.0.0.5/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::ffff:127.0.0.1]/',
    'http://[fe80::1]/',
  ])('refuses %s when saved', async (target) => {
    const res = await add(target);
    expect(res.statusCode, res.body).toBe(400);
    expect(errorsOf(res.body)[0]).toMatchObject({ field: 'target', code: 'webhook_target_refused' });
  });

  it('refuses a name that resolves to a private or link-local address; accepts a public one', async () => {
    const dns = stubDns({
      'intranet.example': ['10.1.2.3'],
      'linklocal.example': ['169.254.10.10'],
      'mixed.example': ['93.184.216.34', '192.168.1.1'],
      'public.example': ['93.184.216.34'],
    });
    const service = createWebhooksService({ ...platformOf(t), lookup: dns.lookup });
    for (const host of ['intranet.example', 'linklocal.example', 'mixed.example', 'missing.example'])
      await expect(
        service.add(demoId, { target: `https://${host}/hook`, events: ['post.created'] }),
      ).rejects.toMatchObject({ statusCode: 400 });
    const ok = await service.add(demoId, { target: 'https://public.example/hook', events: ['post.created'] });
    expect(ok.target).toBe('https://public.example/hook');
    expect(dns.asked).toEqual(expect.arrayContaining(['intranet.example', 'public.example']));
    await service.remove(demoId, ok.id);
  });

  it('checks again at connect time: a name that now resolves inside is refused, nothing is sent', async () => {
    const dns = stubDns({ 'rebind.example': ['93.184.216.34'] });
    const service = createWebhooksService({ ...platformOf(t), lookup: dns.lookup });
    const endpoint = await service.add(demoId, {
      target: 'http://rebind.example/hook',
      events: ['post.created'],
    });
    dns.entries['rebind.example'] = ['127.0.0.1'];
    await t.db
      .transaction()
      .execute((trx) =>
        recordEvent(trx, { stackId: demoId, type: 'post.created', data: { id: 1 }, at: t.clock.now() }),
      );
    const delivery = createWebhookDelivery(
      {
        db: t.db,
        clock: t.clock,
        secretBox: platformOf(t).secretBox,
        config: { webhooksAllowPrivate: false },
      },
      { lookup: dns.lookup },
    );
    await delivery.pump();
    const attempts = await repo.listAttempts(
      t.db,
      demoId,
      endpoint.id,
      { limit: 10, offset: 0 },
      new Date(0),
    );
    expect(attempts.rows).toHaveLength(1);
    expect(attempts.rows[0]).toMatchObject({ succeeded: false, http_response_code: null });
    expect(attempts.rows[0]!.response_body).toMatch(/network this server may not connect to/);
    await service.remove(demoId, endpoint.id);
  });

  it('allows private targets with AGORA_WEBHOOKS_ALLOW_PRIVATE=1 (development), never metadata', async () => {
    const dev = await buildTestApp({ env: { AGORA_WEBHOOKS_ALLOW_PRIVATE: '1' } });
    try {
      const cast = await communityFixture(dev, ADMIN_PASSWORD);
      await setFlag(dev, cast.admin, cast.demoId, 'webhook', true);
      const send = (target: string) =>
        dev.app.inject({
          method: 'POST',
          url: `${BASE}/endpoints/add/`,
          headers: { ...cast.admin.bearer, 'content-type': 'application/json' },
          payload: JSON.stringify({ target, events: ['post.created'] }),
        });
      expect((await send('http://127.0.0.1:9/hook')).statusCode).toBe(200);
      expect((await send('http://[::1]:9/hook')).statusCode).toBe(200);
      expect((await send('http://169.254.169.254/')).statusCode).toBe(400);
    } finally {
      await dev.close();
    }
  });
});

function platformOf(app: TestApp) {
  return {
    db: app.db,
    clock: app.clock,
    config: app.config,
    secretBox: { seal: (s: string) => `plain:${s}`, open: (s: string) => s.slice('plain:'.length) },
    jobs: app.jobs,
    mailer: app.mailer,
    stackScope: undefined as never,
  };
}
