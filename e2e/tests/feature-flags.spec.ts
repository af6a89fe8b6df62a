import { expect, test } from '../support/test.ts';
import { consoleMessages, signInViaUi } from '../support/console.ts';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { adminBearer, demoStackId, enabledFeatures, setFeature } from '../support/settings.ts';

const FLAGS = ['registration_alerts', 'app_settings', 'seo'];

/** A text of the features screen, from the screen's own catalogue. */
const hubText = (locale: 'en' | 'it', key: string) => consoleMessages(locale, 'hub-features')[key] as string;

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
    page.getByRole('alert').filter({ hasText: '“Registration alerts” switched off' }),
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

test('a flag of an area not built yet shows as coming, in both languages, and cannot be switched', async ({
  page,
  request,
}) => {
  await signInViaUi(page);
  await page.locator('nav').getByRole('link', { name: 'Feature flags' }).click();
  // Flags read as names, with the stored key in small type; the coming ones are gathered apart.
  await expect(page.getByTestId('hub-flag-seo')).toContainText('SEO');
  await expect(page.getByTestId('hub-flag-moderation_ai')).toContainText('Moderation bot');
  const coming = page.getByTestId('hub-coming');
  const payments = coming.getByTestId('hub-flag-payments');
  await expect(coming.getByRole('heading', { name: hubText('en', 'hubFeatures.comingTitle') })).toBeVisible();
  await expect(payments).toContainText(hubText('en', 'hubFeatures.name.payments'));
  await expect(payments).toContainText('payments');
  await expect(page.getByTestId('hub-features').getByTestId('hub-flag-payments')).toHaveCount(0);
  // No switch to offer, not even a disabled one; a flag of an area Agora has keeps its switch.
  await expect(payments.locator('input')).toHaveCount(0);
  await expect(page.getByTestId('hub-switch-payments')).toHaveCount(0);
  await expect(page.getByTestId('hub-switch-seo').locator('input')).toBeEnabled();
  const findings = await seriousViolations(page, '/hub/features');
  expect(findings, describeFindings(findings)).toEqual([]);

  await page.getByTestId('locale-it').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(coming.getByRole('heading', { name: hubText('it', 'hubFeatures.comingTitle') })).toBeVisible();
  await expect(payments).toContainText(hubText('it', 'hubFeatures.name.payments'));
  await expect(page.getByTestId('hub-flag-moderation_ai')).toContainText('Bot di moderazione');
  await expect(payments.locator('input')).toHaveCount(0);

  // The API says the same: switching it is refused and it stays off.
  const headers = await adminBearer(request);
  const stackId = await demoStackId(request, headers);
  const answer = await request.post(`/platform/api/v1/stacks/${stackId}/features/`, {
    headers,
    data: { name: 'payments', enabled: true },
  });
  expect(answer.status()).toBe(400);
  expect(((await answer.json()) as { errors: { code: string; field: string }[] }).errors[0]).toMatchObject({
    code: 'invalid',
    field: 'name',
  });
  expect(await enabledFeatures(request, headers)).not.toContain('payments');
});
