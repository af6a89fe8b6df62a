import { expect, test } from '../support/test.ts';
import { apiSignIn, signInViaUi } from '../support/console.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { noisePng, openThemeSection, saveSection, solidPng } from '../support/theme.ts';

const MB = 1024 * 1024;

test('a new primary colour and slogan are previewed, saved and still there after a reload', async ({
  page,
}) => {
  await signInViaUi(page);
  await openThemeSection(page, '', 'theme-colors');
  const primary = page.getByTestId('field-colorprimary');
  await expect(primary).toHaveValue('#3d9999');
  await primary.fill('#aa3366');
  // The preview follows the field before anything is saved.
  await expect(page.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(170, 51, 102)');
  await saveSection(page);

  await page.getByTestId('theme-tab-title_and_slogan').click();
  await expect(page).toHaveURL(/\/theme\/title_and_slogan$/);
  const slogan = page.getByTestId('field-application_slogan1');
  await slogan.fill('Where makers meet');
  await expect(page.getByText('17 / 300 characters')).toBeVisible();
  await saveSection(page);

  await page.reload();
  await expect(page.getByTestId('field-application_slogan1')).toHaveValue('Where makers meet');
  await openThemeSection(page, '', 'theme-colors');
  await expect(page.getByTestId('field-colorprimary')).toHaveValue('#aa3366');
  await expect(page.getByTestId('preview-button')).toHaveCSS('background-color', 'rgb(170, 51, 102)');
  await expect(page.getByTestId('preview-slogan')).toHaveText('Where makers meet');
});

test('an uploaded logo is stored and previewed from the community media address', async ({ page }) => {
  await signInViaUi(page);
  await openThemeSection(page, 'logo', 'theme-logo');
  await expect(page.getByTestId('image-hint-navbar_logo')).toContainText('Suggested size: 240 × 60 px.');
  await page.getByTestId('image-input-navbar_logo').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: await solidPng(240, 60),
  });
  await expect(page.getByText('Settings updated')).toBeVisible();
  const preview = page.getByTestId('image-preview-navbar_logo');
  await expect(preview).toHaveAttribute(
    'src',
    new RegExp(`/c/${DEMO_SLUG}/media/[0-9a-f]{32}/original\\.png$`),
  );
  // The browser really loaded the picture.
  await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);

  await page.reload();
  await expect(page.getByTestId('image-preview-navbar_logo')).toBeVisible();
});

test('a 6 MB cover and a text file named .png are refused with the right messages', async ({
  page,
  request,
}) => {
  await signInViaUi(page);
  await openThemeSection(page, 'background_images', 'theme-covers');
  await page.getByTestId('image-input-cover_1_hp_m1920').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: await noisePng(6 * MB),
  });
  await expect(page.getByTestId('image-error-cover_1_hp_m1920')).toHaveText(
    'Invalid image. Maximum size: 5 MB.',
  );

  await page.getByTestId('image-input-cover_2_hp_m1920').setInputFiles({
    name: 'cover.png',
    mimeType: 'image/png',
    buffer: Buffer.from('not a picture at all\n'.repeat(50)),
  });
  await expect(page.getByTestId('image-error-cover_2_hp_m1920')).toHaveText('Invalid image format');
  await expect(page.getByTestId('image-preview-cover_1_hp_m1920')).toHaveCount(0);
  await expect(page.getByTestId('image-preview-cover_2_hp_m1920')).toHaveCount(0);

  // The server is the guard: the same files sent straight to it are refused with the same words.
  const token = await apiSignIn(request);
  const send = (buffer: Buffer) =>
    request.post(`/c/${DEMO_SLUG}/platform/api/v1/dynamic_preference/upload_image/`, {
      headers: { Authorization: `Bearer ${token.access_token}` },
      multipart: { name: 'cover_1_hp_m1920', file: { name: 'cover.png', mimeType: 'image/png', buffer } },
    });
  const big = await send(await noisePng(6 * MB));
  expect(big.status()).toBe(400);
  expect((await big.json()).errors[0].message).toBe('Invalid image. Maximum size: 5 MB.');
  const text = await send(Buffer.from('not a picture at all\n'));
  expect(text.status()).toBe(400);
  expect((await text.json()).errors[0].message).toBe('Invalid image format');
});
