import { expect, test } from '../support/test.ts';
import { expectHomeWithDemo, expectOnSignin, signInViaUi, submitSignin } from '../support/console.ts';

test('signing in lands on home with the Demo community and its status', async ({ page }) => {
  await signInViaUi(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
  await expect(page.getByTestId('stack-status')).toHaveAttribute('data-status', 'online');
});

test('a wrong password shows an error and stays on /signin', async ({ page }) => {
  await page.goto('/signin');
  // A username of its own: the failed attempt must not count against the admin's sign-in throttle.
  await submitSignin(page, { username: 'e2e-nobody', password: 'definitely-not-the-password' });
  const fieldError = page.locator(
    'input[name="username"][aria-invalid="true"], input[name="password"][aria-invalid="true"]',
  );
  await expect(page.getByRole('alert').or(fieldError).first()).toBeVisible();
  await expectOnSignin(page);
  await expect(page.getByTestId('home')).toHaveCount(0);
});

test('a reload keeps the session', async ({ page }) => {
  await signInViaUi(page);
  await page.reload();
  await expectHomeWithDemo(page);
  await expect(page).toHaveURL((url) => url.pathname === '/');
});

test('a deep link opened signed out goes to /signin and back to the link after sign-in', async ({ page }) => {
  await page.goto('/?tab=1#overview');
  await expectOnSignin(page);
  await submitSignin(page);
  await expectHomeWithDemo(page);
  await expect(page).toHaveURL(
    (url) => url.pathname === '/' && url.search === '?tab=1' && url.hash === '#overview',
  );
});

test('an unknown path shows the not-found page', async ({ page }) => {
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found')).toBeVisible();

  await signInViaUi(page);
  await page.goto('/this/does/not/exist');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('home')).toHaveCount(0);
});
