import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { adminBearer } from '../support/settings.ts';

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

/**
 * The admin's dashboard back to the default (a saved '[]' is no layout, so the console builds the
 * default): a retried test would otherwise start from what its first attempt saved.
 */
async function resetDashboard(request: APIRequestContext) {
  const headers = await adminBearer(request);
  const api = `/c/${DEMO_SLUG}/platform/api/v1`;
  const self = await request.get(`${api}/stack/`, { headers });
  expect(self.status()).toBe(200);
  const userId = ((await self.json()) as { data: { userId: number } }).data.userId;
  const saved = await request.post(`${api}/data_provisioning/dashboard/${userId}/`, {
    headers,
    multipart: { layout: '[]' },
  });
  expect(saved.status(), await saved.text()).toBe(200);
}

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
  // Some bars are drawn: the first of them may stand for a day without posts (a bar of no height).
  await expect(
    page.getByTestId('chart-9').locator('svg rect.MuiBarChart-element').filter({ visible: true }).first(),
  ).toBeVisible();
  await expect(page.getByTestId('chart-10').locator('svg path').first()).toBeVisible();
  await expect(page.getByTestId('social-density-value')).toHaveText(/^\d+(,\d+)?%$/);
  await expect(page.getByTestId('analytics-unavailable')).toHaveCount(0);
}

test('analytics dashboard: default widgets with numbers, add, drag, kept after reload, granularity', async ({
  page,
  request,
}, testInfo) => {
  // Eleven widgets load twice and a drag is saved: near the default 30 s on a loaded machine.
  test.slow();
  // Tall enough to hold the whole dashboard: the drag goes from the bottom to the top without scrolling.
  await page.setViewportSize({ width: 1280, height: 1800 });
  await resetDashboard(request);
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
  // Both places are read on each poll: Posts slides down (a CSS transition) as the new widget takes its
  // corner, so a place read once right after the drop may be where Posts was, not where it ends.
  const twelveAboveOne = async () => {
    const twelve = (await page.getByTestId('grid-item-12').boundingBox())!;
    const one = (await page.getByTestId('grid-item-1').boundingBox())!;
    return twelve.y < one.y && twelve.x <= one.x + 1;
  };
  await expect.poll(twelveAboveOne).toBe(true);

  // Reload: the layout came back from the server.
  await page.reload();
  await expect(page.getByTestId('widget-12')).toHaveAttribute('data-widget-type', 'devicesChart');
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);
  await expect.poll(twelveAboveOne).toBe(true);

  // Granularity: months on the registrations chart ('MMM YYYY'), weeks before ('DD-MM-YYYY').
  const axis = page.getByTestId('chart-8').locator('svg .MuiChartsAxis-bottom text');
  await expect(axis.first()).toHaveText(/^\d{2}-\d{2}-\d{4}$/);
  const granularity = page.getByRole('combobox', { name: 'Granularity' });
  await granularity.click();
  await page.getByTestId('granularity-month').click();
  await expect(granularity).toHaveText('Month');
  // The months are a new query of the registrations: on a loaded machine it may take a while.
  await expect(axis.first()).toHaveText(/^[A-Z][a-z]{2} \d{4}$/, { timeout: 30_000 });
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
  // Each counter says what it counts: the period's or everything so far.
  await expect(page.getByTestId('widget-period-1')).toHaveText('Ultimi 90 giorni');
  await expect(page.getByTestId('widget-period-5')).toHaveText('Da sempre');
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(390);
  await page.screenshot({ path: testInfo.outputPath('dashboard-mobile-it.png'), fullPage: true });
});

/** Presses ArrowDown in the open menu until `testId` has the focus, then Enter: the keyboard alone. */
async function chooseInMenu(page: Page, testId: string) {
  for (let step = 0; step < 10; step += 1) {
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    if (focused === testId) break;
    await page.keyboard.press('ArrowDown');
  }
  await expect(page.getByTestId(testId)).toBeFocused();
  await page.keyboard.press('Enter');
}

test('analytics dashboard: period labels follow the picker; a widget moved and resized by keyboard stays so after reload', async ({
  page,
  request,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 1800 });
  await resetDashboard(request);
  await signInViaUi(page);
  await page.goto('/social_analytics/dashboard');
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);

  // Period labels: event counters follow the picker, totals say 'All time'.
  await expect(page.getByTestId('widget-period-1')).toHaveText('Last 90 days');
  await expect(page.getByTestId('widget-period-6')).toHaveText('Last 90 days');
  await expect(page.getByTestId('widget-period-5')).toHaveText('All time');
  await expect(page.getByTestId('widget-period-5')).toHaveAttribute('data-coverage', 'allTime');
  const reloaded = page.waitForRequest(
    (request) =>
      request.url().includes('/cubejs-api/v1/load') && request.url().includes('Contributions.count'),
  );
  await page.getByRole('combobox', { name: 'Period' }).click();
  await page.getByTestId('preset-last30Days').click();
  await reloaded;
  await expect(page.getByTestId('widget-period-1')).toHaveText('Last 30 days');
  await expect(page.getByTestId('widget-period-8')).toHaveText('Last 30 days');
  await expect(page.getByTestId('widget-period-5')).toHaveText('All time');
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);

  // The legend toggles a series with the keyboard.
  const legendEntry = page.getByTestId('chart-9-legend').getByRole('button', { name: 'Posts' });
  await expect(legendEntry).toHaveAttribute('aria-pressed', 'true');
  await legendEntry.focus();
  await page.keyboard.press('Space');
  await expect(legendEntry).toHaveAttribute('aria-pressed', 'false');
  await page.keyboard.press('Enter');
  await expect(legendEntry).toHaveAttribute('aria-pressed', 'true');

  // Posts (widget 1): wider, taller, then down, with the keyboard only; each step saved and announced.
  const item = page.getByTestId('grid-item-1');
  const before = (await item.boundingBox())!;
  const grip = page.getByRole('button', { name: 'Move or resize “Posts”' });
  const announcement = page.getByTestId('layout-announcement');
  for (const action of ['wider', 'taller', 'down'] as const) {
    await grip.focus();
    await page.keyboard.press('Enter');
    await expect(page.getByRole('menu', { name: 'Move or resize “Posts”' })).toBeVisible();
    const saved = isDashboardSave(page);
    await chooseInMenu(page, `layout-${action}-1`);
    expect((await saved).status()).toBe(200);
    await expect(announcement).toContainText('“Posts”: column');
    // The menu gave the focus back to the grip: the next step starts from there.
    await expect(grip).toBeFocused();
  }
  await expect(announcement).toHaveText(/“Posts”: column \d+, row \d+, \d+ columns wide, 4 rows tall\./);
  await expect.poll(async () => (await item.boundingBox())!.width).toBeGreaterThan(before.width + 20);
  const after = (await item.boundingBox())!;
  expect(after.height).toBeGreaterThan(before.height + 20);
  expect(after.y).toBeGreaterThan(before.y + 20);

  // Reload: the server kept the keyboard's layout. Places are read within the grid, so a page
  // scrolled differently after the reload does not count as a move.
  const placeInGrid = async () => {
    const box = (await item.boundingBox())!;
    const grid = (await page.getByTestId('dashboard-grid').boundingBox())!;
    return [box.x - grid.x, box.y - grid.y, box.width, box.height].map(Math.round);
  };
  // The grid slides an item to its new place (a CSS transition): the place counts once it holds still.
  let placed: number[] = [];
  await expect
    .poll(async () => {
      const previous = placed;
      placed = await placeInGrid();
      return previous.join() === placed.join();
    })
    .toBe(true);
  await page.reload();
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);
  await expect.poll(placeInGrid).toEqual(placed);
});

test("analytics dashboard: a query the engine refuses shows an admin its reason, not 'Try later'", async ({
  page,
}) => {
  const reason = "'newRegistrations' not found for path 'Users.newRegistrations'";
  await page.route(
    (url) =>
      url.pathname.endsWith('/cubejs-api/v1/load') &&
      (url.searchParams.get('query') ?? '').includes('"Users.newRegistrations"') &&
      !(url.searchParams.get('query') ?? '').includes('granularity'),
    (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/json',
        body: JSON.stringify({ error: reason, errors: [{ code: 'invalid_query', message: reason }] }),
      }),
  );
  await signInViaUi(page);
  await page.goto('/social_analytics/dashboard');
  const widget = page.getByTestId('widget-6');
  await expect(widget.getByTestId('analytics-refused')).toBeVisible();
  await expect(widget.getByText(/Try later/)).toHaveCount(0);
  await expect(widget.getByTestId('analytics-refused')).toContainText(
    'Query refused: a retry will not help.',
  );
  await widget.getByRole('button', { name: 'Reason' }).click();
  await expect(page.getByTestId('analytics-refused-reason')).toHaveText(reason);
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('counter-postsCount-value')).toHaveText(NUMBER);
  await expect(page.getByTestId('analytics-unavailable')).toHaveCount(0);
});
