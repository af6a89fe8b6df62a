import { simpleParser, type ParsedMail } from 'mailparser';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  communityFixture,
  createMember,
  errorsOf,
  memberSignIn,
  setFlag,
  signIn,
  type SignedIn,
} from '../../test-support/fixtures.ts';
import { startTestSmtpServer, type TestSmtpServer } from '../../platform/mail/test-smtp-server.ts';
import { signHsJwt } from '../../platform/crypto/hs-jwt.ts';
import { digestToken } from '../../platform/auth/opaque-token.ts';
import '../categories/categories.tables.ts';
import '../legal-pages/legal-pages.tables.ts';

// Issue 18 §2, the member API side of signing up and in: what the member site calls. Real database,
// real SMTP peer, every email parsed as a mail client would.

let t: TestApp;
let smtp: TestSmtpServer;
let admin: SignedIn;
let demoId: number;
let otherId: number;

const STRONG = 'Str0ng-pass-for-tests';

beforeAll(async () => {
  smtp = await startTestSmtpServer();
  t = await buildTestApp({ env: { AGORA_SMTP_URL: `smtp://127.0.0.1:${smtp.port}` } });
  ({ demoId, otherId, admin } = await communityFixture(t, ADMIN_PASSWORD));
  await setFlag(t, admin, demoId, 'legal_pages', true);
});
// Tests move the clock by days: each starts with a fresh console session.
beforeEach(async () => {
  admin = await signIn(t.app, 'admin', ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const api = (method: 'GET' | 'POST' | 'PATCH', path: string, body?: unknown, who?: SignedIn, slug = 'demo') =>
  t.app.inject({
    method,
    url: `/c/${slug}/api/v2${path}`,
    headers: {
      ...(who?.bearer ?? {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
const consoleApi = (method: 'GET' | 'POST', path: string, body?: unknown) =>
  t.app.inject({
    method,
    url: `/c/demo/platform/api/v1/${path}`,
    headers: { ...admin.bearer, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
    ...(body !== undefined ? { payload: JSON.stringify(body) } : {}),
  });
const setPreferences = async (values: Record<string, unknown>) => {
  const res = await api('PATCH', '/dynamic_preference/', values, admin);
  expect(res.statusCode, res.body).toBe(200);
};
const bearer = (token: { access_token: string }): SignedIn => ({
  access: token.access_token,
  refresh: '',
  clientId: '',
  bearer: { authorization: `Bearer ${token.access_token}` },
});

/** The next mail to `to` the SMTP peer receives (sent after the answer for recovery), parsed. */
async function mailTo(to: string): Promise<ParsedMail> {
  const raw = await vi.waitFor(
    () => {
      const found = smtp.received.find((m) => m.to.some((a) => a.toLowerCase() === to.toLowerCase()));
      if (!found) throw new Error(`no mail to ${to} yet`);
      return found;
    },
    { timeout: 5000, interval: 20 },
  );
  smtp.received.splice(smtp.received.indexOf(raw), 1);
  return simpleParser(raw.raw);
}
/** The `token` of the link in a mail's text. */
const codeIn = (mail: ParsedMail, pattern: RegExp) => {
  const match = (mail.text ?? '').match(pattern);
  expect(match, mail.text).not.toBeNull();
  return decodeURIComponent(match![1]!);
};
const VERIFY_LINK = /http:\/\/agora\.test\/c\/demo\/verify-email\?token=([\w%-]+)/;
const RESET_LINK = /http:\/\/agora\.test\/c\/demo\/reset-password\?token=([\w%-]+)/;

describe('sign-up, as the registration settings say', () => {
  it('follows the forced and the preselected categories, and only the preselected can be left', async () => {
    const category = async (name: string, auto_follow: string) => {
      const res = await consoleApi('POST', 'categories/add/', { name, auto_follow });
      expect(res.statusCode, res.body).toBeLessThan(300);
      return (res.json() as { data: { id: number } }).data.id;
    };
    const forced = await category('House rules', 'forced');
    const preselected = await category('Introductions', 'preselection');
    const plain = await category('Off topic', 'none');
    const res = await api('POST', '/account/create/', {
      username: 'cora',
      email: 'cora@example.org',
      password: STRONG,
    });
    expect(res.statusCode, res.body).toBe(201);
    await mailTo('cora@example.org');
    const cora = await memberSignIn(t.app, t.db, 'demo', 'cora', STRONG);
    const followed = async (id: number) =>
      (await api('GET', `/category/${id}/is_followed/`, undefined, cora)).json().is_followed;
    expect([await followed(forced), await followed(preselected), await followed(plain)]).toEqual([
      true,
      true,
      false,
    ]);
    expect((await api('POST', `/category/${preselected}/follow/`, undefined, cora)).statusCode).toBe(204);
    expect(await followed(preselected)).toBe(false);
    expect((await api('POST', `/category/${forced}/follow/`, undefined, cora)).statusCode).toBe(403);
  });

  it('records the legal pages accepted on the form, so nothing is owed afterwards', async () => {
    const current = (await api('GET', '/legal_page/last_revisions/')).json() as {
      id: number;
      slug: string;
    }[];
    const required = current.filter((p) => p.slug === 'tec' || p.slug === 'privacy').map((p) => p.id);
    expect(required).toHaveLength(2);
    // An id that is not a current version of this community's pages is refused, and nobody is created.
    const wrong = await api('POST', '/account/create/', {
      username: 'dora',
      email: 'dora@example.org',
      password: STRONG,
      legal_pages: [...required, 999_999],
    });
    expect(wrong.statusCode).toBe(400);
    expect(errorsOf(wrong.body)[0]).toMatchObject({ field: 'legal_pages', code: 'invalid' });
    const res = await api('POST', '/account/create/', {
      username: 'dora',
      email: 'dora@example.org',
      password: STRONG,
      legal_pages: required,
    });
    expect(res.statusCode, res.body).toBe(201);
    await mailTo('dora@example.org');
    const dora = await memberSignIn(t.app, t.db, 'demo', 'dora', STRONG);
    const owed = await api('GET', '/legal_page/to_accept/', undefined, dora);
    expect(owed.statusCode).toBe(200);
    expect(owed.json()).toEqual([]);
    expect(owed.headers['x-legal-acceptance-required']).toBeUndefined();
    const acks = (await api('GET', '/legal_page/user_acks/', undefined, dora)).json() as {
      custom_page: number;
    }[];
    expect(acks.map((a) => a.custom_page).sort()).toEqual([...required].sort());
  });

  it('with admin approval the answer says so (a waiting page), and sign-in waits too', async () => {
    await setPreferences({ users_approval_enabled: true });
    try {
      const res = await api('POST', '/account/create/', {
        username: 'wendy',
        email: 'wendy@example.org',
        password: STRONG,
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ username: 'wendy', reg_approved: false });
      // Verifying the address works while waiting, and answers the waiting code instead of a sign-in.
      const code = codeIn(await mailTo('wendy@example.org'), VERIFY_LINK);
      const verified = await api('POST', '/account/verify/', { validation_code: code });
      expect(verified.statusCode).toBe(403);
      expect(errorsOf(verified.body)[0]?.code).toBe('account_pending');
      const row = await t.db
        .selectFrom('community_users')
        .select(['email_validated', 'status'])
        .where('stack_id', '=', demoId)
        .where('username', '=', 'wendy')
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ email_validated: true, status: 'pending' });
    } finally {
      await setPreferences({ users_approval_enabled: false });
    }
  });
});

describe('legal pages owed after a new version or a force-accept', () => {
  it('lists what the member must accept now, and empties as they accept', async () => {
    await createMember(t.db, demoId, 'lena', 'lena-password-1');
    const lena = await memberSignIn(t.app, t.db, 'demo', 'lena', 'lena-password-1');
    const owed = async () =>
      (
        (await api('GET', '/legal_page/to_accept/', undefined, lena)).json() as { id: number; slug: string }[]
      ).map((p) => `${p.slug}=${p.id}`);
    const first = await owed();
    expect(first).toHaveLength(2);
    for (const entry of first) {
      const id = Number(entry.split('=')[1]);
      expect((await api('POST', `/legal_page/${id}/ack/`, { accept: true }, lena)).statusCode).toBe(200);
    }
    expect(await owed()).toEqual([]);

    const pages = (await consoleApi('GET', 'legal_pages/')).json().data.results as {
      id: number;
      policy: string;
      version: { id: number };
    }[];
    const tec = pages.find((p) => p.policy === 'tec')!;
    const privacy = pages.find((p) => p.policy === 'privacy')!;
    const added = await consoleApi('POST', `legal_pages/${tec.id}/versions/add/`, {
      label: 'Terms, second edition',
      html_body: '<p>New terms</p>',
    });
    expect(added.statusCode, added.body).toBe(200);
    const newTec = (added.json() as { data: { versions: { id: number }[] } }).data.versions[0]!.id;
    expect(await owed()).toEqual([`tec=${newTec}`]);
    expect((await consoleApi('POST', `legal_pages/${privacy.id}/force_accept/`, {})).statusCode).toBe(200);
    const call = await api('GET', '/legal_page/to_accept/', undefined, lena);
    expect(call.headers['x-legal-acceptance-required']).toBe(`privacy=${privacy.version.id}, tec=${newTec}`);
    expect(await owed()).toEqual([`privacy=${privacy.version.id}`, `tec=${newTec}`]);
    await api('POST', `/legal_page/${newTec}/ack/`, { accept: true }, lena);
    await api('POST', `/legal_page/${privacy.version.id}/ack/`, { accept: true }, lena);
    expect(await owed()).toEqual([]);
    // Anonymous callers owe nothing: they are asked to sign in.
    expect((await api('GET', '/legal_page/to_accept/')).statusCode).toBe(401);
  });
});

describe('email verification', () => {
  it('mails the link at sign-up; the code verifies once, signs in, and is stored only as a digest', async () => {
    const res = await api('POST', '/account/create/', {
      username: 'vera',
      email: 'Vera@Example.org',
      password: STRONG,
      language: 'it',
    });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await mailTo('Vera@Example.org');
    expect(mail.subject).toBe('Conferma il tuo indirizzo email per Demo');
    const code = codeIn(mail, VERIFY_LINK);
    const stored = await t.db.selectFrom('member_account_codes').selectAll().execute();
    expect(stored.some((r) => r.code_hash === digestToken(code))).toBe(true);
    expect(JSON.stringify(stored)).not.toContain(code);

    const check = await api('POST', '/account/verify/validation_code/', { validation_code: code });
    expect(check.json()).toEqual({ purpose: 'verify_email' });
    const verified = await api('POST', '/account/verify/', { validation_code: code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.headers['cache-control']).toBe('no-store');
    const token = verified.json().token as { access_token: string; refresh_token: string; client_id: string };
    expect(token.client_id).toMatch(/^community-demo-/);
    const me = await api('GET', '/user/me/', undefined, bearer(token));
    expect(me.json()).toMatchObject({ username: 'vera' });
    const again = await api('POST', '/account/verify/', { validation_code: code });
    expect(again.statusCode).toBe(400);
    expect(errorsOf(again.body)[0]).toMatchObject({ field: 'validation_code', code: 'invalid' });
    // Verified now: asking again sends nothing.
    const resend = await api('POST', '/account/verify/send/', undefined, bearer(token));
    expect(resend.json()).toEqual({ sent: false });
  });

  it('counts wrong codes per client, so one guesser locks nobody else out', async () => {
    const verify = (validation_code: string, remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/c/demo/api/v2/account/verify/',
        payload: { validation_code },
        remoteAddress,
      });
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) answers.push((await verify(`agev_guess${i}`, '203.0.113.9')).statusCode);
    expect(answers).toEqual([400, 400, 400, 400, 400, 429]);
    const res = await api('POST', '/account/create/', {
      username: 'gina',
      email: 'gina@example.org',
      password: STRONG,
    });
    expect(res.statusCode, res.body).toBe(201);
    const code = codeIn(await mailTo('gina@example.org'), VERIFY_LINK);
    expect((await verify(code, '198.51.100.7')).statusCode).toBe(200);
  });

  it('expires, ends when a newer link is sent, and is worth nothing in another community', async () => {
    await createMember(t.db, demoId, 'ezra', 'ezra-password-1', { email: 'ezra@example.org' });
    await t.db
      .updateTable('community_users')
      .set({ email_validated: false })
      .where('username', '=', 'ezra')
      .execute();
    const ezra = await memberSignIn(t.app, t.db, 'demo', 'ezra', 'ezra-password-1');
    const send = () => api('POST', '/account/verify/send/', undefined, ezra);
    expect((await send()).json()).toEqual({ sent: true });
    const first = codeIn(await mailTo('ezra@example.org'), VERIFY_LINK);
    expect((await send()).json()).toEqual({ sent: true });
    const second = codeIn(await mailTo('ezra@example.org'), VERIFY_LINK);
    expect((await api('POST', '/account/verify/', { validation_code: first })).statusCode).toBe(400);
    expect(
      (await api('POST', '/account/verify/', { validation_code: second }, undefined, 'other')).statusCode,
    ).toBe(400);
    t.clock.advance(2 * 24 * 3600 + 1);
    expect((await api('POST', '/account/verify/', { validation_code: second })).statusCode).toBe(400);
  });

  it("links to the community's url_template_verify_email when set", async () => {
    await setPreferences({ url_template_verify_email: 'https://app.example.com/verify/{validation_code}' });
    try {
      const res = await api('POST', '/account/create/', {
        username: 'tilda',
        email: 'tilda@example.org',
        password: STRONG,
      });
      expect(res.statusCode, res.body).toBe(201);
      const mail = await mailTo('tilda@example.org');
      expect(mail.subject).toBe('Confirm your email address for Demo');
      const code = codeIn(mail, /https:\/\/app\.example\.com\/verify\/([\w%-]+)/);
      expect((await api('POST', '/account/verify/', { validation_code: code })).statusCode).toBe(200);
    } finally {
      await setPreferences({ url_template_verify_email: '' });
    }
  });
});

describe('password recovery', () => {
  it('answers 204 for any address, mails only a member, and the code resets once', async () => {
    const id = await createMember(t.db, demoId, 'rita', 'rita-password-old-1', { email: 'rita@example.org' });
    const rita = await memberSignIn(t.app, t.db, 'demo', 'rita', 'rita-password-old-1');
    const unknown = await api('POST', '/account/recover/', { email: 'nobody@example.org' });
    expect(unknown.statusCode).toBe(204);
    const known = await api('POST', '/account/recover/', { email: 'RITA@example.org' });
    expect(known.statusCode).toBe(204);
    expect(known.body).toBe(unknown.body);
    const mail = await mailTo('rita@example.org');
    expect(mail.subject).toBe('Choose a new password for Demo');
    expect(smtp.received.some((m) => m.to.includes('nobody@example.org'))).toBe(false);
    const code = codeIn(mail, RESET_LINK);

    // A weak password is refused and leaves the code usable.
    const weak = await api('POST', '/account/reset/', { validation_code: code, password: 'password' });
    expect(weak.statusCode).toBe(400);
    expect(errorsOf(weak.body)[0]?.field).toBe('password');
    // A verification code is no recovery code.
    expect((await api('POST', '/account/verify/', { validation_code: code })).statusCode).toBe(400);
    const reset = await api('POST', '/account/reset/', {
      validation_code: code,
      password: 'Brand-new-Pass-2026',
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const token = reset.json().token as { access_token: string };
    expect((await api('GET', '/user/me/', undefined, bearer(token))).json().id).toBe(id);
    // Other sign-ins end; the old password no longer works, the new one does.
    expect((await api('GET', '/user/me/', undefined, rita)).statusCode).toBe(401);
    await expect(memberSignIn(t.app, t.db, 'demo', 'rita', 'rita-password-old-1')).rejects.toThrow(/400/);
    await memberSignIn(t.app, t.db, 'demo', 'rita', 'Brand-new-Pass-2026');
    const twice = await api('POST', '/account/reset/', {
      validation_code: code,
      password: 'Another-new-Pass-2026',
    });
    expect(twice.statusCode).toBe(400);
  });

  it('links to url_template_password_recover when set, and expires within the hour', async () => {
    await createMember(t.db, demoId, 'otto', 'otto-password-1', { email: 'otto@example.org' });
    await setPreferences({
      url_template_password_recover: 'https://app.example.com/reset?c={validation_code}',
    });
    try {
      await api('POST', '/account/recover/', { email: 'otto@example.org' });
      const code = codeIn(
        await mailTo('otto@example.org'),
        /https:\/\/app\.example\.com\/reset\?c=([\w%-]+)/,
      );
      t.clock.advance(3601);
      const late = await api('POST', '/account/reset/', {
        validation_code: code,
        password: 'Brand-new-Pass-2026',
      });
      expect(late.statusCode).toBe(400);
    } finally {
      await setPreferences({ url_template_password_recover: '' });
    }
  });

  it('is throttled per address like sign-in, the same for known and unknown addresses', async () => {
    await createMember(t.db, demoId, 'tess', 'tess-password-1', { email: 'tess@example.org' });
    for (const email of ['tess@example.org', 'ghost@example.org']) {
      const answers: number[] = [];
      for (let i = 0; i < 6; i += 1)
        answers.push((await api('POST', '/account/recover/', { email })).statusCode);
      expect(answers).toEqual([204, 204, 204, 204, 204, 429]);
    }
    await vi.waitFor(() =>
      expect(smtp.received.filter((m) => m.to.includes('tess@example.org'))).toHaveLength(5),
    );
    smtp.received.length = 0;
  });
});

describe('single sign-on from the owner’s app (sso/token/)', () => {
  const now = () => Math.floor(t.clock.now().getTime() / 1000);
  async function jwtKey(stackSlug = 'demo'): Promise<string> {
    const res = await t.app.inject({
      method: 'POST',
      url: `/c/${stackSlug}/platform/api/v1/configuration/jwt/refresh_secret/`,
      headers:
        stackSlug === 'demo' ? admin.bearer : (await signIn(t.app, 'owner', 'owner-password-1')).bearer,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.jwt_secret_key as string;
  }
  const exchange = (token: string, slug = 'demo') => api('POST', '/sso/token/', { token }, undefined, slug);

  it('creates the member an unknown ext_id names, then matches them, with a refreshable member token', async () => {
    const key = await jwtKey();
    const claims = { ext_id: 'crm-42', username: 'sso_sam', email: 'sam@owner.example', exp: now() + 120 };
    const first = await exchange(signHsJwt(claims, key));
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ created: true, user: { username: 'sso_sam', ext_id: 'crm-42' } });
    const token = first.json().token as { access_token: string; refresh_token: string; client_id: string };
    expect((await api('GET', '/user/me/', undefined, bearer(token))).json().username).toBe('sso_sam');
    const second = await exchange(signHsJwt({ ext_id: 'crm-42', exp: now() + 120 }, key));
    expect(second.json()).toMatchObject({ created: false, user: { id: first.json().user.id } });
    // The site keeps the sign-in alive with the community's token endpoint, as after a password.
    const refreshed = await t.app.inject({
      method: 'POST',
      url: '/c/demo/oauth/token/',
      payload: {
        grant_type: 'refresh_token',
        client_id: token.client_id,
        refresh_token: token.refresh_token,
      },
    });
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    // By user_id too.
    const byId = await exchange(signHsJwt({ user_id: first.json().user.id, exp: now() + 60 }, key));
    expect(byId.json()).toMatchObject({ created: false, user: { username: 'sso_sam' } });
  });

  it('refuses a bad signature, an expired token and another community’s key, creating nobody', async () => {
    const key = await jwtKey();
    const otherKey = await jwtKey('other');
    const claims = { ext_id: 'crm-77', username: 'sso_nobody', exp: now() + 120 };
    const refused = [
      signHsJwt(claims, 'not-the-community-key'),
      signHsJwt({ ...claims, exp: now() - 1 }, key),
      signHsJwt(claims, otherKey),
      signHsJwt({ username: 'sso_nobody', exp: now() + 120 }, key),
      signHsJwt({ user_id: 999_999, exp: now() + 120 }, key),
      'not-a-jwt',
    ];
    for (const jwt of refused) {
      const res = await exchange(jwt);
      expect(res.statusCode, jwt).toBe(401);
      expect(errorsOf(res.body)[0]?.code).toBe('invalid_token');
    }
    // The other community's key works there only.
    const there = await exchange(signHsJwt(claims, otherKey), 'other');
    expect(there.statusCode, there.body).toBe(200);
    const here = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', demoId)
      .where('ext_id', '=', 'crm-77')
      .execute();
    expect(here).toEqual([]);
    const inOther = await t.db
      .selectFrom('community_users')
      .select('id')
      .where('stack_id', '=', otherId)
      .where('ext_id', '=', 'crm-77')
      .execute();
    expect(inOther).toHaveLength(1);
  });

  it('answers field errors for a member it cannot create, and the standing of a banned one', async () => {
    const key = await jwtKey();
    const bad = await exchange(
      signHsJwt({ ext_id: 'crm-90', username: 'no spaces allowed', exp: now() + 60 }, key),
    );
    expect(bad.statusCode).toBe(400);
    expect(errorsOf(bad.body)[0]?.field).toBe('username');
    const id = await createMember(t.db, demoId, 'sso_blocked', 'blocked-password-1', { status: 'banned' });
    const banned = await exchange(signHsJwt({ user_id: id, exp: now() + 60 }, key));
    expect(banned.statusCode).toBe(403);
    expect(errorsOf(banned.body)[0]?.code).toBe('account_blocked');
  });

  it('never hands a staff member signed in by SSO over to the console', async () => {
    const key = await jwtKey();
    const staffId = await createMember(t.db, demoId, 'sso_staff', 'staff-password-1', { role: 'moderator' });
    const res = await exchange(signHsJwt({ user_id: staffId, exp: now() + 60 }, key));
    expect(res.statusCode, res.body).toBe(200);
    const handoff = await api('GET', '/user/me/platform_url/', undefined, bearer(res.json().token));
    expect(handoff.statusCode).toBe(403);
    expect(errorsOf(handoff.body)[0]?.code).toBe('handoff_refused');
    // Their own password still opens it.
    const own = await memberSignIn(t.app, t.db, 'demo', 'sso_staff', 'staff-password-1');
    expect((await api('GET', '/user/me/platform_url/', undefined, own)).statusCode).toBe(200);
  });
});
