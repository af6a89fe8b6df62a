import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { adminBearer, demoStackId, setFeature } from '../support/settings.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 15 §5's proof for advertising, in Chromium, English and Italian, at 1366 and 390 px: the admin
 * saves AdSense's verification code and turns AdSense on, then switches to custom advertising after
 * the confirmation (only one system at a time); a custom ad made in the console with an embed code
 * (previewed in a sandboxed frame) is then read by visitors from the member API at its position.
 */

type Locale = 'en' | 'it';
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
];
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1`;
let headers: Record<string, string>;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  headers = await adminBearer(request);
  const stackId = await demoStackId(request, headers);
  await setFeature(request, headers, stackId, 'advertising', true);
  // AdSense needs the community's own domain (mgmt §6); saving the same one again changes nothing.
  const domain = await request.post(`${CONSOLE_API}/domain/`, {
    headers,
    form: { domain: 'ads-e2e.example.org' },
  });
  expect(domain.status(), await domain.text()).toBe(200);
});

for (const { locale, width, height } of CASES) {
  test(`switches advertising systems and shows a custom ad to members (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const reset = await request.post(`${CONSOLE_API}/advertising/settings/update/`, {
      headers,
      data: { system: 'none' },
    });
    expect(reset.status(), await reset.text()).toBe(200);
    const m = consoleMessages(locale, 'advertising');
    const run = `${locale}${width}${Date.now() % 100000}`;
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    // AdSense: the verification code is required, then AdSense turns on.
    await page.goto('/advertising');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['advertising.title']!);
    const code = page.getByLabel(m['advertising.adsense.verificationCode']!);
    await code.fill('');
    await page.getByRole('button', { name: m['advertising.action.save']! }).click();
    await expect(code).toHaveAccessibleDescription(m['advertising.error.verificationRequired']!);
    await code.fill(`ca-pub-${run}`);
    await page.getByRole('button', { name: m['advertising.action.save']! }).click();
    await expect(page.getByText(m['advertising.adsense.saved']!)).toBeVisible();
    const adsense = page.getByRole('switch', { name: m['advertising.system.useAdsense']! });
    await adsense.click();
    await expect(adsense).toBeChecked();
    expect(describeFindings(await seriousViolations(page, `adsense ${locale} ${width}`))).toBe('');

    // Custom advertising: switching asks, and turns AdSense off.
    await page.getByRole('tab', { name: m['advertising.tab.custom']! }).click();
    const custom = page.getByRole('switch', { name: m['advertising.system.useCustom']! });
    await custom.click();
    const confirm = page.getByTestId('advertising-switch-dialog');
    const names = { name: m['advertising.tab.custom']!, other: m['advertising.tab.adsense']! };
    await expect(confirm).toContainText(fillMessage(m['advertising.switch.text']!, names));
    await confirm.getByRole('button', { name: m['advertising.switch.confirm']! }).click();
    await expect(custom).toBeChecked();
    const settings = await request.get(`${CONSOLE_API}/advertising/settings/`, { headers });
    expect(((await settings.json()) as { data: { system: string } }).data.system).toBe('custom');

    // A custom ad with an embed code, previewed in a sandboxed frame, above the feed.
    await page.getByRole('button', { name: m['advertising.action.addAd']! }).click();
    const dialog = page.getByRole('dialog', { name: m['advertising.ad.addTitle']! });
    const title = `Banner ${run}`;
    await dialog.getByRole('textbox', { name: m['advertising.field.title']!, exact: true }).fill(title);
    await dialog.getByLabel(m['advertising.field.link']!).fill('https://shop.example/bikes');
    await dialog.getByRole('radio', { name: m['advertising.field.embedCode']! }).check();
    await dialog
      .getByRole('textbox', { name: m['advertising.field.embedCode']! })
      .fill(`<p>Sponsor ${run}</p>`);
    const preview = dialog.getByTestId('custom-ad-preview');
    await expect(preview).toHaveAttribute('sandbox', 'allow-scripts');
    await expect(preview.contentFrame().getByText(`Sponsor ${run}`)).toBeVisible();
    await dialog.getByTestId('custom-ad-position').click();
    await page.getByRole('option', { name: m['advertising.position.aboveTheStream']!, exact: true }).click();
    await dialog.getByRole('button', { name: m['advertising.action.save']! }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('custom-ad-row').filter({ hasText: title });
    await expect(row).toContainText(m['advertising.position.aboveTheStream']!);

    const wider = await page.evaluate(() =>
      [document.documentElement].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.tagName),
    );
    expect(wider).toEqual([]);
    expect(describeFindings(await seriousViolations(page, `advertising ${locale} ${width}`))).toBe('');

    // Visitors read it from the member API at its position.
    const ads = await request.get(`${MEMBER_API}/custom_adv/search/?position=ABOVE_THE_STREAM&limit=100`);
    expect(ads.status()).toBe(200);
    const found = (
      (await ads.json()) as { results: { title: string; embed_code: string; position: string }[] }
    ).results.find((ad) => ad.title === title);
    expect(found).toMatchObject({ position: 'ABOVE_THE_STREAM', embed_code: `<p>Sponsor ${run}</p>` });
  });
}
