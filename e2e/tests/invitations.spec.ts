import { simpleParser } from 'mailparser';
import { useLocalMailServer } from '../support/analytics.ts';
import { consoleMessages, signInInLanguage } from '../support/console.ts';
import { MEMBER_API } from '../support/people.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/server-settings-mail.ts';
import { adminBearer } from '../support/settings.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 14 §6's proof for invitations, in Chromium, English and Italian, at 1366 and 390 px: a
 * 5,000-row CSV holding 3 bad rows is imported (4,997 invitations and the report by line), a page
 * of them is sent and the emails reach a local SMTP server, parsed by a real mail parser, and a
 * member signs up with one invite code and gets its role and tags.
 */

type Locale = 'en' | 'it';
// Each case imports 5,000 rows and sends mail: two cases cover both languages and both widths
// within CI's budget (the tabs walk checks every screen in both at both widths with axe).
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
];
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1`;
const TAG = `Invited${Date.now() % 100000}`;

let smtp: LocalSmtpServer;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  smtp = await startLocalSmtpServer();
  await useLocalMailServer(request, smtp.port);
  const tag = await request.post(`${CONSOLE_API}/tags/add/`, {
    headers: await adminBearer(request),
    form: { type: 'user', name: TAG },
  });
  expect(tag.status(), await tag.text()).toBe(200);
});
test.afterAll(async () => {
  await smtp.close();
});

/** 5,000 rows: the first an editor with the tag, three bad ones (lines 101, 2001 and 4001). */
function csvOf(prefix: string): string {
  const rows = Array.from({ length: 5000 }, (_, i) => {
    if (i === 99) return `Bad,not-an-email,${prefix}bad1,,,`;
    if (i === 1999) return `Bad,${prefix}bad2@x.io,${prefix}bad2,owner,,`;
    if (i === 3999) return `Bad,${prefix}0@x.io,${prefix}dup,,,`;
    return i === 0
      ? `"Ed, Itor",${prefix}0@x.io,${prefix}0,editor,${TAG},`
      : `N ${i},${prefix}${i}@x.io,${prefix}${i},,,`;
  });
  return ['\uFEFFname,email,username,role,tags,categories', ...rows].join('\r\n');
}

for (const { locale, width, height } of CASES) {
  test(`5,000 invitations are imported, sent to an SMTP peer and used at sign-up (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'invitations');
    const prefix = `i${locale}${width}x${Date.now() % 100000}u`;
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/marketing/invitation');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['invitations.title']!);

    // The import: the report names the three bad lines and the 4,997 imported.
    await page.getByRole('button', { name: m['invitations.action.import'] }).click();
    const dialog = page.getByTestId('invitation-import');
    await dialog.getByTestId('invitation-import-file').setInputFiles({
      name: 'invitations.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csvOf(prefix)),
    });
    await page.getByTestId('invitation-import-upload').click();
    const report = page.getByTestId('invitation-import-report');
    await expect(report).toContainText(/4[.,]?997/, { timeout: 30_000 });
    for (const line of [101, 2001, 4001]) {
      await expect(report).toContainText(m['invitations.import.line']!.replace('{line}', String(line)));
    }
    await page.screenshot({ path: `/tmp/invitations-shots/import-${locale}-${width}.png` });
    await page.getByRole('button', { name: m['invitations.action.close'] }).click();

    // The list reaches them: the search narrows to this file's 4,997.
    await page.getByRole('searchbox', { name: m['invitations.search'] }).fill(prefix);
    const headers = await adminBearer(request);
    const listed = await request.get(`${CONSOLE_API}/invitations/?search=${prefix}&limit=1`, { headers });
    expect(((await listed.json()) as { data: { count: number } }).data.count).toBe(4997);
    await expect(page.getByTestId('invitation-table').getByText(`${prefix}4999@x.io`)).toBeVisible();

    // Send the page's 20: the task's progress ends done and the SMTP peer gets 20 emails.
    const before = smtp.received.length;
    await page.getByRole('checkbox', { name: m['invitations.selectAll'] }).check();
    await page.getByTestId('invitation-send').click();
    await expect(page.getByTestId('invitation-send-progress')).toContainText(/20/, { timeout: 30_000 });
    await expect.poll(() => smtp.received.length - before, { timeout: 30_000 }).toBe(20);
    await page.screenshot({ path: `/tmp/invitations-shots/sent-${locale}-${width}.png` });
    const mail = await simpleParser(smtp.received[smtp.received.length - 1]!.raw);
    const code = /invite_code=([A-Za-z0-9_-]+)/.exec(mail.text ?? '')?.[1];
    expect(code, mail.text).toBeTruthy();
    expect(mail.subject).toContain('invited');
    expect(mail.text).toContain(`/c/${DEMO_SLUG}/signup/?invite_code=${code}`);
    expect(mail.html || '').toContain(code!);

    // One invite code at sign-up: the editor's role, the tag and the forced username.
    const first = await request.get(`${CONSOLE_API}/invitations/?search=${prefix}0@x.io`, { headers });
    const invitation = (
      (await first.json()) as { data: { results: { code: string; email: string }[] } }
    ).data.results.find((i) => i.email === `${prefix}0@x.io`)!;
    const check = await request.get(`${MEMBER_API}/invite_code/${invitation.code}/`);
    expect(check.status()).toBe(200);
    const signedUp = await request.post(`${MEMBER_API}/account/create/`, {
      data: {
        username: 'ignored',
        email: `${prefix}0@x.io`,
        password: 'Copper-lantern-river-47',
        invite_code: invitation.code,
      },
    });
    expect(signedUp.status(), await signedUp.text()).toBe(201);
    const member = (await signedUp.json()) as { username: string; role: string; tags: { name: string }[] };
    expect(member.username).toBe(`${prefix}0`);
    expect(member.role).toBe('editor');
    expect(member.tags.map((t) => t.name)).toContain(TAG);

    // It is listed as registered from an invitation.
    await page.getByRole('tab', { name: m['invitations.tab.accepted'] }).click();
    await expect(page.getByTestId('invitation-table').getByText(`${prefix}0@x.io`)).toBeVisible();
  });
}
