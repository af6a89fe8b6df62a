import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMBER_PEOPLE_MESSAGES as M } from '@agora/contract';
import { ADMIN_PASSWORD, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { communityFixture, type SignedIn } from '../../test-support/fixtures.ts';

// Issue 10 §5: the password policy accepted Passw0rd and password1A. Every public path that sets a
// password refuses common, breached-pattern and personal passwords (400, field password, a reason).
let t: TestApp;
let admin: SignedIn;

beforeAll(async () => {
  t = await buildTestApp();
  ({ admin } = await communityFixture(t, ADMIN_PASSWORD));
});
afterAll(() => t.close());

const signUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/c/demo/api/v2/account/create/', payload: body });
const ssoSignUp = (body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/c/demo/api/v2/sso/signup/', payload: body, headers: admin.bearer });

function passwordError(body: string) {
  return (JSON.parse(body) as { errors: { field?: string; code: string; message: string }[] }).errors.find(
    (e) => e.field === 'password',
  );
}

describe('member sign-up refuses weak passwords', () => {
  it.each([
    ['Passw0rd', 'password_too_common', M.passwordTooCommon],
    ['password1A', 'password_too_common', M.passwordTooCommon],
    ['Password1!', 'password_too_common', M.passwordTooCommon],
    ['qwerty123!', 'password_too_common', M.passwordTooCommon],
    ['juventus1897', 'password_too_common', M.passwordTooCommon],
    ['ciaobella1', 'password_too_common', M.passwordTooCommon],
    ['aaaaaaaaaaaa', 'password_too_weak', M.passwordWeak],
  ])('%s: 400, %s', async (password, code, message) => {
    const res = await signUp({ username: 'weakling', email: 'weakling@example.org', password });
    expect(res.statusCode, res.body).toBe(400);
    expect(passwordError(res.body)).toEqual(
      expect.objectContaining({ field: 'password', code, message: expect.stringMatching(/too weak/) }),
    );
    expect(passwordError(res.body)?.message).toBe(message);
  });

  it("refuses the person's own username or e-mail with a little decoration", async () => {
    for (const password of ['Margherita2024', 'margherita.rossi!1']) {
      const res = await signUp({
        username: 'margherita',
        email: 'margherita.rossi@example.org',
        real_name: 'Margherita Rossi',
        password,
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(passwordError(res.body)).toMatchObject({
        code: 'password_too_similar',
        message: M.passwordTooSimilar,
      });
    }
  });

  it('accepts a passphrase, and checks lengths first', async () => {
    const ok = await signUp({
      username: 'strong1',
      email: 'strong1@example.org',
      password: 'quiet otter lamp fjord',
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const short = await signUp({ username: 'strong2', email: 'strong2@example.org', password: 'Ab1!' });
    expect(passwordError(short.body)?.code).toBe('min_length');
  });
});

describe('SSO sign-up refuses a weak password when one is given', () => {
  it('refuses Passw0rd, accepts none or a strong one', async () => {
    const weak = await ssoSignUp({
      username: 'sso-weak',
      email: 'sso-weak@example.org',
      password: 'Passw0rd',
    });
    expect(weak.statusCode).toBe(400);
    expect(passwordError(weak.body)?.code).toBe('password_too_common');
    expect((await ssoSignUp({ username: 'sso-none' })).statusCode).toBe(201);
    const strong = await ssoSignUp({ username: 'sso-strong', password: 'Made-editor-password-9' });
    expect(strong.statusCode, strong.body).toBe(201);
  });
});
