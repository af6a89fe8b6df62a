import type { Locator, Page } from '@playwright/test';
import { signInViaUi } from '../support/console.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 12 §4 (WCAG 2.1.2, 2.4.1, 2.4.3): a keyboard user skips the bar and the menu in one key, and
 * a dialog opened by keyboard keeps the focus inside it while open and gives it back to the control
 * that opened it when it closes.
 */

test('the first Tab reaches "Skip to main content", which moves the focus to the screen', async ({
  page,
}) => {
  await signInViaUi(page);
  await page.goto('/staff');
  await expect(page.locator('main').getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();
  // The next Tab lands inside the screen, past the top bar and the menu.
  await page.keyboard.press('Tab');
  expect(await page.evaluate(() => Boolean(document.activeElement?.closest('main')))).toBe(true);
});

/** Tabs forward and backward through the open dialog: the focus never leaves it. */
async function expectFocusTrapped(page: Page, dialog: Locator, where: string) {
  for (const key of ['Tab', 'Shift+Tab']) {
    for (let i = 0; i < 15; i++) {
      await page.keyboard.press(key);
      const inside = await dialog.evaluate((element) => element.contains(document.activeElement));
      expect(inside, `${where}: focus left the dialog after ${i + 1} × ${key}`).toBe(true);
    }
  }
}

const DIALOGS: { path: string; opener: (page: Page) => Locator }[] = [
  { path: '/staff', opener: (page) => page.getByTestId('staff-add') },
  { path: '/management/tagging/user', opener: (page) => page.getByTestId('tag-create') },
  {
    path: '/social_analytics/dashboard',
    opener: (page) => page.locator('main').getByRole('button', { name: 'Add widget' }),
  },
];

for (const { path, opener } of DIALOGS) {
  test(`the dialog opened on ${path} holds the focus and gives it back`, async ({ page }) => {
    await signInViaUi(page);
    await page.goto(path);
    const button = opener(page);
    await expect(button).toBeEnabled();
    await button.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    expect(await dialog.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectFocusTrapped(page, dialog, path);
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });
}
