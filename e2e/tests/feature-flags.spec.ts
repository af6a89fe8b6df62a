import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { adminBearer, demoStackId, enabledFeatures, setFeature } from '../support/settings.ts';

const FLAGS = ['registration_alerts', 'app_settings', 'seo'];

test.afterEach(async ({ request }) => {
  const headers = await adminBearer(request);
  const stackId = await demoStackId(request, headers);
  for (const flag of FLAGS) await setFeature(request, headers, stackId, flag, true);
});

test('a hub administrator switches a flag off on the features screen: its drawer entry goes at once', async ({
  page,
  request,
}) => {
  await signInViaUi(page);
  const drawer = page.locator('nav');
  const entry = drawer.getByRole('link', { name: 'Registration alerts' });
  await expect(entry).toBeVisible();

  await drawer.getByRole('link', { name: 'Feature flags' }).click();
  const flag = page.getByTestId('hub-switch-registration_alerts').locator('input');
  await expect(flag).toBeChecked();
  await flag.click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'Feature registration_alerts switched off' }),
  ).toBeVisible();
  // No reload and no wait for the periodic refresh: the drawer follows the change now.
  await expect(entry).toHaveCount(0, { timeout: 3000 });
  expect(await enabledFeatures(request, await adminBearer(request))).not.toContain('registration_alerts');

  await flag.click();
  await expect(flag).toBeChecked();
  await expect(entry).toBeVisible({ timeout: 3000 });
});

test('a flag switched off elsewhere reaches an open console without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const headers = await adminBearer(request);
  const stackId = await demoStackId(request, headers);
  await signInViaUi(page);
  await page.goto('/community_management');
  const drawer = page.locator('nav');
  const appSettings = drawer.getByRole('link', { name: 'App settings' });
  const seoTab = page.getByTestId('tab-seo');
  await expect(appSettings).toBeVisible();
  await expect(seoTab).toBeVisible();

  await setFeature(request, headers, stackId, 'app_settings', false);
  await setFeature(request, headers, stackId, 'seo', false);
  // The console asks for the flags every 15 s (and when the window regains focus).
  await expect(appSettings).toHaveCount(0, { timeout: 25_000 });
  await expect(seoTab).toHaveCount(0);
  await expect(page.getByTestId('tab-index')).toBeVisible();

  await setFeature(request, headers, stackId, 'app_settings', true);
  await setFeature(request, headers, stackId, 'seo', true);
  await expect(appSettings).toBeVisible({ timeout: 25_000 });
  await expect(seoTab).toBeVisible();
});
