import { readFile } from 'node:fs/promises';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { createMember, MEMBER_API, memberToken } from '../support/people.ts';
import { adminBearer, demoStackId, setFeature } from '../support/settings.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 14 §6's proof for promo codes and the loyalty program, in Chromium, English and Italian, at
 * 1366 and 390 px: staff create a promo code and configure a prize (with its image) in the console; a
 * member seeded through the member API earns points by posting and requests the prize; staff accept
 * the request after a confirmation and export the selected request as CSV, whose download holds it.
 */

type Locale = 'en' | 'it';
// One case per language and width: the tabs walk checks these screens in both at both widths with axe.
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
];
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1`;
/** A 48×32 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAASUlEQVR4nO2WAQkAQAwCl8tq5rw+H2PPOFgAET03KV/drCuIgtChmqHYMtbxE8GIDtUMxZaxDqH4oKFDNUOxZcghBGOdjhwe1wcXfzyI1opafAAAAABJRU5ErkJggg==',
  'base64',
);

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const headers = await adminBearer(request);
  const stackId = await demoStackId(request, headers);
  for (const flag of ['promo_code', 'loyalty']) await setFeature(request, headers, stackId, flag, true);
  const points = await request.post(`${CONSOLE_API}/loyalty/config/update/`, {
    headers,
    data: { points: { post: 50 } },
  });
  expect(points.status(), await points.text()).toBe(200);
});

for (const { locale, width, height } of CASES) {
  test(`a promo code, a prize requested by a member, accepted and exported (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const p = consoleMessages(locale, 'promo-codes');
    const l = consoleMessages(locale, 'loyalty');
    const run = `${locale}${width}${Date.now() % 100000}`;
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    // A promo code: the dialog refuses an end before the start, then saves.
    await page.goto('/marketing/promo_code');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(p['promoCodes.title']!);
    await page.getByRole('button', { name: p['promoCodes.action.add']! }).click();
    const promo = page.getByRole('dialog', { name: p['promoCodes.dialog.addTitle']! });
    await promo.getByLabel(p['promoCodes.field.name']!).fill(`Launch ${run}`);
    await promo.getByLabel(p['promoCodes.field.code']!).fill(`CODE-${run}`);
    await promo.getByTestId('promo-valid-from').fill('2026-01-10');
    await promo.getByTestId('promo-valid-to').fill('2026-01-01');
    await promo.getByRole('button', { name: p['promoCodes.action.save']! }).click();
    await expect(promo.getByTestId('promo-valid-to')).toHaveAccessibleDescription(
      p['promoCodes.error.order']!,
    );
    await promo.getByTestId('promo-valid-to').fill('2030-12-31');
    await promo.getByRole('button', { name: p['promoCodes.action.save']! }).click();
    await expect(promo).toBeHidden();
    await expect(page.getByTestId('promo-code-row').filter({ hasText: `CODE-${run}` })).toBeVisible();

    // A prize, with its image, in the configure tab.
    await page.goto('/marketing/loyalty');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(l['loyalty.title']!);
    await page.getByRole('button', { name: l['loyalty.action.addPrize']! }).click();
    const dialog = page.getByRole('dialog', { name: l['loyalty.prize.addTitle']! });
    const title = `Mug ${run}`;
    await dialog.getByLabel(l['loyalty.field.title']!).fill(title);
    await dialog.getByLabel(l['loyalty.field.points']!).fill('100');
    await dialog.getByLabel(l['loyalty.field.link']!).fill('https://shop.example/mug');
    await dialog.getByLabel(l['loyalty.field.description']!).fill('A mug with the logo');
    await dialog
      .getByTestId('prize-image-input')
      .setInputFiles({ name: 'mug.png', mimeType: 'image/png', buffer: PNG });
    await dialog.getByRole('button', { name: l['loyalty.action.save']! }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('prize-row').filter({ hasText: title })).toBeVisible();

    // A member earns 100 points by posting twice and asks for the prize (member API).
    const username = `saver${run}`;
    await createMember(request, { username, password: 'saver-password-1' });
    const member = await memberToken(request, username, 'saver-password-1');
    for (const text of ['first', 'second']) {
      const posted = await request.post(`${MEMBER_API}/post/`, { headers: member, data: { text } });
      expect(posted.status(), await posted.text()).toBe(201);
    }
    const prizes = await request.get(`${MEMBER_API}/loyalty/prize/?limit=100`, { headers: member });
    const prize = ((await prizes.json()) as { results: { id: number; title: string }[] }).results.find(
      (x) => x.title === title,
    );
    expect(prize).toBeTruthy();
    const asked = await request.post(`${MEMBER_API}/loyalty/request/`, {
      headers: member,
      data: { prize: prize!.id },
    });
    expect(asked.status(), await asked.text()).toBe(201);

    // Staff accept it after the confirmation, select it and download the CSV.
    await page.getByRole('tab', { name: l['loyalty.tab.manage']! }).click();
    const row = page.getByTestId('request-row').filter({ hasText: username });
    await row.getByRole('button', { name: l['loyalty.action.accept']! }).click();
    const confirm = page.getByTestId('request-decide-dialog');
    await expect(confirm).toContainText(l['loyalty.confirm.accepted.title']!);
    await confirm.getByRole('button', { name: l['loyalty.action.accept']! }).click();
    await expect(row).toContainText(l['loyalty.status.accepted']!);
    // Nothing scrolls sideways, at 390 px too: neither the page nor the requests table is wider than its box.
    const wider = await page.evaluate(() =>
      [document.documentElement, ...document.querySelectorAll('.MuiTableContainer-root')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1)
        .map((el) => el.className || el.tagName),
    );
    expect(wider).toEqual([]);
    expect(describeFindings(await seriousViolations(page, `loyalty manage ${locale} ${width}`))).toBe('');

    await row
      .getByRole('checkbox', {
        name: fillMessage(l['loyalty.requests.select']!, { user: username, prize: title }),
      })
      .check();
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: fillMessage(l['loyalty.action.export']!, { count: 1 }) }).click();
    const file = await (await download).path();
    const csv = (await readFile(file, 'utf8')).trim().split('\r\n');
    expect(csv[0]).toBe('id,user,date,prize,points,status');
    expect(csv).toHaveLength(2);
    expect(csv[1]).toContain(`,${username},`);
    expect(csv[1]).toContain(`,${title},100,accepted`);
  });
}
