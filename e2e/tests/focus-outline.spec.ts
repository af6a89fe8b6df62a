import type { Page } from '@playwright/test';
import { signInViaUi } from '../support/console.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 12 §4 (WCAG 2.4.7): wherever the keyboard goes, the reader sees it. On a few screens that hold
 * every kind of control (bar, drawer, tabs, buttons, switches, fields, links, a table), Tab is pressed
 * through the page and each control that takes the focus must draw a ring (an outline of 2 px or more),
 * or, for a text field, its own focused border.
 */
async function unmarkedStops(page: Page, stops: number): Promise<string[]> {
  const unmarked: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(() => {
      const element = document.activeElement as HTMLElement | null;
      if (!element || element === document.body) return null;
      const ringed = (candidate: Element | null) => {
        if (!candidate) return false;
        const style = getComputedStyle(candidate);
        return style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) >= 2;
      };
      // A switch's input is invisible: the ring is drawn by the control that holds it.
      const ring = ringed(element) || ringed(element.closest('.Mui-focusVisible'));
      // A text or date field shows the focus with its own thicker border.
      const field = element.closest('[class*="InputBase-root"]')?.classList.contains('Mui-focused') ?? false;
      const describe = `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`;
      return { ok: ring || field, describe };
    });
    if (seen && !seen.ok) unmarked.push(seen.describe);
  }
  return unmarked;
}

for (const path of ['/', '/staff', '/moderation/users', '/content_settings', '/audit_log']) {
  test(`every control on ${path} shows the keyboard focus`, async ({ page }) => {
    await signInViaUi(page);
    await page.goto(path);
    await expect(page.locator('main').getByRole('heading', { level: 1 }).first()).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(await unmarkedStops(page, 40)).toEqual([]);
  });
}
