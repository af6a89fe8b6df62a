import { expect, test } from '../support/test.ts';
import { expectHomeWithDemo, signInViaUi, submitSignin } from '../support/console.ts';
import { disableWithRecoveryCodes, totpCode } from '../support/two-factor.ts';

test('staff turn on two-step verification, sign out, and sign in again with a code', async ({
  page,
  request,
}) => {
  let recoveryCodes: string[] = [];
  try {
    await signInViaUi(page);
    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('account-two-factor').click();
    await expect(page.getByRole('heading', { level: 1, name: 'Two-step verification' })).toBeVisible();

    await page.getByTestId('two-factor-start').click();
    await expect(
      page.getByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeVisible();
    const secret = (await page.getByTestId('enrolment-secret').textContent())?.replace(/\s/g, '') ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);

    await page.getByLabel('Code from the app').fill(await totpCode(secret));
    await page.getByTestId('enrolment-confirm').click();
    const codes = page.getByTestId('recovery-code');
    await expect(codes).toHaveCount(10);
    recoveryCodes = (await codes.allTextContents()).map((code) => code.trim());
    await page.getByTestId('recovery-codes-done').click();
    await expect(page.getByText('Two-step verification is on')).toBeVisible();

    await page.getByTestId('account-menu-button').click();
    await page.getByTestId('logout').click();
    await expect(page).toHaveURL((url) => url.pathname === '/signin');

    // The password alone no longer opens the console: the code step follows.
    await submitSignin(page);
    await expect(page.getByTestId('code-step')).toBeVisible();
    await expect(page.getByTestId('home')).toHaveCount(0);
    // The enrolment took this time step: the next code comes from the next one.
    await page.getByLabel('Code from the app').fill(await totpCode(secret, 1));
    await page.getByRole('button', { name: 'Verify' }).click();
    // Signed in, back on the page the sign-out started from.
    await expect(page.getByText('Two-step verification is on')).toBeVisible();
    await page.goto('/');
    await expectHomeWithDemo(page);
  } finally {
    // Other specs sign the admin in with the password alone.
    if (recoveryCodes.length > 0) await disableWithRecoveryCodes(request, recoveryCodes);
  }
});
