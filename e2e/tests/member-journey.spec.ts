import { expect, test, type Page } from '@playwright/test';
import { seriousViolations } from '../support/accessibility.ts';
import { signInViaUi } from '../support/console.ts';
import { attemptName, createMember, memberToken } from '../support/people.ts';
import { setDemoPreferences } from '../support/readiness.ts';
import { adminBearer } from '../support/settings.ts';
import { solidPng } from '../support/theme.ts';

/**
 * Issue 18 §4's journey on the member site, in English and Italian at 1366 and 390 px: a visitor signs
 * up accepting the terms, posts an image in a category; a second member comments and reacts; the
 * first sees the notification arrive without a reload; an admin hides the post in the console and it
 * is gone from the site; a new terms version is accepted again at the next page; a theme colour
 * changed in the console shows on the next load. axe finds nothing serious on the way.
 */
const SITE = '/c/demo';

const WORDS = {
  en: {
    username: 'Username',
    signUp: 'Sign up',
    yourFeed: 'Your feed',
    composer: 'Share something with the community',
    post: 'Post',
    text: 'Text',
    alt: 'Description of image 1',
    category: 'Category',
    publish: 'Publish',
    unseen: /^Notifications, [12] new$/,
    commented: 'commented on',
    terms: 'Updated terms',
    accept: 'I accept',
    categories: 'Categories',
  },
  it: {
    username: 'Nome utente',
    signUp: 'Registrati',
    yourFeed: 'Il tuo feed',
    composer: 'Condividi qualcosa con la community',
    post: 'Post',
    text: 'Testo',
    alt: "Descrizione dell'immagine 1",
    category: 'Categoria',
    publish: 'Pubblica',
    unseen: /^Notifiche, [12] nuov[ae]$/,
    commented: 'ha commentato',
    terms: 'Condizioni aggiornate',
    accept: 'Accetto',
    categories: 'Categorie',
  },
} as const;

const JOURNEYS = [
  { language: 'en', locale: 'en-US', width: 1366, height: 900 },
  { language: 'en', locale: 'en-US', width: 390, height: 844 },
  { language: 'it', locale: 'it-IT', width: 1366, height: 900 },
  { language: 'it', locale: 'it-IT', width: 390, height: 844 },
] as const;

async function expectAccessible(page: Page, where: string) {
  expect(await seriousViolations(page, where)).toEqual([]);
}

for (const journey of JOURNEYS) {
  const words = WORDS[journey.language];
  const where = `${journey.language}, ${journey.width}`;

  test.describe(`a member's journey on the site (${where} px)`, () => {
    test.use({ locale: journey.locale });

    test(`signs up, posts an image, is answered, loses the post to moderation, accepts new terms, sees the new colour (${where} px)`, async ({
      page,
      browser,
      request,
    }) => {
      test.setTimeout(180_000);
      await page.setViewportSize({ width: journey.width, height: journey.height });
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      const admin = await adminBearer(request);
      const username = attemptName(`journey${journey.language}${journey.width}`);
      const password = 'journey-password-1';

      // A visitor joins, accepting the community's legal pages on the form, and is signed in.
      await page.goto(`${SITE}/signup`, { waitUntil: 'networkidle' });
      await expect(page.locator('html')).toHaveAttribute('lang', journey.language);
      await page.getByLabel(words.username, { exact: false }).first().fill(username);
      await page.getByLabel('Email').fill(`${username}@members.test`);
      await page.getByLabel('Password').fill(password);
      for (const box of await page.getByRole('checkbox').all()) await box.check();
      await expectAccessible(page, `site sign-up (${where})`);
      await page.getByRole('button', { name: words.signUp }).last().click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.yourFeed);
      // Accepted at sign-up: no gate asks again.
      const gate = page.getByRole('region', { name: words.terms });
      await expect(gate).toHaveCount(0);

      // A post with an image, in a category.
      const composer = page.getByRole('region', { name: words.composer });
      const kind = composer.getByRole('button', { name: words.post, exact: true });
      if (await kind.count()) await kind.click();
      const text = `Lanterns in the street, by ${username}`;
      await composer.getByLabel(words.text).fill(text);
      await composer.locator('input[type="file"]').setInputFiles({
        name: 'lanterns.png',
        mimeType: 'image/png',
        buffer: await solidPng(640, 400),
      });
      await composer.getByRole('textbox', { name: words.alt }).fill('Tables and lanterns');
      await composer.getByRole('combobox', { name: words.category }).click();
      await page.getByRole('option').first().click();
      await expectAccessible(page, `site composer with an image (${where})`);
      await composer.getByRole('button', { name: words.publish }).click();
      await expect(page.getByRole('heading', { level: 1 })).toContainText('Lanterns in the street');
      await expect(page.getByRole('img', { name: 'Tables and lanterns' })).toBeVisible();
      const postId = Number(/\/post\/(\d+)/.exec(page.url())?.[1]);
      expect(postId).toBeGreaterThan(0);
      await expectAccessible(page, `site post with an image (${where})`);

      // A neighbour comments and reacts: the notification arrives without a reload.
      const neighbour = attemptName(`neighbour${journey.language}${journey.width}`);
      await createMember(request, { username: neighbour, password: 'neighbour-password-1' });
      const bearer = await memberToken(request, neighbour, 'neighbour-password-1');
      const comment = await request.post(`${SITE}/api/v2/comment/`, {
        headers: bearer,
        data: { post: postId, html: '<p>Lovely lanterns!</p>' },
      });
      expect(comment.status(), await comment.text()).toBe(201);
      const reactions = (await (await request.get(`${SITE}/api/v2/reaction/`)).json()) as {
        results: { id: number }[];
      };
      const vote = await request.post(`${SITE}/api/v2/post/${postId}/vote/`, {
        headers: bearer,
        data: { reaction: reactions.results[0]!.id },
      });
      expect(vote.status(), await vote.text()).toBeLessThan(300);
      const unseen = page.getByRole('link', { name: words.unseen });
      await expect(unseen).toBeVisible({ timeout: 30_000 });
      await unseen.click();
      await expect(
        page.getByRole('listitem').filter({ hasText: `${neighbour} ${words.commented}` }),
      ).toBeVisible();
      await expectAccessible(page, `site notifications (${where})`);
      await page.goBack();
      await expect(page.getByText('Lovely lanterns!')).toBeVisible();

      // The neighbour reports it; an admin hides it in the console: it is gone from the site.
      const flag = await request.post(`${SITE}/api/v2/post/${postId}/flag/`, {
        headers: bearer,
        data: { flag_type: 'offtopic' },
      });
      expect(flag.status(), await flag.text()).toBeLessThan(300);
      const adminContext = await browser.newContext();
      try {
        const moderation = await adminContext.newPage();
        await signInViaUi(moderation);
        await moderation.goto('/moderation/flags');
        await moderation.getByTestId('flag-row').filter({ hasText: text }).click();
        await expect(moderation.getByTestId('flag-detail')).toBeVisible();
        // The admin's console speaks whichever language other tests left their account in.
        await moderation.getByTestId('flag-detail').getByRole('combobox').click();
        await moderation.locator('li[role="option"][data-value="offtopic"]').click();
        await moderation.getByRole('button', { name: /^(Hide|Nascondi)$/ }).click();
        await expect(moderation.getByTestId('flag-detail')).toContainText(/Hidden|Nascosto/);
      } finally {
        await adminContext.close();
      }
      const gone = await page.reload({ waitUntil: 'networkidle' });
      expect(gone?.status()).toBe(404);
      await page.goto(`${SITE}/`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.yourFeed);
      await expect(page.getByText(text)).toHaveCount(0);

      // A new version of the terms: the member accepts again at the next page.
      const legal = (await (
        await request.get(`${SITE}/platform/api/v1/legal_pages/`, { headers: admin })
      ).json()) as { data: { results: { id: number; policy: string }[] } };
      const terms = legal.data.results.find((p) => p.policy === 'tec')!;
      const version = await request.post(`${SITE}/platform/api/v1/legal_pages/${terms.id}/versions/add/`, {
        headers: admin,
        data: { label: `Terms ${username}`, html_body: '<p>Be kind to your neighbours.</p>' },
      });
      expect(version.status(), await version.text()).toBe(200);
      await page.goto(`${SITE}/categories`, { waitUntil: 'networkidle' });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(words.categories);
      await expect(gate).toBeVisible();
      await expectAccessible(page, `site new terms (${where})`);
      await gate.getByRole('button', { name: words.accept }).click();
      await expect(gate).toHaveCount(0);

      // A colour the owner picks in the console is the site's on its next load.
      await setDemoPreferences(request, { colorprimary: '#7b1fa2' });
      try {
        await page.goto(`${SITE}/`, { waitUntil: 'networkidle' });
        // The composer's main button, once there is something to publish, is in the primary colour.
        const composerAgain = page.getByRole('region', { name: words.composer });
        await composerAgain.getByLabel(words.text).fill('Draft');
        await expect(composerAgain.getByRole('button', { name: words.publish })).toHaveCSS(
          'background-color',
          'rgb(123, 31, 162)',
        );
      } finally {
        await setDemoPreferences(request, { colorprimary: '#3d9999' });
      }

      // Nothing on the page is wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(errors).toEqual([]);
    });
  });
}
