import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { setDemoPreferences } from '../support/readiness.ts';

test('readiness checks: a check links to its screen and turns ok once the community changes', async ({
  page,
  request,
}) => {
  await setDemoPreferences(request, { application_slogan1: '' });
  await signInViaUi(page);

  await page.goto('/checks');
  await expect(page.getByRole('heading', { level: 1, name: 'Readiness checks' })).toBeVisible();
  await expect(page.getByTestId('check-group-required')).toBeVisible();
  await expect(page.getByTestId('check-group-recommended')).toBeVisible();
  await expect(page.getByTestId('check-group-best_practices')).toBeVisible();
  const logo = page.getByTestId('check-logo');
  await expect(logo).toHaveAttribute('data-ok', 'false');
  await expect(logo).toContainText('Upload the community logo');

  await page.getByTestId('check-fix-logo').click();
  await expect(page).toHaveURL((url) => url.pathname === '/theme/logo');

  await page.goto('/checks');
  const slogan = page.getByTestId('check-slogan');
  await expect(slogan).toHaveAttribute('data-ok', 'false');
  await expect(page.getByTestId('check-fix-slogan')).toHaveAttribute('href', '/theme/title_and_slogan');

  await setDemoPreferences(request, { application_slogan1: 'Where the demo community meets' });
  await page.reload();
  await expect(page.getByTestId('check-slogan')).toHaveAttribute('data-ok', 'true');
  await expect(page.getByTestId('check-fix-slogan')).toHaveCount(0);
});
