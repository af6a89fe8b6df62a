import type { APIRequestContext } from '@playwright/test';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { MEMBER_API, createMember, memberToken } from '../support/people.ts';
import { adminBearer, setDemoPreferences } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §8's proof for the incubator, in Chromium, English and Italian, at 1366 and 390 px: a member
 * proposes a category through the member API, staff set the threshold low and open the proposal to
 * subscriptions in the console, enough members subscribe, the proposal shows ready to publish, staff
 * publish it (asked first), and members find the category in `category/`.
 */

type Locale = 'en' | 'it';
/** The lowest threshold the preference allows: this many members subscribe. */
const THRESHOLD = 10;

const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];

/** THRESHOLD members with their bearer headers, made once for the file. */
let fans: Promise<Record<string, string>[]> | undefined;
function supporters(request: APIRequestContext) {
  fans ??= (async () => {
    const run = Date.now() % 100000;
    const out: Record<string, string>[] = [];
    for (let i = 0; i < THRESHOLD; i++) {
      const username = `fan${run}x${i}`;
      await createMember(request, { username, password: 'fan-password-123' });
      out.push(await memberToken(request, username, 'fan-password-123'));
    }
    return out;
  })();
  return fans;
}

for (const { locale, width, height } of CASES) {
  test(`a member's proposal reaches the threshold and staff publish it (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const m = consoleMessages(locale, 'categories');
    const admin = await adminBearer(request);
    await setDemoPreferences(request, admin, { incubator_enabled: true });
    const members = await supporters(request);
    const [author] = members;

    // A member proposes a category.
    const name = `Proposal ${locale} ${width} ${Date.now() % 100000}`;
    const proposed = await request.post(`${MEMBER_API}/incubator/`, {
      headers: author!,
      data: { name, slogan: 'Grown by members' },
    });
    expect(proposed.status(), await proposed.text()).toBe(201);
    const id = ((await proposed.json()) as { id: number }).id;

    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/categories/incubator');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByTestId('categories-tab-incubator')).toHaveAttribute('aria-selected', 'true');

    // The threshold, set low in the console.
    const threshold = page.getByTestId('incubator-threshold-input');
    await expect(threshold).not.toHaveValue('');
    await threshold.fill(String(THRESHOLD));
    await page.getByTestId('incubator-threshold-save').click();
    await expect(
      page.getByText(fillMessage(m['categories.incubator.threshold.saved']!, { value: THRESHOLD })),
    ).toBeVisible();

    // Staff open it to subscriptions (no question asked: nothing is destroyed).
    const row = page.getByTestId(`incubator-row-${id}`);
    await expect(row.getByTestId('incubator-status')).toHaveText(m['categories.incubator.status.pending']!);
    await row
      .getByRole('button', { name: fillMessage(m['categories.incubator.action.votable.named']!, { name }) })
      .click();
    await expect(row.getByTestId('incubator-status')).toHaveText(m['categories.incubator.status.votable']!);

    // Enough members subscribe through the member API.
    for (const headers of members) {
      const answer = await request.post(`${MEMBER_API}/incubator/${id}/subscribe/`, { headers });
      expect(answer.status(), await answer.text()).toBe(204);
    }

    // The console shows it ready to publish, under the status filter too.
    await page.reload();
    await page.getByTestId('incubator-status-filter').locator('..').click();
    await page.getByRole('option', { name: m['categories.incubator.status.ready']! }).click();
    await expect(row.getByTestId('incubator-status')).toHaveText(m['categories.incubator.status.ready']!);
    await expect(row).toContainText(String(THRESHOLD));
    await page.screenshot({ path: `/tmp/inc-shots/ready-${locale}-${width}.png`, fullPage: true });
    const findings = await seriousViolations(page, `incubator ${locale} ${width}`);
    expect(findings, describeFindings(findings)).toEqual([]);

    // Publishing asks first, then creates the category.
    await row
      .getByRole('button', { name: fillMessage(m['categories.incubator.action.publish.named']!, { name }) })
      .click();
    const dialog = page.getByTestId('incubator-confirm');
    await expect(dialog).toContainText(fillMessage(m['categories.incubator.confirm.publish']!, { name }));
    await page.getByTestId('incubator-confirm-ok').click();
    await expect(
      page.getByText(fillMessage(m['categories.incubator.notice.published']!, { name })),
    ).toBeVisible();

    const categories = await request.get(`${MEMBER_API}/category/`, { headers: author! });
    const found = ((await categories.json()) as { results: { name: string; slogan: string }[] }).results.find(
      (c) => c.name === name,
    );
    expect(found).toMatchObject({ name, slogan: 'Grown by members' });
    const detail = await request.get(`${MEMBER_API}/incubator/${id}/`, { headers: author! });
    expect(await detail.json()).toMatchObject({ status: 2, approved_category: { name } });
  });
}
