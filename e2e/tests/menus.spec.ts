import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §8's proof for menus, in Chromium, English and Italian, at 1366 and 390 px: a menu and
 * its items are created, the spec's validation messages appear under the field they concern, an
 * item is moved by keyboard, and the member API returns the new order.
 */

type Locale = 'en' | 'it';

const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];

for (const { locale, width, height } of CASES) {
  test(`a menu gets items, the messages sit under their field, and members see the order (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    // About twenty round trips (sign-in, two dialogs, saves, order, reload, member API, delete).
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'menus');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);

    await page.goto('/menus');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['menus.title']!);

    // A new menu: an empty title is refused under the field, then the menu opens.
    const name = `E2E ${locale} ${width} ${Date.now() % 100000}`;
    await page.getByTestId('menu-create').click();
    const menuDialog = page.getByTestId('menu-dialog');
    await menuDialog.getByTestId('menu-save').click();
    await expect(menuDialog.locator('[name="name"]')).toHaveAccessibleDescription(m['menus.error.required']!);
    await menuDialog.locator('[name="name"]').fill(name);
    await menuDialog.getByTestId('menu-save').click();
    await expect(menuDialog).toBeHidden();
    await expect(page).toHaveURL(/\/menus\/\d+$/);
    const menuId = Number(/\/menus\/(\d+)$/.exec(page.url())![1]);
    await expect(page.getByTestId('menu-name')).toHaveText(name);

    // An item: each bad field says the spec's message under itself.
    await page.getByTestId('menu-item-create').click();
    const dialog = page.getByTestId('menu-item-dialog');
    const label = dialog.locator('[name="label"]');
    const url = dialog.locator('[name="url"]');
    await dialog.getByTestId('menu-item-save').click();
    await expect(label).toHaveAccessibleDescription(m['menus.error.invalidLabel']!);
    await expect(url).toHaveAccessibleDescription(m['menus.error.required']!);
    await label.fill('First');
    await url.fill('javascript:alert(1)');
    await dialog.getByTestId('menu-item-save').click();
    await expect(url).toHaveAccessibleDescription(m['menus.error.invalidUrl']!);
    await expect(label).not.toHaveAccessibleDescription(m['menus.error.invalidLabel']!);
    await page.screenshot({ path: `/tmp/menus-shots/item-dialog-${locale}-${width}.png` });
    await url.fill('/first/');
    await dialog.getByTestId('menu-item-save').click();
    await expect(dialog).toBeHidden();

    await page.getByTestId('menu-item-create').click();
    await label.fill('Second');
    await url.fill('https://example.com/second');
    await dialog.getByRole('checkbox', { name: new RegExp(m['menus.target.blank']!) }).check();
    await dialog.getByTestId('menu-item-save').click();
    await expect(dialog).toBeHidden();
    const labels = () => page.getByTestId('menu-item-label').allTextContents();
    await expect.poll(labels).toEqual(['First', 'Second']);

    // By keyboard: 'move Second up' reorders and saves.
    const up = page.getByRole('button', {
      name: fillMessage(m['menus.action.moveUp']!, { label: 'Second' }),
    });
    await up.focus();
    const ordered = page.waitForResponse(
      (r) => r.url().includes(`/menus/${menuId}/order/`) && r.request().method() === 'POST',
    );
    await page.keyboard.press('Enter');
    expect((await ordered).status()).toBe(200);
    await expect.poll(labels).toEqual(['Second', 'First']);
    await page.screenshot({ path: `/tmp/menus-shots/detail-${locale}-${width}.png` });
    await page.reload();
    await expect.poll(labels).toEqual(['Second', 'First']);

    // Members read the same order, in SelfCommunity's custom menu object.
    const answer = await request.get(`${MEMBER_API}/custom_menu/${menuId}/`);
    expect(answer.status(), await answer.text()).toBe(200);
    const menu = (await answer.json()) as {
      name: string;
      items: { label: string; url: string; order: number; custom_menu: number; attrs: { target?: string } }[];
    };
    expect(menu.name).toBe(name);
    expect(menu.items.map((i) => [i.label, i.order, i.custom_menu])).toEqual([
      ['Second', 1, menuId],
      ['First', 2, menuId],
    ]);
    expect(menu.items[0]!.attrs.target).toBe('_blank');

    // Deleting asks first; confirmed, the menu is gone for members too.
    await page.getByTestId('menu-delete').click();
    const confirm = page.getByTestId('menu-delete-dialog');
    await expect(confirm).toContainText(fillMessage(m['menus.confirm.deleteMenu']!, { name }));
    await confirm.getByTestId('menu-delete-confirm').click();
    await expect(page).toHaveURL(/\/menus$/);
    await expect(page.getByText(m['menus.deleted']!)).toBeVisible();
    await page.screenshot({ path: `/tmp/menus-shots/list-${locale}-${width}.png` });
    expect((await request.get(`${MEMBER_API}/custom_menu/${menuId}/`)).status()).toBe(404);
  });
}
