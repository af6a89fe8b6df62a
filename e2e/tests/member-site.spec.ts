import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility.ts';
import { attemptName, memberToken } from '../support/people.ts';
import { adminBearer } from '../support/settings.ts';
import { signHsJwt } from '../../apps/server/src/platform/crypto/hs-jwt.ts';

/**
 * Issue 18's member site in Chromium, beside the journey of `member-journey.spec.ts`: a visitor reads
 * the server-rendered home and a discussion, moving between them without a reload; a visitor signs
 * up, is refused a wrong password, writes a discussion, comments on it and is then banned; a member
 * signs in from the owner's app (SSO) and makes Italian their language. axe finds nothing serious.
 */
const SITE = '/c/demo';

async function expectAccessible(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

test.describe('member site', () => {
  test('a visitor reads the home and a discussion, by keyboard too (en, 1366 px)', async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${SITE}/`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Latest in');
    await expectAccessible(page, 'site home (en, 1366)');

    // The first Tab reaches the skip link, which moves the focus into the page's content.
    await page.keyboard.press('Tab');
    await expect(page.getByRole('link', { name: 'Skip to content' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.locator('#content')).toBeFocused();

    // A contribution opens in the browser (hydrated: no full load) with its own title.
    const first = page.getByRole('article').first().getByRole('heading', { level: 2 }).getByRole('link');
    const title = (await first.textContent()) ?? '';
    // A mark left in the page survives only a navigation made inside it, not a new load.
    await page.evaluate(() => Object.assign(window, { stillTheSamePage: true }));
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    // As after a new load, the keyboard and the screen reader go on from the new page's start.
    await expect(page.locator('#content')).toBeFocused();
    await expect(page).toHaveURL(/\/c\/demo\/(post|discussion|status)\/\d+/);
    await expect(page).toHaveTitle(
      new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').slice(0, 40)}`),
    );
    await expect(page.getByRole('heading', { level: 2, name: /Comments/ })).toBeVisible();
    await expectAccessible(page, 'site discussion (en, 1366)');

    // Back returns to the home inside the same page, and forward to the contribution again.
    await page.goBack();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Latest in');
    await page.goForward();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    expect(await page.evaluate(() => 'stillTheSamePage' in window)).toBe(true);
    expect(errors).toEqual([]);
  });
});

test.describe('member site in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('a visitor signs up, signs in, writes a discussion and comments on it, then is banned (it, 390 px)', async ({
    page,
    request,
  }) => {
    // Sign-in, a discussion, a comment and two loads with axe: more than the default half minute.
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const username = attemptName('sitewriter');
    const password = 'site-writer-password-1';

    // A visitor joins on the site, accepting the community's legal pages, and is signed in.
    await page.goto(`${SITE}/signup`, { waitUntil: 'networkidle' });
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await page.getByLabel('Nome utente', { exact: false }).first().fill(username);
    await page.getByLabel('Email').fill(`${username}@members.test`);
    await page.getByLabel('Password').fill(password);
    for (const box of await page.getByRole('checkbox').all()) await box.check();
    await expectAccessible(page, 'site sign-up (it, 390)');
    await page.getByRole('button', { name: 'Registrati' }).last().click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il tuo feed');
    // A phone's navbar keeps one row: sign out is in the account panel, which opens and closes by
    // keyboard too.
    const account = page.getByRole('button', { name: `Il tuo account (${username})` });
    await expect(page.getByRole('button', { name: 'Esci' })).toBeHidden();
    await account.focus();
    await page.keyboard.press('Enter');
    await expect(account).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Escape');
    await expect(account).toHaveAttribute('aria-expanded', 'false');
    await expect(account).toBeFocused();
    await account.click();
    await page.getByRole('button', { name: 'Esci' }).click();

    await page.goto(`${SITE}/signin`, { waitUntil: 'networkidle' });
    await page.getByLabel('Nome utente o email').fill(username);
    await page.getByLabel('Password').fill('wrong-password');
    await page.getByRole('button', { name: 'Accedi' }).last().click();
    await expect(page.getByRole('alert')).toContainText('non sono corretti');
    await expectAccessible(page, 'site sign-in (it, 390)');
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Accedi' }).last().click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Il tuo feed');
    await expect(page.getByRole('button', { name: `Il tuo account (${username})` })).toBeVisible();
    await expectAccessible(page, 'site member home (it, 390)');

    const composer = page.getByRole('region', { name: 'Condividi qualcosa con la community' });
    const kind = composer.getByRole('button', { name: 'Discussione' });
    if (await kind.count()) await kind.click();
    const heading = `Picnic ${username}`;
    if (await composer.getByLabel('Titolo').count()) await composer.getByLabel('Titolo').fill(heading);
    await composer.getByLabel('Testo').fill('Sabato al parco, porta qualcosa da condividere.');
    await composer.getByRole('button', { name: 'Pubblica' }).click();

    await expect(page.getByRole('heading', { level: 1 })).toContainText(/Picnic|Sabato al parco/);
    await page.getByLabel('Il tuo commento').fill('Ci sarò!');
    await page.getByRole('button', { name: 'Commenta' }).click();
    await expect(page.getByText('Ci sarò!')).toBeVisible();

    // The page is as wide as the phone: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Banned for three days in the console: the member still reads, cannot write, and is told until when.
    const writer = await memberToken(request, username, password);
    const me = (await (await request.get(`${SITE}/api/v2/user/me/`, { headers: writer })).json()) as {
      id: number;
    };
    const ban = await request.post(`${SITE}/platform/api/v1/moderation/users/${me.id}/`, {
      headers: await adminBearer(request),
      data: { status: 'banned', days: 3 },
    });
    expect(ban.status(), await ban.text()).toBe(200);
    let requests = 0;
    page.on('request', () => (requests += 1));
    await page.goto(`${SITE}/`);
    // The ban ended the member's sessions: the site reads on as a visitor.
    await expect(page.getByRole('link', { name: 'Accedi' })).toBeVisible();
    await expect(page.getByRole('article').first()).toBeVisible();
    await expect(page.getByRole('region', { name: 'Condividi qualcosa con la community' })).toHaveCount(0);
    // The page settles: nothing is asked again and again.
    requests = 0;
    await page.waitForTimeout(3000);
    expect(requests).toBeLessThan(5);
    await expectAccessible(page, 'site home as a banned member (it, 390)');
    await page.goto(`${SITE}/signin`);
    await page.getByLabel('Nome utente o email').fill(username);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('button', { name: 'Accedi' }).last().click();
    await expect(page.getByRole('alert')).toContainText('bloccato fino al');
  });
});

test.describe("a member from the owner's app", () => {
  test("signs in from the owner's app, accepts the terms once and chooses Italian (en, 1366 px)", async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 900 });
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const admin = await adminBearer(request);

    // The owner's app signs its user in with the community's JWT key: a new member, created on the way.
    const secret = await request.post(`${SITE}/platform/api/v1/configuration/jwt/refresh_secret/`, {
      headers: admin,
    });
    expect(secret.status(), await secret.text()).toBe(200);
    const key = ((await secret.json()) as { data: { jwt_secret_key: string } }).data.jwt_secret_key;
    const username = attemptName('ssomember');
    const jwt = signHsJwt(
      {
        ext_id: `crm-${username}`,
        username,
        email: `${username}@owner.test`,
        exp: Math.floor(Date.now() / 1000) + 120,
      },
      key,
    );
    await page.goto(`${SITE}/sso?next=%2F#token=${jwt}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your feed');
    expect(page.url()).not.toContain(jwt);

    // A new member owes the legal pages: the gate comes first, once.
    const gate = page.getByRole('region', { name: 'Updated terms' });
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'I accept' }).click();
    await expect(gate).toHaveCount(0);

    await page.goto(`${SITE}/categories`, { waitUntil: 'networkidle' });
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categories');
    await expect(gate).toHaveCount(0);

    // Italian, chosen in the footer, becomes the member's own: it follows them to a browser without the choice.
    await page
      .getByRole('navigation', { name: 'Language' })
      .getByRole('button', { name: 'Italiano' })
      .click();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categorie');
    await page.context().clearCookies();
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'it');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Categorie');
    await expectAccessible(page, 'site categories as a member (it, 1366)');
    expect(errors).toEqual([]);
  });
});
