import { generate } from 'otplib';
import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN, type Credentials } from './console.ts';

const SIGNIN = '/platform/api/v1/auth/signin/';
const SIGNIN_CODE = '/platform/api/v1/auth/signin/two_factor/';
const DISABLE = '/platform/api/v1/account/two_factor/disable/';

/**
 * The code an authenticator app shows for `secret`, `stepsAhead` time steps from now. The server
 * takes one step either side of its clock and each step once: a second code within the same 30 s
 * is taken from the next step.
 */
export function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}

/**
 * Turns the account's second factor off through the API with two recovery codes (one to sign in,
 * one to turn it off), so the accounts the other specs share are left as they found them.
 */
export async function disableWithRecoveryCodes(
  request: APIRequestContext,
  recoveryCodes: readonly string[],
  credentials: Credentials = ADMIN,
): Promise<void> {
  const [signinCode, disableCode] = recoveryCodes.slice(-2);
  const first = await request.post(SIGNIN, { form: { ...credentials } });
  expect(first.status(), await first.text()).toBe(200);
  const answer = (await first.json()) as { data: { challenge?: string; token?: { access_token: string } } };
  let access = answer.data.token?.access_token;
  if (!access && answer.data.challenge) {
    const second = await request.post(SIGNIN_CODE, {
      form: { challenge: answer.data.challenge, code: signinCode as string },
    });
    expect(second.status(), await second.text()).toBe(200);
    access = ((await second.json()) as { data: { token: { access_token: string } } }).data.token.access_token;
    const off = await request.post(DISABLE, {
      headers: { Authorization: `Bearer ${access}` },
      form: { code: disableCode as string },
    });
    expect(off.status(), await off.text()).toBe(200);
  }
}
