import type { Page } from '@playwright/test';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { adminBearer, setDemoPreferences } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';
import { solidPng } from '../support/theme.ts';

/**
 * Issue 13 §8's proof for categories, in Chromium, English and Italian, at 1366 and 390 px: a
 * category is created with an image, moved by keyboard, and members read the new order from the
 * member API (manual order on).
 */

type Locale = 'en' | 'it';

/** The titles of the console's list, top to bottom. */
const consoleOrder = (page: Page) => page.getByTestId('category-name').allTextContents();

const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];

for (const { locale, width, height } of CASES) {
  test(`a category is created with an image, moved by keyboard, and members see the order (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'categories');
    const headers = await adminBearer(request);
    await setDemoPreferences(request, headers, { manual_categories_order_enabled: true });
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    await page.goto('/categories');
    await expect(page).toHaveURL(/\/categories\/settings$/);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['categories.title']!);
    await expect(page.getByTestId('category-manual-order')).toBeChecked();

    const name = `E2E ${locale} ${width} ${Date.now() % 100000}`;
    await page.getByTestId('category-create').click();
    const dialog = page.getByTestId('category-dialog');
    await dialog.locator('[name="name"]').fill(name);
    await expect(dialog.locator('[name="slug"]')).toHaveValue(/^e2e-/);
    await dialog.getByTestId('category-panel-advanced').click();
    await expect(dialog.getByTestId('category-image-hint-image')).toContainText('1920 × 1280');
    await expect(dialog.getByTestId('category-image-hint-thumbnail')).toContainText('600 × 600');
    await dialog.getByTestId('category-image-input-image').setInputFiles({
      name: 'wide.png',
      mimeType: 'image/png',
      buffer: await solidPng(1920, 1280),
    });
    await dialog.getByTestId('category-image-input-thumbnail').setInputFiles({
      name: 'square.png',
      mimeType: 'image/png',
      buffer: await solidPng(600, 600, { r: 30, g: 90, b: 160 }),
    });
    await expect(dialog.getByTestId('category-image-preview-image')).toBeVisible();
    await dialog.getByRole('radio', { name: m['categories.position.top'] }).check();
    await page.screenshot({ path: `/tmp/cat-shots/dialog-${locale}-${width}.png` });
    await dialog.getByTestId('category-save').click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(m['categories.notice.saved']!)).toBeVisible();

    // The new row shows its thumbnail, loaded from the community's media address.
    const row = page.locator('tr', {
      has: page.getByTestId('category-name').getByText(name, { exact: true }),
    });
    const thumbnail = row.getByTestId('category-thumbnail');
    await expect(thumbnail).toHaveAttribute('src', /\/c\/demo\/media\/[0-9a-f]{32}\//);
    await expect
      .poll(() => thumbnail.evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBeGreaterThan(0);

    // By keyboard: two presses of its 'move up' button move it up two places; the focus stays on it.
    const before = await consoleOrder(page);
    const from = before.indexOf(name);
    expect(from).toBeGreaterThanOrEqual(2);
    const up = row.getByRole('button', { name: fillMessage(m['categories.order.up']!, { name }) });
    const ordered = () =>
      page.waitForResponse(
        (r) => r.url().includes('/categories/order_all/') && r.request().method() === 'POST',
      );
    await up.focus();
    let saved = ordered();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(up).toBeFocused();
    saved = ordered();
    await page.keyboard.press('Enter');
    expect((await saved).status()).toBe(200);
    await expect(up).toBeFocused();
    await expect(page.getByTestId('category-order-status')).toHaveText(
      fillMessage(m['categories.order.moved']!, { name, position: from - 1, count: before.length }),
    );
    const expected = [...before];
    expected.splice(from, 1);
    expected.splice(from - 2, 0, name);
    await expect.poll(() => consoleOrder(page)).toEqual(expected);
    await page.screenshot({ path: `/tmp/cat-shots/list-${locale}-${width}.png`, fullPage: true });

    // The document never grows wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

    // After a reload the order is the server's.
    await page.reload();
    await expect.poll(() => consoleOrder(page)).toEqual(expected);

    // Members read the same order from the member API.
    const answer = await request.get(`${MEMBER_API}/category/`, { headers });
    expect(answer.status(), await answer.text()).toBe(200);
    const listed = ((await answer.json()) as { results: { id: number; name: string }[] }).results;
    const memberNames = listed.map((category) => category.name);
    expect(memberNames).toContain(name);
    expect(memberNames).toEqual(expected.filter((title) => memberNames.includes(title)));

    // Leave the demo community's categories as they were for the other specs.
    const created = listed.find((category) => category.name === name);
    const removed = await request.post(`/c/demo/platform/api/v1/categories/${created?.id}/delete/`, {
      headers,
      data: {},
    });
    expect(removed.status(), await removed.text()).toBe(200);
  });
}
