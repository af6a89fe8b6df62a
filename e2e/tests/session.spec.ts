import { expect, test } from '../support/test.ts';
import {
  apiSignIn,
  consoleMessages,
  expectHomeWithDemo,
  expectOnSignin,
  revokeToken,
  signInViaUi,
  storedToken,
} from '../support/console.ts';
import { CONSOLE_CLIENT_ID, DEMO_SLUG } from '../support/server-settings.ts';

test('logging out in one tab logs out the other tab', async ({ context }) => {
  const first = await context.newPage();
  await signInViaUi(first);
  const second = await context.newPage();
  await second.goto('/');
  await expectHomeWithDemo(second);

  await first.getByTestId('account-menu-button').click();
  await first.getByTestId('logout').click();
  await expectOnSignin(first);
  await expectOnSignin(second);
  await expect(second.getByTestId('home')).toHaveCount(0);
});

test('a token revoked on the server ends the session with the expired-session notice', async ({
  page,
  request,
}) => {
  await signInViaUi(page);
  const token = await storedToken(page);
  expect(token.client_id).toBe(CONSOLE_CLIENT_ID);
  await revokeToken(request, token.access_token, token.client_id);

  await page.reload();
  // The wording is the specification's (spec core §8), not only the catalogue's.
  expect(consoleMessages('en')['common.error401']).toBe('Your session has expired, please log-in again');
  const notice = page.getByRole('alert').filter({ hasText: 'Your session has expired, please log-in again' });
  await expect(notice).toBeVisible();
  await expectOnSignin(page);
  // Persistent: still there after the 5 s an ordinary notice stays, until the user closes it.
  await page.waitForTimeout(6_000);
  await expect(notice).toBeVisible();
});

test('a community SSO ticket signs the console in and opens home', async ({ page, request }) => {
  const token = await apiSignIn(request);
  const answer = await request.post(`/c/${DEMO_SLUG}/platform/api/v1/auth/sso_ticket/`, {
    headers: { Authorization: `Bearer ${token.access_token}` },
  });
  expect(answer.status(), await answer.text()).toBe(200);
  const { data } = (await answer.json()) as {
    data: { ticket: string; expires_in: number; platform_url: string };
  };
  const link = new URL(data.platform_url);
  expect(link.pathname).toBe('/community/sso/');
  expect(link.searchParams.get('ticket')).toBe(data.ticket);

  await page.goto(link.pathname + link.search);
  await expectHomeWithDemo(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  const stored = await storedToken(page);
  expect(stored.access_token).not.toBe(token.access_token);

  // The ticket is single-use: a second visit says so and offers the sign-in page.
  const again = await page.context().browser()!.newPage();
  await again.goto(link.pathname + link.search);
  await expect(again.getByText(consoleMessages('en')['sso.invalidTicket']!)).toBeVisible();
  await expect(again.getByRole('link', { name: consoleMessages('en')['sso.goToSignin']! })).toBeVisible();
  await again.close();
});
