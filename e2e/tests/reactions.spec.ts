import {
  apiSignIn,
  consoleMessages,
  fillMessage,
  revokeToken,
  signInInLanguage,
} from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 13 §8's proof for reactions, in Chromium, English and Italian, at 1366 and 390 px: the default
 * reaction's switch cannot be turned off (in the table nor in its dialog), and an SVG reaction uploaded
 * with a script is stored, and served to members, without it.
 */

type Locale = 'en' | 'it';

const HOSTILE_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" onload="alert(1)">' +
  '<script>alert(document.cookie)</script><circle cx="12" cy="12" r="10" fill="#2a9d8f"/>' +
  '<foreignObject><iframe src="https://evil.example"/></foreignObject></svg>';

const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];

for (const { locale, width, height } of CASES) {
  test(`the default reaction stays on and an SVG with a script is stored without it (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const m = consoleMessages(locale, 'reactions');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/reactions');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['reactions.title']!);

    // The default reaction: its switch is on, disabled, and says why; a click changes nothing.
    const likeSwitch = page.getByRole('switch', {
      name: fillMessage(m['reactions.activeOf']!, { label: 'like' }),
    });
    await expect(likeSwitch).toBeChecked();
    await expect(likeSwitch).toBeDisabled();
    await likeSwitch.click({ force: true });
    await expect(likeSwitch).toBeChecked();
    // A table row on a desktop, a card on a phone: both carry the reaction's test id.
    const likeRow = page.getByTestId(/^reaction-row-\d+$/).filter({ has: likeSwitch });
    await expect(likeRow.getByText(m['reactions.defaultAlwaysActiveShort']!)).toBeVisible();
    // Its dialog's switch too.
    await page
      .getByRole('button', { name: fillMessage(m['reactions.action.editOf']!, { label: 'like' }) })
      .click();
    const likeDialog = page.getByRole('dialog', { name: m['reactions.dialog.editTitle']! });
    await expect(likeDialog.getByRole('switch')).toBeDisabled();
    await expect(likeDialog.getByRole('switch')).toBeChecked();
    await expect(likeDialog.getByText(m['reactions.defaultAlwaysActive']!)).toBeVisible();
    await likeDialog.getByRole('button', { name: m['reactions.action.cancel']! }).click();
    await expect(likeDialog).toBeHidden();

    // A new reaction from an SVG that carries a script, an event handler and a foreign object.
    const label = `Clap ${locale} ${width} ${Date.now() % 100000}`;
    await page.getByRole('button', { name: m['reactions.action.add']! }).click();
    const dialog = page.getByRole('dialog', { name: m['reactions.dialog.addTitle']! });
    await dialog.getByLabel(m['reactions.field.label']!).fill(label);
    await dialog.getByTestId('reaction-image-input').setInputFiles({
      name: 'clap.svg',
      mimeType: 'image/svg+xml',
      buffer: Buffer.from(HOSTILE_SVG),
    });
    await dialog.getByRole('button', { name: m['reactions.action.save']! }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(fillMessage(m['reactions.saved']!, { label }))).toBeVisible();
    const row = page.getByTestId(/^reaction-row-\d+$/).filter({ hasText: label });
    await expect(row).toBeVisible();
    const src = await row.locator('img').getAttribute('src');
    expect(src).toBeTruthy();

    // The stored file has the drawing and nothing that runs or reaches out, for the console and members.
    const stored = await request.get(new URL(src!, page.url()).pathname);
    expect(stored.status()).toBe(200);
    expect(stored.headers()['content-type']).toBe('image/svg+xml');
    const text = await stored.text();
    expect(text).toContain('<circle');
    expect(text).not.toMatch(/script|alert|onload|foreignObject|iframe|evil/i);
    const members = await request.get(`${MEMBER_API}/reaction/search/?search=${encodeURIComponent(label)}`);
    expect(members.status()).toBe(200);
    const found = (await members.json()) as { results: { label: string; image: string; active: boolean }[] };
    expect(found.results).toEqual([expect.objectContaining({ label, active: true })]);
    // Members get the absolute address; the console shows the same file from its own origin.
    expect(new URL(found.results[0]!.image).pathname).toBe(src);

    // And the server itself refuses to switch the default off, whatever the screen shows.
    const all = (await (await request.get(`${MEMBER_API}/reaction/?limit=100`)).json()) as {
      results: { id: number; label: string }[];
    };
    const likeId = all.results.find((r) => r.label === 'like')!.id;
    const token = await apiSignIn(request);
    const refused = await request.post(`/c/demo/platform/api/v1/reactions/${likeId}/update/`, {
      headers: { authorization: `Bearer ${token.access_token}` },
      multipart: { active: 'false' },
    });
    expect(refused.status()).toBe(400);
    expect(JSON.stringify(await refused.json())).toContain(
      'The default reaction is mandatory and cannot be disabled.',
    );
    await revokeToken(request, token.access_token, token.client_id);
  });
}
