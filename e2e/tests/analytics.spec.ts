import { signInViaUi } from '../support/console.ts';
import { exportLink, useLocalMailServer } from '../support/analytics.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/server-settings-mail.ts';
import { ADMIN_EMAIL } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

let smtp: LocalSmtpServer;

test.beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
test.afterAll(async () => {
  await smtp.close();
});

test('users analytics by month, compared with a second period, show relative labels', async ({ page }) => {
  test.setTimeout(60_000);
  await signInViaUi(page);
  await page.goto('/social_analytics/users');
  await expect(page).toHaveURL((url) => url.pathname === '/social_analytics/users/active');
  await page.getByTestId('tab-activities').click();
  const chart = page.getByTestId('chart-registrations');
  await expect(chart.getByTestId('chart-registrations-widget')).toBeVisible();

  await page.getByRole('combobox', { name: 'Granularity' }).click();
  await page.getByTestId('granularity-month').click();
  await page.getByRole('combobox', { name: 'Period', exact: true }).click();
  await page.getByTestId('preset-last365Days').click();
  await page.getByTestId('compare-toggle').check();
  await expect(page.getByTestId('compare-range')).toBeVisible();
  const widget = chart.getByTestId('chart-registrations-widget');
  await expect(widget.getByText('Month 1', { exact: true }).first()).toBeVisible({ timeout: 20_000 });
  // The axis may skip crowded labels: at least two relative labels, all of the form 'Month n'.
  await expect.poll(async () => widget.getByText(/^Month \d+$/).count()).toBeGreaterThan(1);
  // Two series, one per period, named by their dates.
  await expect(widget.getByText(/\d{2}-\d{2}-\d{4} – \d{2}-\d{2}-\d{4}/)).toHaveCount(2);
});

/** A day as an Italian reader writes it, 'dd/mm/yyyy'. */
const italianDay = (date: Date) =>
  new Intl.DateTimeFormat('it', { day: '2-digit', month: '2-digit', year: 'numeric' }).format(date);

test('in Italian the period is typed and picked as dd/mm/yyyy, and the charts ask for those days', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInViaUi(page);
  await page.getByTestId('locale-it').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await page.goto('/social_analytics/users/activities');
  await page.getByRole('combobox', { name: 'Periodo', exact: true }).click();
  await page.getByTestId('preset-custom').click();

  // The custom range starts as the last 90 days: it ends today, written day first.
  const from = page.getByRole('group', { name: 'Dal', exact: true });
  const to = page.getByRole('group', { name: 'Al', exact: true });
  const shown = (field: typeof from) => field.locator('.MuiPickersSectionList-root');
  await expect(shown(to)).toHaveText(italianDay(new Date()));

  // Typed on the keyboard, day then month then year (last year's 1 February: before any end).
  const year = new Date().getFullYear();
  const lastYear = year - 1;
  const asked = page.waitForRequest((request) => {
    const url = new URL(request.url());
    return (
      url.pathname.endsWith('/cubejs-api/v1/load') &&
      (url.searchParams.get('query') ?? '').includes(`"${lastYear}-02-01"`)
    );
  });
  await from.getByRole('spinbutton', { name: 'Giorno' }).click();
  await page.keyboard.type(`0102${lastYear}`);
  await expect(shown(from)).toHaveText(`01/02/${lastYear}`);
  await asked;

  // Picked from the calendar: Italian month names, weeks from Monday.
  await page
    .getByRole('button', { name: /^Scegli la data, la data selezionata è/ })
    .last()
    .click();
  const calendar = page.getByRole('dialog');
  await expect(calendar.getByRole('grid')).toBeVisible();
  const monthName = new Intl.DateTimeFormat('it', { month: 'long' }).format(new Date());
  await expect(calendar.getByText(`${monthName} ${year}`)).toBeVisible();
  await expect(calendar.locator('.MuiDayCalendar-weekDayLabel').first()).toHaveAttribute(
    'aria-label',
    'lunedì',
  );
  await calendar.getByRole('gridcell', { name: '15', exact: true }).click();
  const month = String(new Date().getMonth() + 1).padStart(2, '0');
  await expect(shown(to)).toHaveText(`15/${month}/${year}`);
});

test('a users export arrives by email with a link that downloads the CSV', async ({ page, request }) => {
  test.setTimeout(90_000);
  await useLocalMailServer(request, smtp.port);
  const before = smtp.received.length;
  await signInViaUi(page);
  await page.goto('/social_analytics/users/per_user');
  await expect(page.getByTestId('users-table-row').first()).toBeVisible();
  await page.getByTestId('export-users').click();
  await expect(
    page.getByText('The file will be generated shortly: you will be notified by email.'),
  ).toBeVisible();

  await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBeGreaterThan(before);
  const mail = smtp.received[smtp.received.length - 1];
  expect(mail?.to).toEqual([ADMIN_EMAIL]);
  const link = exportLink(mail?.raw ?? '');
  expect(link, mail?.raw).toBeTruthy();

  const file = await request.get(link as string);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toContain('text/csv');
  const csv = await file.text();
  const [header, ...rows] = csv.trim().split(/\r?\n/);
  expect(header).toContain('username');
  expect(rows.length).toBeGreaterThan(0);

  // The exports list shows it done, with its download link.
  await page.goto('/social_analytics/exports');
  const list = page.getByTestId('exports-list');
  await expect(list.getByText('Ready').first()).toBeVisible();
  await expect(list.getByRole('link', { name: 'Download' }).first()).toHaveAttribute('href', /token=/);
});
