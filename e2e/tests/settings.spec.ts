import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { adminBearer, demoPreference, setDemoPreferences } from '../support/settings.ts';

const BROKEN = 'https://community.example.com/post/';
const FIXED = 'https://community.example.com/post/{id}';

test.afterEach(async ({ request }) => {
  await setDemoPreferences(request, await adminBearer(request), { url_template_post: '' });
});

test('an e-mail URL override without its placeholder blocks saving; fixed, it saves', async ({
  page,
  request,
}) => {
  const headers = await adminBearer(request);
  await setDemoPreferences(request, headers, { url_template_post: '' });
  await signInViaUi(page);
  await page.goto('/community_management/urls');
  const field = page.getByTestId('url-url_template_post');
  await expect(field).toHaveValue('');
  // Each field says which placeholder it needs.
  const control = page.locator('.MuiFormControl-root', { has: field });
  await expect(control).toContainText('Must contain {id}.');

  await field.fill(BROKEN);
  await page.getByTestId('settings-save').click();
  await expect(control).toContainText('Url not valid. It must contains {id}.');
  await expect(
    page.getByRole('alert').filter({ hasText: 'Some urls are not valid. Fix the problems and then save.' }),
  ).toBeVisible();
  expect(await demoPreference(request, headers, 'url_template_post')).toBe('');
  await page.reload();
  await expect(page.getByTestId('url-url_template_post')).toHaveValue('');

  await page.getByTestId('url-url_template_post').fill(FIXED);
  await page.getByTestId('settings-save').click();
  await expect(page.getByRole('alert').filter({ hasText: 'Settings updated' })).toBeVisible();
  await expect(control).not.toContainText('Url not valid');
  expect(await demoPreference(request, headers, 'url_template_post')).toBe(FIXED);
  await page.reload();
  await expect(page.getByTestId('url-url_template_post')).toHaveValue(FIXED);
});

test('a settings screen whose load fails shows the failure and no form; retried, it shows the saved values', async ({
  page,
  request,
}) => {
  const headers = await adminBearer(request);
  await setDemoPreferences(request, headers, { url_template_post: FIXED });
  await signInViaUi(page);
  // The community's preferences cannot be read for now (the server is unreachable for this call).
  let failing = true;
  await page.route('**/dynamic_preference/get_list/**', (route) =>
    failing ? route.fulfill({ status: 503, body: '{"errors":[{"code":"unavailable"}]}' }) : route.fallback(),
  );
  await page.goto('/community_management/urls');
  await expect(page.getByTestId('settings-load-error')).toBeVisible();
  await expect(page.getByTestId('url-url_template_post')).toHaveCount(0);
  await expect(page.getByTestId('settings-save')).toHaveCount(0);

  failing = false;
  await page.getByTestId('settings-load-error').getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByTestId('url-url_template_post')).toHaveValue(FIXED);
  await expect(page.getByTestId('settings-load-error')).toHaveCount(0);
  expect(await demoPreference(request, headers, 'url_template_post')).toBe(FIXED);
});
