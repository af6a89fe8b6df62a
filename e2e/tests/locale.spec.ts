import { expect, test } from '../support/test.ts';
import { consoleMessages, expectHomeWithDemo, signInViaUi } from '../support/console.ts';

/** A message of the home screen whose Italian text differs from the English one. */
function italianHomeLabel(): string {
  const en = consoleMessages('en');
  const it = consoleMessages('it');
  const id = ['home.goToCommunity', 'home.roles', 'nav.home', 'stackStatus.online'].find(
    (key) => it[key] && it[key] !== en[key],
  );
  if (!id)
    throw new Error('No Italian home-screen message that differs from English in apps/console/lang/it.json');
  return it[id] as string;
}

test('switching to Italian sticks across a reload', async ({ page }) => {
  const label = italianHomeLabel();
  await signInViaUi(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');

  await page.getByTestId('locale-it').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible();

  await page.reload();
  await expectHomeWithDemo(page);
  await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  await expect(page.getByText(label, { exact: true }).first()).toBeVisible();
});
