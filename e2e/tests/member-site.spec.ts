import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility.ts';
import { attemptName, createMember, memberToken } from '../support/people.ts';
import { setDemoPreferences } from '../support/readiness.ts';
import { adminBearer } from '../support/settings.ts';
import { signInViaUi } from '../support/console.ts';
import { solidPng } from '../support/theme.ts';
import { signHsJwt } from '../../apps/server/src/platform/crypto/hs-jwt.ts';

/**
 * Issue 18's member site in Chromium: a visitor reads the server-rendered home and a discussion, a
 * visitor signs up on the site (accepting the legal pages), signs in, writes a discussion and comments on it, and a theme colour set in the
 * console shows on the next load; axe finds nothing serious, in English at 1366 px and Italian at 390 px.
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
    await first.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
    await expect(page).toHaveTitle(
      new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').slice(0, 40)}`),
    );
    await expect(page.getByRole('heading', { level: 2, name: /Comments/ })).toBeVisible();
    await expectAccessible(page, 'site discussion (en, 1366)');
    expect(errors).toEqual([]);
  });
});

test.describe('member site in Italian', () => {
  test.use({ locale: 'it-IT' });

  test('a visitor signs up, signs in, writes a discussion and comments on it; the theme colour follows the console (it, 390 px)', async ({
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
    await expect(page.getByRole('button', { name: 'Esci' })).toBeVisible();
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

    // Another member comments: the notification arrives without a reload.
    const id = Number(/\/discussion\/(\d+)/.exec(page.url())?.[1]);
    const neighbour = attemptName('siteneighbour');
    await createMember(request, { username: neighbour, password: 'site-neighbour-password-1' });
    const bearer = await memberToken(request, neighbour, 'site-neighbour-password-1');
    const comment = await request.post(`${SITE}/api/v2/comment/`, {
      headers: bearer,
      data: { discussion: id, html: '<p>Porto la limonata.</p>' },
    });
    expect(comment.status(), await comment.text()).toBe(201);
    await expect(page.getByRole('link', { name: 'Notifiche, 1 nuova' })).toBeVisible({ timeout: 30_000 });
    await page.getByRole('link', { name: 'Notifiche, 1 nuova' }).click();
    await expect(page.getByRole('listitem').filter({ hasText: `${neighbour} ha commentato` })).toBeVisible();
    await expectAccessible(page, 'site notifications (it, 390)');
    await page.goBack();
    await expectAccessible(page, 'site discussion as a member (it, 390)');

    // The page is as wide as the phone: nothing scrolls sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // A colour the owner picks in the console is the site's on its next load.
    await setDemoPreferences(request, { colorprimary: '#7b1fa2' });
    try {
      await page.reload({ waitUntil: 'networkidle' });
      const colour = await page
        .getByRole('button', { name: 'Reagisci' })
        .first()
        .evaluate((button) => getComputedStyle(button).color);
      expect(colour).toBe('rgb(123, 31, 162)');
    } finally {
      await setDemoPreferences(request, { colorprimary: '#3d9999' });
    }

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

test.describe("a member's journey on the site", () => {
  test("signs in from the owner's app, posts an image in a category, is answered, loses the post to moderation, accepts new terms and chooses Italian (en, 1366 px)", async ({
    page,
    browser,
    request,
  }) => {
    test.setTimeout(180_000);
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

    // A post with an image, in a category.
    const composer = page.getByRole('region', { name: 'Share something with the community' });
    const kind = composer.getByRole('button', { name: 'Post', exact: true });
    if (await kind.count()) await kind.click();
    const text = `Our street party, photographed by ${username}`;
    await composer.getByLabel('Text').fill(text);
    await composer.locator('input[type="file"]').setInputFiles({
      name: 'party.png',
      mimeType: 'image/png',
      buffer: await solidPng(640, 400),
    });
    await composer.getByRole('textbox', { name: /image 1/i }).fill('Tables and lanterns in the street');
    await composer.getByRole('combobox', { name: 'Category' }).click();
    await page.getByRole('option').first().click();
    await composer.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Our street party');
    await expect(page.getByRole('img', { name: 'Tables and lanterns in the street' })).toBeVisible();
    await expectAccessible(page, 'site post with an image (en, 1366)');
    const postId = Number(/\/post\/(\d+)/.exec(page.url())?.[1]);
    expect(postId).toBeGreaterThan(0);

    // A neighbour comments and reacts: the notification arrives without a reload.
    const neighbour = attemptName('siteanswer');
    await createMember(request, { username: neighbour, password: 'site-answer-password-1' });
    const bearer = await memberToken(request, neighbour, 'site-answer-password-1');
    const comment = await request.post(`${SITE}/api/v2/comment/`, {
      headers: bearer,
      data: { post: postId, html: '<p>Lovely lanterns!</p>' },
    });
    expect(comment.status(), await comment.text()).toBe(201);
    const reactions = (await (await request.get(`${SITE}/api/v2/reaction/`)).json()) as {
      results: { id: number; label: string }[];
    };
    const reaction = reactions.results[0]!;
    const vote = await request.post(`${SITE}/api/v2/post/${postId}/vote/`, {
      headers: bearer,
      data: { reaction: reaction.id },
    });
    expect(vote.status(), await vote.text()).toBeLessThan(300);
    await expect(page.getByRole('link', { name: /Notifications, [12] new/ })).toBeVisible({
      timeout: 30_000,
    });
    await page.reload({ waitUntil: 'networkidle' });
    await expect(page.getByText('Lovely lanterns!')).toBeVisible();

    // The neighbour reports it; an admin hides it in the console: it is gone from the site.
    const flag = await request.post(`${SITE}/api/v2/post/${postId}/flag/`, {
      headers: bearer,
      data: { flag_type: 'offtopic' },
    });
    expect(flag.status(), await flag.text()).toBeLessThan(300);
    const adminContext = await browser.newContext();
    const moderation = await adminContext.newPage();
    await signInViaUi(moderation);
    await moderation.goto('/moderation/flags');
    await moderation.getByTestId('flag-row').filter({ hasText: 'Our street party' }).click();
    await expect(moderation.getByTestId('flag-detail')).toBeVisible();
    // The admin's console speaks whichever language other tests left their account in.
    await moderation.getByTestId('flag-detail').getByRole('combobox').click();
    await moderation.locator('li[role="option"][data-value="offtopic"]').click();
    await moderation.getByRole('button', { name: /^(Hide|Nascondi)$/ }).click();
    await expect(moderation.getByTestId('flag-detail')).toContainText(/Hidden|Nascosto/);
    await adminContext.close();
    // The community's own 404 page answers its address now.
    const gone = await page.reload({ waitUntil: 'networkidle' });
    expect(gone?.status()).toBe(404);
    await page.goto(`${SITE}/`, { waitUntil: 'networkidle' });
    await expect(page.getByText('Our street party')).toHaveCount(0);

    // A new version of the terms: the member accepts again at the next page.
    const pages = (await (
      await request.get(`${SITE}/platform/api/v1/legal_pages/`, { headers: admin })
    ).json()) as {
      data: { results: { id: number; policy: string }[] };
    };
    const terms = pages.data.results.find((p) => p.policy === 'tec')!;
    const version = await request.post(`${SITE}/platform/api/v1/legal_pages/${terms.id}/versions/add/`, {
      headers: admin,
      data: { label: `Terms ${username}`, html_body: '<p>Be kind to your neighbours.</p>' },
    });
    expect(version.status(), await version.text()).toBe(200);
    await page.goto(`${SITE}/categories`, { waitUntil: 'networkidle' });
    await expect(gate).toBeVisible();
    await gate.getByRole('button', { name: 'I accept' }).click();
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
