import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createAccount, createMember, form } from '../../test-support/fixtures.ts';
import { ensureMemberClient } from '../member-auth/member-auth.repository.ts';
import { throttleKeys } from './sign-in-throttle.service.ts';

/**
 * The sign-in throttle against the attacks of issue 10 §2: parallel guesses, spoofed forwarded
 * addresses, an address's own successes, and one account named two ways.
 */
const SIGNIN = '/platform/api/v1/auth/signin/';
const LIMITS = { windowSeconds: 900, perAccount: 3, perIp: 8 };
let t: TestApp;
let demoId: number;

beforeAll(async () => {
  // The 200 parallel guesses below all wait for a slot, however slow the machine: the admission limit
  // (503 when a request waits too long, tested on its own) must not stand in for the throttle here.
  t = await buildTestApp({ throttle: LIMITS, env: { AGORA_MAX_QUEUE_WAIT_MS: '600000' } });
  demoId = (await t.db.selectFrom('stacks').select('id').where('slug', '=', 'demo').executeTakeFirstOrThrow())
    .id;
});
afterAll(() => t.close());

function signIn(username: string, password: string, remoteAddress = '127.0.0.1', headers = {}) {
  return t.app.inject({
    method: 'POST',
    url: SIGNIN,
    remoteAddress,
    ...form({ username, password }, headers),
  });
}

/** Passwords verified for one account key (each allowed reservation is one verification). */
async function checked(key: string): Promise<number> {
  const row = await t.db
    .selectFrom('sign_in_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', 'account')
    .where('key', '=', key)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

async function failuresFrom(ip: string): Promise<number> {
  const row = await t.db
    .selectFrom('sign_in_attempts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('scope', '=', 'ip')
    .where('key', '=', ip)
    .where('succeeded', '=', false)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('parallel guesses', () => {
  it('checks at most the limit of 25 parallel console guesses, and the right one is refused beyond it', async () => {
    const id = await createAccount(t.db, 'racer', 'racer-password-1');
    const passwords = [...Array.from({ length: 24 }, (_, i) => `wrong-${i}`), 'racer-password-1'];
    const answers = await Promise.all(
      passwords.map((p, i) => signIn(i % 2 ? 'racer' : 'racer@agora.test', p, `10.20.0.${i + 1}`)),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c !== 429)).toHaveLength(LIMITS.perAccount);
    expect(codes.filter((c) => c === 429)).toHaveLength(25 - LIMITS.perAccount);
    expect(await checked(throttleKeys.account(id))).toBe(LIMITS.perAccount);
    // Over the limit, the right password is refused without being looked at.
    const right = await signIn('racer', 'racer-password-1', '10.20.1.1');
    expect(right.statusCode).toBe(429);
    expect(Number(right.headers['retry-after'])).toBeGreaterThan(0);
    expect(await checked(throttleKeys.account(id))).toBe(LIMITS.perAccount);
  });

  it('checks at most the limit of 200 parallel guesses for one member on the community token endpoint', async () => {
    const memberId = await createMember(t.db, demoId, 'guessed', 'guessed-password-1');
    const clientId = await ensureMemberClient(t.db, demoId);
    const answers = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/c/demo/oauth/token/',
          remoteAddress: `10.30.${Math.floor(i / 250)}.${(i % 250) + 1}`,
          ...form({
            grant_type: 'password',
            client_id: clientId,
            username: i % 2 ? 'guessed' : 'GUESSED@members.test',
            password: i === 199 ? 'guessed-password-1' : `wrong-${i}`,
          }),
        }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c !== 429)).toHaveLength(LIMITS.perAccount);
    expect(await checked(throttleKeys.member(demoId, memberId))).toBe(LIMITS.perAccount);
  });
});

describe('one account, one counter; an address keeps its count', () => {
  it('counts username and e-mail of one account together', async () => {
    await createAccount(t.db, 'twonames', 'twonames-password-1');
    expect((await signIn('twonames', 'bad-1', '10.40.0.1')).statusCode).toBe(400);
    expect((await signIn('TwoNames@agora.test', 'bad-2', '10.40.0.2')).statusCode).toBe(400);
    expect((await signIn('twonames@agora.test', 'bad-3', '10.40.0.3')).statusCode).toBe(400);
    expect((await signIn('twonames', 'twonames-password-1', '10.40.0.4')).statusCode).toBe(429);
  });

  it("does not reset an address's failures when it signs in its own account", async () => {
    const ip = '10.50.0.1';
    await createAccount(t.db, 'interleaver', 'interleaver-password-1');
    for (let i = 0; i < LIMITS.perIp - 1; i++) {
      expect((await signIn(`nobody-${i}`, 'whatever', ip)).statusCode).toBe(400);
    }
    const own = await signIn('interleaver', 'interleaver-password-1', ip);
    expect(own.statusCode, own.body).toBe(200);
    expect((await signIn('nobody-last', 'whatever', ip)).statusCode).toBe(400);
    expect((await signIn('interleaver', 'interleaver-password-1', ip)).statusCode).toBe(429);
    expect(await failuresFrom(ip)).toBe(LIMITS.perIp);
  });
});

describe('old attempts', () => {
  it('are removed once two windows old, a few at each attempt', async () => {
    const count = async () =>
      Number(
        (
          await t.db
            .selectFrom('sign_in_attempts')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('key', '=', 'login:forgotten')
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect((await signIn('forgotten', 'whatever', '10.80.0.1')).statusCode).toBe(400);
    expect(await count()).toBe(1);
    t.clock.advance(2 * LIMITS.windowSeconds + 1);
    // Removed oldest first, 20 at a time: a few attempts clear everything written so far here.
    for (let i = 0; i < 40 && (await count()) > 0; i++)
      await signIn(`later-${i}`, 'whatever', `10.81.0.${i + 1}`);
    expect(await count()).toBe(0);
  });
});

describe('IPv6 clients', () => {
  it('counts an IPv6 client by its /64, so new addresses of the same network buy no tries', async () => {
    for (let i = 0; i < LIMITS.perIp; i++) {
      expect((await signIn(`v6-${i}`, 'whatever', `2001:db8:1:2::${i + 1}`)).statusCode).toBe(400);
    }
    expect((await signIn('v6-x', 'whatever', '2001:db8:1:2:ffff:ffff:ffff:1')).statusCode).toBe(429);
    expect((await signIn('v6-y', 'whatever', '2001:db8:1:3::1')).statusCode).toBe(400);
  });
});

describe('forwarded addresses', () => {
  it('ignores a client-set X-Forwarded-For by default', async () => {
    const ip = '10.60.0.1';
    for (let i = 0; i < LIMITS.perIp; i++) {
      const res = await signIn(`spoof-${i}`, 'whatever', ip, { 'x-forwarded-for': `198.51.100.${i + 1}` });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await signIn('spoof-x', 'whatever', ip, { 'x-forwarded-for': '198.51.100.200' });
    expect(blocked.statusCode).toBe(429);
    expect(await failuresFrom(ip)).toBe(LIMITS.perIp);
    expect(await failuresFrom('198.51.100.1')).toBe(0);
  });

  it('believes X-Forwarded-For only from a configured proxy', async () => {
    const proxied = await buildTestApp({
      throttle: LIMITS,
      env: { AGORA_TRUST_PROXY: '10.70.0.1, 10.71.0.0/16' },
    });
    try {
      const count = async (ip: string) =>
        Number(
          (
            await proxied.db
              .selectFrom('sign_in_attempts')
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .where('scope', '=', 'ip')
              .where('key', '=', ip)
              .executeTakeFirstOrThrow()
          ).n,
        );
      const attempt = (remoteAddress: string, forwarded: string) =>
        proxied.app.inject({
          method: 'POST',
          url: SIGNIN,
          remoteAddress,
          ...form({ username: 'nobody', password: 'whatever' }, { 'x-forwarded-for': forwarded }),
        });
      expect((await attempt('10.70.0.1', '203.0.113.7')).statusCode).toBe(400);
      expect((await attempt('10.71.3.4', '203.0.113.8')).statusCode).toBe(400);
      expect((await attempt('10.72.0.1', '203.0.113.9')).statusCode).toBe(400);
      expect(await count('203.0.113.7')).toBe(1);
      expect(await count('203.0.113.8')).toBe(1);
      // Not a configured proxy: its own address is counted, the header is not believed.
      expect(await count('203.0.113.9')).toBe(0);
      expect(await count('10.72.0.1')).toBe(1);
    } finally {
      await proxied.close();
    }
  });
});
