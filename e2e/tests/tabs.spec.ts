import type { Locator, Page } from '@playwright/test';
import { describeFindings, seriousViolations, type AxeFinding } from '../support/accessibility.ts';
import { consoleMessages, signInViaUi } from '../support/console.ts';
import { attemptName, consoleLink, createMember, type NewMember } from '../support/people.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 11 §4's proof: as admin, editor and moderator, in English and Italian, every area of the
 * drawer opens and every one of its tabs (and sub-tabs) is clicked; each screen shows its title and
 * no error — no not-found screen, no crash screen, no error alert, no redirect loop. The drawer itself
 * is what the server allows each role (spec mgmt §6). Issue 12 §4: axe-core finds no serious or
 * critical violation on any of those screens, at desktop and at phone width. axe runs on the admin's
 * walks, which reach every screen: an editor's or a moderator's screen is one of the admin's, with
 * fewer entries, and checking it again would add minutes of CI for no new screen.
 */

const EDITOR: NewMember = {
  username: attemptName('tabs-editor'),
  password: 'Lantern-orchid-47',
  role: 'editor',
};
const MODERATOR: NewMember = {
  username: attemptName('tabs-moderator'),
  password: 'Granite-kettle-83',
  role: 'moderator',
};

/** Drawer entries by role (en labels are not needed: paths are compared). */
const DRAWER: Record<'admin' | 'editor' | 'moderator', { includes: string[]; excludes: string[] }> = {
  admin: { includes: ['/theme', '/moderation', '/staff', '/management/tagging'], excludes: [] },
  editor: {
    includes: ['/theme', '/content_settings', '/community_management', '/social_analytics'],
    excludes: ['/moderation', '/staff', '/integrations', '/settings', '/audit_log'],
  },
  moderator: {
    includes: ['/moderation'],
    excludes: ['/theme', '/content_settings', '/social_analytics', '/staff', '/management/tagging'],
  },
};

// The walks run side by side (the e2e config's 'walks' project): each worker signs up its own editor and
// moderator (attemptName differs by worker), and a failed walk no longer skips the others.
test.beforeAll(async ({ request }) => {
  for (const member of [EDITOR, MODERATOR]) await createMember(request, member);
});

async function signInAs(page: Page, request: Parameters<typeof consoleLink>[0], role: keyof typeof DRAWER) {
  if (role === 'admin') return signInViaUi(page);
  await page.goto(await consoleLink(request, role === 'editor' ? EDITOR : MODERATOR, '/'));
  await expect(page.getByTestId('home')).toBeVisible();
}

/** The screen has its title and shows no error. */
async function expectScreen(page: Page, where: string, crashText: string) {
  const main = page.locator('main');
  await expect(main.getByRole('heading', { level: 1 }).first(), where).toBeVisible();
  await expect(main.getByRole('heading', { level: 1 }).first(), where).not.toHaveText('');
  await expect(page.getByTestId('not-found'), where).toHaveCount(0);
  await expect(page.getByText(crashText, { exact: true }), where).toHaveCount(0);
  await expect(main.locator('.MuiAlert-colorError'), where).toHaveCount(0);
}

/** What axe found on the screen, when this walk checks accessibility. */
type Audit = (page: Page, where: string) => Promise<AxeFinding[]>;
const withAxe: Audit = seriousViolations;
const withoutAxe: Audit = async () => [];

/** Clicks the tab and checks it is selected, its screen is whole (and accessible, when audited). */
async function clickTab(
  page: Page,
  tab: Locator,
  where: string,
  crash: string,
  audit: Audit,
  found: AxeFinding[],
) {
  const label = (await tab.textContent()) ?? '';
  await tab.click();
  await expect(tab, `${where} › ${label}`).toHaveAttribute('aria-selected', 'true');
  await expectScreen(page, `${where} › ${label}`, crash);
  found.push(...(await audit(page, `${where} › ${label}`)));
  return `${where} › ${label}`;
}

/** How the walk reaches the drawer: beside the screen on a desktop, behind the menu button on a phone. */
interface Drawer {
  links(): Promise<string[]>;
  open(path: string): Promise<void>;
}

function desktopDrawer(page: Page): Drawer {
  const drawer = page.getByRole('navigation').first();
  return {
    links: () =>
      drawer
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname)),
    open: (path) => drawer.locator(`a[href="${path}"]`).click(),
  };
}

function phoneDrawer(page: Page, locale: 'en' | 'it'): Drawer {
  const toggle = page.getByRole('button', { name: consoleMessages(locale)['layout.toggleMenu'] as string });
  const drawer = page.locator('.MuiDrawer-modal nav');
  const reveal = async () => {
    await toggle.click();
    await expect(drawer).toBeVisible();
  };
  return {
    links: async () => {
      await reveal();
      const paths = await drawer
        .getByRole('link')
        .evaluateAll((as) => as.map((a) => new URL((a as HTMLAnchorElement).href).pathname));
      await page.keyboard.press('Escape');
      await expect(drawer).toBeHidden();
      return paths;
    },
    open: async (path) => {
      await reveal();
      await drawer.locator(`a[href="${path}"]`).click();
      // Choosing an entry closes the drawer: the screen is the phone's whole width again.
      await expect(drawer).toBeHidden();
    },
  };
}

/** Opens every drawer entry and every tab (and sub-tab) of it; returns what axe found on the way. */
async function walk(page: Page, drawer: Drawer, role: keyof typeof DRAWER, crash: string, audit: Audit) {
  const links = await drawer.links();
  for (const path of DRAWER[role].includes) expect(links, `${role} drawer`).toContain(path);
  for (const path of DRAWER[role].excludes) expect(links, `${role} drawer`).not.toContain(path);

  const found: AxeFinding[] = [...(await audit(page, '/'))];
  for (const path of links.filter((p) => p !== '/')) {
    await drawer.open(path);
    await expectScreen(page, path, crash);
    found.push(...(await audit(page, path)));
    const rows = page.locator('main').getByRole('tablist');
    if ((await rows.count()) === 0) continue;
    const tabs = rows.first().getByRole('tab');
    const count = await tabs.count();
    for (let i = 0; i < count; i++) {
      const where = await clickTab(page, tabs.nth(i), path, crash, audit, found);
      // A second row of tabs (analytics' sections): every one of its tabs too.
      if ((await rows.count()) > 1) {
        const subs = rows.nth(1).getByRole('tab');
        const subCount = await subs.count();
        for (let j = 0; j < subCount; j++) await clickTab(page, subs.nth(j), where, crash, audit, found);
      }
    }
  }
  return found;
}

for (const role of ['admin', 'editor', 'moderator'] as const) {
  for (const locale of ['en', 'it'] as const) {
    test(`${role} (${locale}): every tab of every area shows its screen`, async ({ page, request }) => {
      test.setTimeout(900_000);
      const crash = consoleMessages(locale)['errorBoundary.error'] as string;
      await signInAs(page, request, role);
      await page.getByTestId(`locale-${locale}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      const audit = role === 'admin' ? withAxe : withoutAxe;
      const found = await walk(page, desktopDrawer(page), role, crash, audit);
      expect(found, describeFindings(found)).toEqual([]);
    });
  }
}

/**
 * The same walk on a phone (390 × 844), as admin, who sees every screen. Italian only: its longer
 * texts are the ones that overflow, and colours do not change with the language (each walk costs
 * about three minutes of CI).
 */
for (const locale of ['it'] as const) {
  test(`admin on a phone (${locale}): every tab of every area shows its screen`, async ({
    page,
    request,
  }) => {
    test.setTimeout(900_000);
    await page.setViewportSize({ width: 390, height: 844 });
    const crash = consoleMessages(locale)['errorBoundary.error'] as string;
    await signInAs(page, request, 'admin');
    await page.getByTestId(`locale-${locale}`).click();
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    const found = await walk(page, phoneDrawer(page, locale), 'admin', crash, withAxe);
    expect(found, describeFindings(found)).toEqual([]);
  });
}
