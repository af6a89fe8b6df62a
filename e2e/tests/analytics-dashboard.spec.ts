import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';

const DEFAULT_WIDGETS = [
  'postsCount',
  'votesReceivedCount',
  'commentsCount',
  'connectionsCount',
  'totalUsersCount',
  'newRegistrationCount',
  'usersWithAtLeastOnePostCount',
  'registrationsChart',
  'contributionsChart',
  'contributorsChart',
  'socialDensityReport',
];
const COUNTERS = DEFAULT_WIDGETS.slice(0, 7);
/** '12.345': digits grouped by dots (core §9). */
const NUMBER = /^\d{1,3}(\.\d{3})*$/;

const isDashboardSave = (page: Page) =>
  page.waitForResponse(
    (response) =>
      response.url().includes('/platform/api/v1/data_provisioning/dashboard/') &&
      response.request().method() === 'POST',
  );

async function expectDefaultWidgetsWithNumbers(page: Page) {
  const widgets = page.locator('[data-testid^="widget-"][data-widget-type]');
  await expect(widgets).toHaveCount(DEFAULT_WIDGETS.length);
  for (const [index, type] of DEFAULT_WIDGETS.entries()) {
    await expect(widgets.nth(index)).toHaveAttribute('data-widget-type', type);
  }
  for (const type of COUNTERS) {
    await expect(page.getByTestId(`counter-${type}-value`)).toHaveText(NUMBER);
  }
  // The demo community has activity: the totals are not zero.
  for (const type of ['postsCount', 'commentsCount', 'totalUsersCount']) {
    const text = (await page.getByTestId(`counter-${type}-value`).textContent()) ?? '';
    expect(Number(text.replaceAll('.', '')), type).toBeGreaterThan(0);
  }
  // Charts draw their numbers: the registrations line, the contributions bars, the contributors donut.
  await expect(
    page
      .getByTestId('chart-8')
      .locator('svg path.MuiLineElement-root, svg path[class*="MuiLineChart"]')
      .first(),
  ).toBeVisible();
  await expect(page.getByTestId('chart-8').locator('svg .MuiChartsAxis-left text').first()).toHaveText(/^\d/);
  await expect(page.getByTestId('chart-9').locator('svg rect').first()).toBeVisible();
  await expect(page.getByTestId('chart-10').locator('svg path').first()).toBeVisible();
  await expect(page.getByTestId('social-density-value')).toHaveText(/^\d+(,\d+)?%$/);
  await expect(page.getByTestId('analytics-unavailable')).toHaveCount(0);
}

test('analytics dashboard: default widgets with numbers, add, drag, kept after reload, granularity', async ({
  page,
}, testInfo) => {
  // Tall enough to hold the whole dashboard: the drag goes from the bottom to the top without scrolling.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await signInViaUi(page);
  await page.goto('/social_analytics/dashboard');
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expectDefaultWidgetsWithNumbers(page);
  await page.screenshot({ path: testInfo.outputPath('dashboard-desktop-en.png'), fullPage: true });

  // Add a widget: key 12 (highest 11 + 1), saved to the server.
  await page.getByTestId('add-widget').click();
  const added = isDashboardSave(page);
  await page.getByTestId('add-widget-devicesChart').click();
  expect((await added).status()).toBe(200);
  const widget = page.getByTestId('widget-12');
  await expect(widget).toHaveAttribute('data-widget-type', 'devicesChart');
  await expect(page.getByTestId('chart-12').locator('svg path').first()).toBeVisible();

  // Drag it by its handle to the top-left corner.
  const first = (await page.getByTestId('grid-item-1').boundingBox())!;
  const before = (await page.getByTestId('grid-item-12').boundingBox())!;
  expect(before.y).toBeGreaterThan(first.y);
  const handle = (await page.getByTestId('drag-handle-12').boundingBox())!;
  const moved = isDashboardSave(page);
  await page.mouse.move(handle.x + handle.width / 2, handle.y + handle.height / 2);
  await page.mouse.down();
  const targetX = first.x + 12;
  const targetY = first.y + 12;
  for (let step = 1; step <= 20; step += 1) {
    await page.mouse.move(
      handle.x + ((targetX - handle.x) * step) / 20,
      handle.y + ((targetY - handle.y) * step) / 20,
    );
  }
  await page.mouse.up();
  expect((await moved).status()).toBe(200);
  await expect
    .poll(async () => (await page.getByTestId('grid-item-12').boundingBox())!.y)
    .toBeLessThan((await page.getByTestId('grid-item-1').boundingBox())!.y);

  // Reload: the layout came back from the server.
  await page.reload();
  await expect(page.getByTestId('widget-12')).toHaveAttribute('data-widget-type', 'devicesChart');
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);
  const afterReload12 = (await page.getByTestId('grid-item-12').boundingBox())!;
  const afterReload1 = (await page.getByTestId('grid-item-1').boundingBox())!;
  expect(afterReload12.y).toBeLessThan(afterReload1.y);
  expect(afterReload12.x).toBeLessThanOrEqual(afterReload1.x + 1);

  // Granularity: months on the registrations chart ('MMM YYYY'), weeks before ('DD-MM-YYYY').
  const axis = page.getByTestId('chart-8').locator('svg .MuiChartsAxis-bottom text');
  await expect(axis.first()).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  await page.getByRole('combobox', { name: 'Granularity' }).click();
  await page.getByTestId('granularity-month').click();
  await expect(axis.first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/);
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);
  await page.screenshot({ path: testInfo.outputPath('dashboard-desktop-en-month.png'), fullPage: true });

  // Remove, with confirmation; the removal is saved.
  await page.getByTestId('remove-widget-12').click();
  const removed = isDashboardSave(page);
  await page.getByTestId('remove-widget-confirm').click();
  expect((await removed).status()).toBe(200);
  await expect(page.getByTestId('widget-12')).toHaveCount(0);
});

test('analytics dashboard on a phone, in Italian', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInViaUi(page);
  const italian = page.getByTestId('locale-it');
  if (await italian.count()) await italian.first().click();
  await page.goto('/social_analytics/dashboard?l=it');
  await expect(page.getByTestId('add-widget')).toHaveText(/Aggiungi widget/i);
  for (const type of COUNTERS) {
    await expect(page.getByTestId(`counter-${type}-value`)).toHaveText(NUMBER);
  }
  await expect(page.getByText('Utenti totali')).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('dashboard-mobile-it.png'), fullPage: true });
});
