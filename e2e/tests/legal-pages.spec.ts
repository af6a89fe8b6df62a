import type { Page } from '@playwright/test';
import { signInViaUi } from '../support/console.ts';
import { MEMBER_API, createMember, memberToken } from '../support/people.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §4's proof in Chromium: a new legal version makes a member's next member-API call report
 * the pending acceptance (ADR 0018), the member accepts, and the accepted-by count grows on the screen.
 */

const HEADER = 'x-legal-acceptance-required';
async function openLegalPages(page: Page, locale: 'en' | 'it') {
  await signInViaUi(page);
  if (locale === 'it') {
    await page.getByTestId('locale-it').click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
  }
  await page.goto('/pages/legal');
}

const acceptedOnScreen = (page: Page) => page.getByTestId('legal-row-tec').getByTestId('accepted-count');

for (const [locale, viewport] of [
  ['en', { width: 1366, height: 900 }],
  ['it', { width: 390, height: 844 }],
] as const) {
  test.describe(`legal pages (${locale}, ${viewport.width} px)`, () => {
    test.use({ viewport });

    test('a new version is reported to the member until they accept it, and the count grows', async ({
      page,
      request,
    }) => {
      // Sign-in, a saved version, the member's calls and a reload: more than the default 30 s on a busy machine.
      test.setTimeout(120_000);
      const member = { username: `legal-${locale}-${Date.now()}`, password: 'Legal-member-pass-2026' };
      await createMember(request, member);
      const headers = await memberToken(request, member.username, member.password);

      await openLegalPages(page, locale);
      await expect(
        page.getByRole('tab', { name: locale === 'it' ? 'Pagine legali' : 'Legal pages' }),
      ).toBeVisible();
      await expect(acceptedOnScreen(page)).toBeVisible();

      // Staff save a new version of the terms.
      const label = `${locale === 'it' ? 'Termini' : 'Terms'} ${Date.now()}`;
      await page
        .getByTestId('legal-row-tec')
        .getByRole('link', { name: locale === 'it' ? /^Modifica / : /^Edit / })
        .click();
      await page.getByTestId('legal-label').fill(label);
      const body = page.getByTestId('legal-body');
      await body.click();
      await page.keyboard.press('Control+End');
      await page.keyboard.insertText(' Updated for this test.');
      await page.getByTestId('legal-save').click();
      await expect(
        page.getByText(
          locale === 'it'
            ? 'Nuova versione salvata: ogni membro deve accettarla.'
            : 'New version saved: every member must accept it.',
        ),
      ).toBeVisible();
      await expect(page.getByTestId('legal-current')).toContainText(label);

      // The member's next call says what to accept.
      const next = await request.get(`${MEMBER_API}/user/me/`, { headers });
      expect(next.status()).toBe(200);
      const pending = next.headers()[HEADER] ?? '';
      const tec = /tec=(\d+)/.exec(pending)?.[1];
      expect(tec, pending).toBeDefined();
      const current = await request.get(`${MEMBER_API}/legal_page/tec/`, { headers });
      expect(((await current.json()) as { id: number; title: string }).title).toBe(label);

      // Nobody accepted the new version yet; the member accepts it.
      await page.goto('/pages/legal');
      await expect(acceptedOnScreen(page)).toHaveText('0');
      const ack = await request.post(`${MEMBER_API}/legal_page/${tec}/ack/`, {
        headers,
        data: { accept: 'true' },
      });
      expect(ack.status(), await ack.text()).toBe(200);
      const after = await request.get(`${MEMBER_API}/user/me/`, { headers });
      expect(after.headers()[HEADER] ?? '').not.toContain(`tec=${tec}`);

      await page.reload();
      await expect(acceptedOnScreen(page)).toHaveText('1');

      if (locale === 'en') {
        // Force-accept, behind its confirmation, asks everyone again.
        await page
          .getByTestId('legal-row-tec')
          .getByRole('link', { name: /^Edit / })
          .click();
        await page.getByTestId('force-accept').click();
        const dialog = page.getByRole('dialog');
        await expect(dialog).toContainText('Make every member accept the Terms of service again?');
        await dialog.getByTestId('force-accept-confirm').click();
        await expect(page.getByText('Every member must now accept the page again.')).toBeVisible();
        await expect(page.getByTestId('legal-current')).toContainText('Accepted by 0 members');
        const again = await request.get(`${MEMBER_API}/user/me/`, { headers });
        expect(again.headers()[HEADER] ?? '').toContain(`tec=${tec}`);
      }
    });
  });
}
