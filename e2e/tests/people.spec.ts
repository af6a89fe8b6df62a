import { startLocalSmtpServer } from '../support/server-settings-mail.ts';
import { mailText, useLocalMailServer } from '../support/analytics.ts';
import { signInViaUi } from '../support/console.ts';
import { adminBearer, setDemoPreferences } from '../support/settings.ts';
import {
  MEMBER_API,
  attemptName,
  consoleLink,
  createMember,
  memberSignInAnswer,
  memberToken,
  setBot,
} from '../support/people.ts';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test.ts';

/**
 * Issue 5's proof in Chromium: contents arrive through the member API, staff come in through the
 * community's hand-off, and what they do is in the audit log.
 */

const MODERATOR = {
  username: attemptName('mod-e2e'),
  password: 'Moderator-pass-2026',
  role: 'moderator' as const,
};
const TROLL = { username: attemptName('troll-e2e'), password: 'Troll-pass-2026' };
const NEWBIE = attemptName('newbie-e2e');
const EDITOR = { username: attemptName('editor-e2e'), password: 'Editor-pass-2026', role: 'editor' as const };

test.describe.configure({ mode: 'serial' });

test('a moderator hides what the bot flagged and bans its author; the audit log shows both', async ({
  page,
  browser,
  request,
}) => {
  await setBot(request, true);
  await createMember(request, TROLL);
  await createMember(request, MODERATOR);
  const troll = await memberToken(request, TROLL.username, TROLL.password);
  const posted = await request.post(`${MEMBER_API}/post/`, {
    headers: troll,
    data: { text: 'You are a total moron, everyone here is', categories: [] },
  });
  expect(posted.status(), await posted.text()).toBe(201);
  const postId = ((await posted.json()) as { id: number }).id;

  // The moderator comes from the community straight into the console's flagged contents.
  await page.goto(await consoleLink(request, MODERATOR, '/moderation/flags'));
  const row = page.getByTestId('flag-row').filter({ hasText: 'moron' });
  await expect(row).toContainText('AI bot');
  await row.click();
  await expect(page.getByTestId('flag-detail')).toBeVisible();
  await page.getByLabel('Motivation').click();
  await page.getByRole('option', { name: 'Aggressive' }).click();
  await page.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByTestId('flag-detail')).toContainText('Hidden');

  // Gone for members.
  const read = await request.get(`${MEMBER_API}/post/${postId}/`, { headers: troll });
  expect(read.status()).toBe(404);

  // Ban the author for 3 days from users moderation.
  await banFromConsole(page, TROLL.username, 3);
  // The ban ended the author's sign-in, and a new one is refused until the ban ends.
  expect((await request.post(`${MEMBER_API}/sso/signin/`, { headers: troll })).status()).toBe(401);
  const again = await memberSignInAnswer(request, TROLL.username, TROLL.password);
  expect(again.status()).toBe(400);
  expect(await again.text()).toContain('blocked until');

  // The admin finds both actions in the audit log.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await signInViaUi(admin);
  await admin.goto('/audit_log');
  const rows = admin.getByTestId('audit-table').getByRole('row');
  const byStaff = (username: string) =>
    rows.filter({
      has: admin.getByTestId('audit-actor').filter({ hasText: new RegExp(`@${username}\\)?$`) }),
    });
  await expect(byStaff(MODERATOR.username)).toHaveCount(2);
  // The admin's registration of the moderator through the member API is there too.
  await expect(
    byStaff('admin')
      .filter({ hasText: 'registered a member through single sign-on' })
      .filter({ hasText: MODERATOR.username }),
  ).toHaveCount(1);
  await adminContext.close();
  await setBot(request, false);
});

test('an editor cannot open moderation', async ({ page, request }) => {
  await createMember(request, EDITOR);
  await page.goto(await consoleLink(request, EDITOR, '/'));
  await expect(page.getByRole('navigation').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moderation' })).toHaveCount(0);
  await page.goto('/moderation/flags');
  await expect(page.getByTestId('not-found')).toBeVisible();
  await expect(page.getByTestId('moderation-page')).toHaveCount(0);
});

test('an approved registration request is told by email', async ({ page, request }) => {
  const smtp = await startLocalSmtpServer();
  try {
    await useLocalMailServer(request, smtp.port);
    const headers = await adminBearer(request);
    await setDemoPreferences(request, headers, { users_approval_enabled: true });
    const signup = await request.post(`${MEMBER_API}/account/create/`, {
      data: { username: NEWBIE, email: `${NEWBIE}@members.test`, password: 'Newbie-pass-2026' },
    });
    expect(signup.status(), await signup.text()).toBe(201);

    await signInViaUi(page);
    await page.goto('/users/approval');
    await page.getByTestId(`approval-approve-${NEWBIE}`).click();
    await expect(page.getByTestId(`approval-approve-${NEWBIE}`)).toHaveCount(0);

    // Sign-up already sent the address's verification email (its link leads to /verify-email):
    // the approval is the one other email.
    const approvals = () =>
      smtp.received.filter(
        (m) => m.to.includes(`${NEWBIE}@members.test`) && !mailText(m.raw).includes('/verify-email?token='),
      );
    await expect.poll(() => approvals().length, { timeout: 20_000 }).toBe(1);
    const mail = approvals()[0];
    expect(mailText(mail?.raw ?? '')).toContain(NEWBIE);
    // Approved: the member can now sign in.
    await memberToken(request, NEWBIE, 'Newbie-pass-2026');
    await setDemoPreferences(request, headers, { users_approval_enabled: false });
  } finally {
    await smtp.close();
  }
});

/** Users moderation: find the member, ban them for some days, and see the ban's end. */
async function banFromConsole(page: Page, username: string, days: number) {
  await page.getByRole('tab', { name: 'Users' }).click();
  await page.getByRole('searchbox', { name: 'Search username or email' }).fill(username);
  const row = page.getByTestId('user-row').filter({ hasText: username });
  await expect(row).toHaveCount(1);
  await row.getByRole('button', { name: 'Moderate' }).click();
  const dialog = page.getByTestId('user-moderation-dialog');
  await dialog.getByRole('radio', { name: 'Banned' }).check();
  await dialog.getByRole('radio', { name: 'For a number of days' }).check();
  await dialog.getByRole('spinbutton', { name: 'Days' }).fill(String(days));
  await dialog.getByRole('button', { name: 'Save' }).click();
  await expect(row.getByTestId('user-status')).toHaveText('Banned');
}
