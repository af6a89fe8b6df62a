import fs from 'node:fs';
import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { adminBearer, setDemoPreferences } from '../support/settings.ts';
import { ADMIN_USERNAME } from '../support/server-settings.ts';

/**
 * Issue 12 §3 in Chromium: a change made through the console reads in the audit log as a sentence
 * with its author's name and its before → after; the log filters by person and action, and its CSV
 * holds exactly the filtered rows.
 */
const MARK = `audit-${Date.now()}`;
const VALUE = `https://community.example.com/post/{id}?from=${MARK}`;

test.afterEach(async ({ request }) => {
  await setDemoPreferences(request, await adminBearer(request), { url_template_post: '' });
});

test('a settings change is in the log as a sentence, found by person and action, and in the CSV', async ({
  page,
}) => {
  await signInViaUi(page);
  await page.goto('/community_management/urls');
  await page.getByTestId('url-url_template_post').fill(VALUE);
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings updated' })).toBeVisible();

  await page.goto('/audit_log');
  await expect(page.getByRole('heading', { level: 1, name: 'Audit log' })).toBeVisible();
  const row = page.getByTestId('audit-table').getByRole('row').filter({ hasText: MARK });
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('audit-sentence')).toHaveText(
    new RegExp(`@${ADMIN_USERNAME}\\)? changed the community configuration$`),
  );
  await expect(row.getByTestId('audit-change')).toContainText(`Url template post: `);
  await expect(row.getByTestId('audit-change')).toContainText(MARK);
  expect(describeFindings(await seriousViolations(page, '/audit_log'))).toBe('');

  // By person: searched on the server, then chosen.
  await page.getByTestId('audit-filter-person').fill(ADMIN_USERNAME.slice(0, 3));
  await page.getByRole('option', { name: new RegExp(`@${ADMIN_USERNAME}\\)?$`) }).click();
  // By action: chosen by its sentence.
  await page.getByRole('combobox', { name: 'Action' }).click();
  await page.getByRole('option', { name: 'changed several settings' }).click();
  await expect(row).toHaveCount(1);
  await expect(page.getByTestId('audit-pager-range')).toBeVisible();
  const sentences = page.getByTestId('audit-sentence');
  for (const text of await sentences.allTextContents()) {
    expect(text).toMatch(new RegExp(`@${ADMIN_USERNAME}\\)? changed `));
  }

  // The CSV holds exactly what is filtered.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('audit-export').click(),
  ]);
  expect(download.suggestedFilename()).toBe('audit-log.csv');
  const csv = fs.readFileSync(await download.path(), 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^at,who,role,action,person,subject,changes,/);
  const entries = csv.match(/^\d{4}-\d\d-\d\dT/gm) ?? [];
  const range = (await page.getByTestId('audit-pager-range').textContent()) ?? '';
  expect(entries.length).toBe(Number(/of (\d+)/.exec(range)?.[1]));
  const mine = lines.find((line) => line.includes(MARK)) ?? '';
  expect(mine).toContain(`,${ADMIN_USERNAME},admin,settings.update,,configurations,`);
  expect(mine).toContain(`url_template_post: `);
});
