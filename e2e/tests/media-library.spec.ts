import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §4's media library in Chromium, English and Italian, at 1366 and 390 px: a folder is
 * created, a PNG uploaded into it shows in the grid with an address that loads the image, the image is
 * renamed, then deleted after a confirmation (and its address stops answering).
 */

type Locale = 'en' | 'it';

const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];

/** A 64 × 48 green PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAEAAAAAwCAIAAAAuKetIAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAfUlEQVR4nO2SAQkAURSDlsWS63QpL4Y8/sAAOha+nia6AQuoviK7UO8S3YAFVF+RXah3iW7AAqqvyC7Uu0Q3YAHVV2QX6l2iG7CA6iuyC/Uu0Q1YQPUV2YV6l+gGLKD6iuxCvUt0AxZQfUV2od4lugELqL4iu1DvEt2AxwN+liEk4ru3XscAAAAASUVORK5CYII=',
  'base64',
);

for (const { locale, width, height } of CASES) {
  test(`a folder gets a PNG with a working address, renamed then deleted (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const m = consoleMessages(locale, 'media-library');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/media');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['mediaLibrary.title']!);

    // A folder, opened at once.
    const folder = `E2E ${locale} ${width} ${Date.now() % 100000}`;
    await page.getByRole('button', { name: m['mediaLibrary.action.newFolder']! }).click();
    const folderDialog = page.getByTestId('media-folder-dialog');
    await folderDialog.getByRole('textbox').fill(folder);
    await folderDialog.getByRole('button', { name: m['mediaLibrary.action.save']! }).click();
    await expect(folderDialog).toBeHidden();
    const chip = page.getByRole('button', {
      name: fillMessage(m['mediaLibrary.folderCount']!, { name: folder, count: 0 }),
    });
    await chip.click();
    await expect(chip).toHaveAttribute('aria-pressed', 'true');

    // A PNG uploaded into it: its card and an address that loads the same picture.
    await page
      .getByTestId('media-upload-input')
      .setInputFiles({ name: 'green.png', mimeType: 'image/png', buffer: PNG });
    const card = page.getByTestId('media-file');
    await expect(card).toHaveCount(1);
    await expect(card.getByTestId('media-file-name')).toHaveText('green.png');
    await expect(card).toContainText('64 × 48 px');
    await expect(card.locator('img')).toHaveJSProperty('naturalWidth', 64);
    await card
      .getByRole('button', { name: fillMessage(m['mediaLibrary.action.editNamed']!, { name: 'green.png' }) })
      .click();
    const dialog = page.getByTestId('media-file-dialog');
    const address = await dialog.getByRole('textbox', { name: m['mediaLibrary.field.url']! }).inputValue();
    expect(address).toMatch(/\/c\/demo\/library\/[0-9a-f]{32}$/);
    const served = await request.get(new URL(address).pathname);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');

    // Renamed: the card says the new name; the address is the same.
    await dialog.getByRole('textbox', { name: m['mediaLibrary.field.name']! }).fill('renamed.png');
    await dialog.getByTestId('media-file-save').click();
    await expect(dialog).toBeHidden();
    await expect(card.getByTestId('media-file-name')).toHaveText('renamed.png');

    // Deleted after the question: the grid is empty and the address answers 404.
    await card
      .getByRole('button', {
        name: fillMessage(m['mediaLibrary.action.deleteNamed']!, { name: 'renamed.png' }),
      })
      .click();
    const confirm = page.getByTestId('media-delete-file');
    await expect(confirm).toContainText(
      fillMessage(m['mediaLibrary.confirm.deleteFile']!, { name: 'renamed.png' }),
    );
    await page.getByTestId('media-delete-file-confirm').click();
    await expect(page.getByTestId('media-file')).toHaveCount(0);
    expect((await request.get(new URL(address).pathname)).status()).toBe(404);

    // The empty folder goes too, so the next run starts clean.
    await page.getByRole('button', { name: m['mediaLibrary.action.deleteFolder']! }).click();
    await page
      .getByTestId('media-delete-folder')
      .getByRole('button', { name: m['mediaLibrary.action.delete']! })
      .click();
    await expect(page.getByRole('button', { name: new RegExp(folder) })).toHaveCount(0);
    if (width === 390) {
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    }
  });
}
