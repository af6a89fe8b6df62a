import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 14 §1's proof for the email manager, in Chromium, English and Italian, at 1366 and 390 px: a
 * product email's template is edited (subject and body), previewed as the server renders it, saved
 * and seen in the list; a template naming an unknown variable is refused with the reason.
 */

type Locale = 'en' | 'it';

// Each case edits its own product email, so the cases never race on one row.
const CASES: { locale: Locale; width: number; height: number; key: string }[] = [
  { locale: 'en', width: 1366, height: 900, key: 'test_email' },
  { locale: 'it', width: 1366, height: 900, key: 'staff_role_assigned' },
  { locale: 'en', width: 390, height: 844, key: 'staff_role_removed' },
  { locale: 'it', width: 390, height: 844, key: 'incubator_ready' },
];

const BASE = '/marketing/email_manager';

for (const { locale, width, height, key } of CASES) {
  test(`a template is edited, previewed, saved, and a broken one is refused (${locale}, ${width}px)`, async ({
    page,
  }) => {
    const m = consoleMessages(locale, 'email-manager');
    const nav = consoleMessages(locale);
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    await page.goto(`${BASE}/templates`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(nav['nav.emailManager']!);
    const row = page.getByTestId(`email-template-row-${key}`);
    await row.getByRole('link').click();
    const edit = page.getByTestId('email-template-edit');
    await expect(edit).toBeVisible();
    // The screen opens on the console's language.
    await expect(page.getByTestId(`email-locale-${locale}`)).toHaveAttribute('aria-selected', 'true');

    const stamp = `${locale} ${width} ${Date.now() % 100000}`;
    const subject = `Agora e2e {{community_name}} ${stamp}`;
    await page.getByTestId('email-template-subject').fill(subject);
    const html = page.getByTestId('email-template-html');
    await html.fill(`<p>Checked by e2e ${stamp} in `);
    // A variable from the list goes in at the cursor.
    await page
      .getByRole('button', {
        name: fillMessage(m['emailManager.action.insertVar']!, { name: 'community_name' }),
      })
      .click();
    await expect(html).toHaveValue(`<p>Checked by e2e ${stamp} in {{community_name}}`);
    await html.press('End');
    await html.pressSequentially('</p>');

    await page.getByTestId('email-template-preview').click();
    const preview = page.getByTestId('email-preview');
    await expect(preview.getByTestId('email-preview-subject')).toContainText(`Agora e2e Demo ${stamp}`);
    await expect(preview.frameLocator('iframe').locator('body')).toContainText(
      `Checked by e2e ${stamp} in Demo`,
    );
    await page.screenshot({ path: `/tmp/email-manager-shots/edit-${locale}-${width}.png`, fullPage: true });

    await page.getByTestId('email-template-save').click();
    await expect(page.getByText(m['emailManager.template.saved']!)).toBeVisible();

    // A body naming an unknown variable: refused, with the reason under the body.
    await html.fill('<p>{{password}}</p>');
    // By keyboard: on a phone the saved notice covers the button.
    await page.getByTestId('email-template-save').press('Enter');
    await expect(html).toHaveAccessibleDescription('Unknown variable: password');

    // Back to the list: the saved subject is there.
    await page.getByRole('link', { name: m['emailManager.action.back'] }).click();
    await expect(page.getByTestId(`email-template-row-${key}`)).toContainText(
      `Agora e2e {{community_name}} ${stamp}`,
    );
    await page.screenshot({ path: `/tmp/email-manager-shots/list-${locale}-${width}.png`, fullPage: true });
  });
}
