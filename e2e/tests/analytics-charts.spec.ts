import { signInViaUi } from '../support/console.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 12 §2: every chart of every analytics screen asks the engine a query it accepts. Engagement ›
 * Contributors asked for measures of two cubes that share no join and always got 400, which the
 * screen showed as "Try later". Every tab and sub-tab is opened and every engine call is watched.
 */
test('every analytics screen asks only queries the engine answers', async ({ page }) => {
  test.setTimeout(180_000);
  const refused: string[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.includes('/cubejs-api/') && response.status() >= 400) {
      refused.push(`${response.status()} ${decodeURIComponent(url.search).slice(0, 300)}`);
    }
  });
  await signInViaUi(page);
  await page.goto('/social_analytics');
  const rows = page.locator('main').getByRole('tablist');
  await expect(rows.first()).toBeVisible();
  const tabs = rows.first().getByRole('tab');
  const count = await tabs.count();
  expect(count).toBeGreaterThan(1);
  for (let i = 0; i < count; i++) {
    await tabs.nth(i).click();
    await page.waitForLoadState('networkidle');
    if ((await rows.count()) < 2) continue;
    const subs = rows.nth(1).getByRole('tab');
    const subCount = await subs.count();
    for (let j = 0; j < subCount; j++) {
      await subs.nth(j).click();
      await page.waitForLoadState('networkidle');
    }
  }
  expect(refused, refused.join('\n')).toEqual([]);
  await expect(page.getByTestId('analytics-unavailable')).toHaveCount(0);
});
