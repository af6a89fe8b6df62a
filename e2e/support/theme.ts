import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { expect, type Page } from '@playwright/test';

/** A solid PNG made at test time (no binary fixtures in the repository). */
export function solidPng(width: number, height: number, color = { r: 170, g: 51, b: 102 }): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();
}

/** A real PNG of at least `bytes` bytes: random pixels, stored uncompressed. */
export function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.ceil(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/** Opens a section of the theme area (path below /theme, '' for colors) and waits for its form. */
export async function openThemeSection(page: Page, section: string, testId: string): Promise<void> {
  await page.goto(section ? `/theme/${section}` : '/theme');
  await expect(page.getByTestId(testId)).toBeVisible();
}

/** Clicks the section's save button; the save call must succeed and 'Settings updated' show. */
export async function saveSection(page: Page): Promise<void> {
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/dynamic_preference/update_multi/') && response.request().method() === 'POST',
  );
  await page.getByTestId('settings-save').click();
  expect((await saved).status()).toBe(200);
  await expect(page.getByText('Settings updated').first()).toBeVisible();
}
