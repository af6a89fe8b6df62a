import type { Page } from '@playwright/test';
import { expectHomeWithDemo, submitSignin } from '../support/console.ts';
import { startExtraServer, type ExtraServer } from '../support/extra-server.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 12 §1 and §5: the console works wherever it is served. The product is started without
 * PUBLIC_URL (its links then name localhost) and with a PUBLIC_URL naming another loopback address,
 * opened at 127.0.0.1 each time, signed in, and every area of the drawer opened: no request refused by
 * the console's own Content-Security-Policy, no error screen; the notice about PUBLIC_URL shows only
 * when the links it shapes would be wrong, and "Go to your Community" leads to the community's page.
 */

test.describe.configure({ mode: 'serial' });

/** Every Content-Security-Policy refusal the page reports. */
function cspViolations(page: Page): string[] {
  const found: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) found.push(message.text());
  });
  return found;
}

async function openEveryArea(page: Page): Promise<string[]> {
  const drawer = page.getByRole('navigation').first();
  const links = await drawer
    .getByRole('link')
    .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
  expect(links.length).toBeGreaterThan(5);
  for (const path of links.filter((p) => p !== '/')) {
    await drawer.locator(`a[href="${path}"]`).click();
    await expect(page.locator('main').getByRole('heading', { level: 1 }).first(), path).toBeVisible();
    await expect(page.getByTestId('not-found'), path).toHaveCount(0);
    await expect(page.getByText('Oops! Something went wrong!', { exact: true }), path).toHaveCount(0);
  }
  return links;
}

const cases: { name: string; env: Record<string, string | undefined>; notice: boolean }[] = [
  { name: 'without PUBLIC_URL', env: { PUBLIC_URL: undefined }, notice: false },
  { name: 'with PUBLIC_URL naming another address', env: { PUBLIC_URL: 'http://127.0.0.3:9' }, notice: true },
];

for (const { name, env, notice } of cases) {
  test(`started ${name} and opened at 127.0.0.1, every area works`, async ({ page }) => {
    test.setTimeout(240_000);
    let server: ExtraServer | undefined;
    try {
      server = await startExtraServer(env);
      const refused = cspViolations(page);
      await page.goto(`${server.origin}/signin`);
      await submitSignin(page);
      await expectHomeWithDemo(page);
      await expect(page.getByTestId('public-url-notice')).toHaveCount(notice ? 1 : 0);
      if (notice) await expect(page.getByTestId('public-url-notice')).toContainText('http://127.0.0.3:9');

      const goTo = page.getByRole('link', { name: 'Go to your Community' });
      const href = (await goTo.getAttribute('href')) ?? '';
      expect(href).toBe('/c/demo/');
      const landing = await page.request.get(`${server.origin}${href}`);
      expect(landing.status()).toBe(200);
      expect(await landing.text()).toMatch(/<h1[ >]/);

      await openEveryArea(page);
      expect(refused, refused.join('\n')).toEqual([]);
    } finally {
      await server?.stop();
    }
  });
}
