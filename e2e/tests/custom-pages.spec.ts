import { consoleMessages, signInInLanguage } from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §4 in Chromium, English at 1366 px and Italian at 390 px: staff create a general page and
 * members find it through the member API; staff edit the "page not found" page and a browser asking
 * an unknown address of the community's member site gets it with status 404 (ADR 0020).
 */

type Locale = 'en' | 'it';
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
];

for (const { locale, width, height } of CASES) {
  test(`a general page reaches members, and the edited 404 page is served (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    // Sign-in, two saves, the member API and a restore: more than the default 30 s on a busy machine.
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'pages');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    // A general page: the title alone gives the slug.
    const title = `E2E ${locale} ${width} ${Date.now() % 100000}`;
    await page.goto('/pages/general');
    await expect(page.getByRole('tab', { name: m['pages.tab.general'] })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByTestId('custom-page-add').click();
    await page.getByTestId('custom-page-title').fill(title);
    const body = page.getByTestId('custom-page-body');
    await body.click();
    await page.keyboard.insertText(`Welcome to ${title}.`);
    await page.getByTestId('custom-page-save').click();
    await expect(page.getByText(m['pages.general.saved']!)).toBeVisible();
    await expect(page).toHaveURL(/\/pages\/general\/\d+$/);

    // Members (anyone: the pages are public) find it, with its text.
    const found = await request.get(`${MEMBER_API}/custom_page/search/?search=${encodeURIComponent(title)}`);
    expect(found.status()).toBe(200);
    const results = ((await found.json()) as { results: { id: number; slug: string; html_body: string }[] })
      .results;
    expect(results).toHaveLength(1);
    expect(results[0]?.html_body).toContain(`Welcome to ${title}.`);
    const bySlug = await request.get(`${MEMBER_API}/custom_page/${results[0]?.slug}/`);
    expect(((await bySlug.json()) as { id: number }).id).toBe(results[0]?.id);

    // The list shows it.
    await page.goto('/pages/general');
    await expect(page.getByTestId(`custom-page-row-${results[0]?.slug}`)).toContainText(title);

    // The 404 page: the community's own text, served to a browser at an unknown member-site address.
    await page.getByRole('tab', { name: m['pages.tab.errors'] }).click();
    const notFound = page.getByTestId('error-page-page_not_found');
    const text = `Lost in ${title}`;
    await notFound.getByTestId('error-page-body-page_not_found').click();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.insertText(text);
    await notFound.getByTestId('error-page-save-page_not_found').click();
    await expect(page.getByText(m['pages.errors.saved']!)).toBeVisible();
    const missing = await request.get(`/c/${DEMO_SLUG}/no/such/page-${Date.now()}`, {
      headers: { accept: 'text/html' },
    });
    expect(missing.status()).toBe(404);
    expect(missing.headers()['content-type']).toContain('text/html');
    expect(await missing.text()).toContain(text);

    // Back to the default, after confirming.
    await notFound.getByTestId('error-page-restore-page_not_found').click();
    await page.getByTestId('error-page-restore-confirm').click();
    await expect(page.getByText(m['pages.errors.restored']!)).toBeVisible();
    const restored = await request.get(`/c/${DEMO_SLUG}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(restored.status()).toBe(404);
    expect(await restored.text()).not.toContain(text);
  });
}
