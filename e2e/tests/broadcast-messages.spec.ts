import type { BroadcastMessage } from '@agora/contract';
import { startPushReceiver } from '../../apps/server/src/test-support/web-push-receiver.ts';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { createMember, MEMBER_API, memberToken } from '../support/people.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { adminBearer, demoStackId, setFeature } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 14 §6's proof for broadcast messages, in Chromium, English and Italian, at 1366 and 390 px: a
 * message is written in the dialog (the 180-character advice counts), sent after a confirmation that
 * says how many members it reaches, and a member reads it in the member API's banners; another is
 * scheduled a minute ahead in the date-time picker. Once (en, 1366 px) that one is then moved a few seconds
 * ahead through the API and the running server's job worker sends it when due: it appears in the
 * banners and a push subscription held by a local receiver gets it, decrypted.
 */

type Locale = 'en' | 'it';
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
  { locale: 'it', width: 390, height: 844 },
];
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1/broadcast_messages`;

/** `<input type="datetime-local">`'s value for a date, in the browser's (and this process's) zone. */
function localValue(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

for (const { locale, width, height } of CASES) {
  test(`a broadcast is written, sent and scheduled, and members get it (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'broadcast-messages');
    const admin = await adminBearer(request);
    await setFeature(request, admin, await demoStackId(request, admin), 'broadcast', true);
    const tag = `${locale}${width}${Date.now() % 100000}`;
    const member = { username: `bm_${tag}`, password: 'member-password-1' };
    await createMember(request, member);
    const memberHeaders = await memberToken(request, member.username, member.password);
    const banners = async () =>
      (
        (await (
          await request.get(`${MEMBER_API}/notification/banner/?limit=50`, { headers: memberHeaders })
        ).json()) as {
          results: { id: number; banner: { title: string } }[];
        }
      ).results.map((b) => b.banner.title);

    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/broadcast_messages');
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['broadcast.title']!);

    // Write a message: a missing title is refused under its field; the text counts against 180.
    const title = `Hello ${tag}`;
    await page.getByTestId('broadcast-create').click();
    const dialog = page.getByTestId('broadcast-dialog');
    await dialog.locator('[name="name"]').fill(`Now ${tag}`);
    await dialog.locator('[name="body_text"]').fill('x'.repeat(200));
    await expect(dialog.getByTestId('broadcast-text-counter')).toHaveText(
      fillMessage(m['broadcast.field.textOverAdvice']!, { count: 200, advice: 180 }),
    );
    await dialog.locator('[name="body_text"]').fill('Our meetup is on Saturday.');
    await dialog.getByTestId('broadcast-save').click();
    await expect(dialog.locator('[name="title"]')).toHaveAccessibleDescription(
      m['broadcast.error.required']!,
    );
    await dialog.locator('[name="title"]').fill(title);
    await dialog.locator('[name="link"]').fill('https://example.com/meetup');
    await dialog.locator('[name="link_text"]').fill('Read more');
    // axe per layout (desktop, phone) in English; the Italian screens have the same structure.
    if (locale === 'en') expect(describeFindings(await seriousViolations(page, 'broadcast dialog'))).toBe('');
    await dialog.getByTestId('broadcast-save').click();
    await expect(dialog).toBeHidden();

    // Send it: the confirmation says how many members it reaches.
    const row = page.getByRole('row').filter({ hasText: `Now ${tag}` });
    await row.getByRole('button', { name: new RegExp(m['broadcast.action.send']!) }).click();
    const confirm = page.getByTestId('broadcast-send-dialog');
    await expect(confirm).toContainText(/\d/);
    await confirm.getByTestId('broadcast-send-confirm').click();
    await expect(confirm).toBeHidden();
    await expect.poll(banners).toContain(title);
    await page.getByTestId('tab-sent').click();
    await expect(page.getByRole('row').filter({ hasText: `Now ${tag}` })).toBeVisible();
    if (locale === 'en') {
      expect(describeFindings(await seriousViolations(page, '/broadcast_messages/sent'))).toBe('');
    }

    // Schedule another a minute ahead with the date-time picker; a past date is refused first.
    const later = `Later ${tag}`;
    const saved = await request.post(`${CONSOLE_API}/save/`, {
      headers: admin,
      data: { name: later, title: later, body_text: 'Scheduled.', audience: 'all' },
    });
    expect(saved.status(), await saved.text()).toBe(200);
    const id = ((await saved.json()) as { data: BroadcastMessage }).data.id;
    await page.goto('/broadcast_messages');
    await page.getByTestId(`broadcast-schedule-${id}`).click();
    const schedule = page.getByTestId('broadcast-schedule-dialog');
    const when = schedule.locator('[name="scheduled_at"]');
    await when.fill(localValue(new Date(Date.now() - 3600_000)));
    await schedule.getByTestId('broadcast-schedule-save').click();
    await expect(when).toHaveAccessibleDescription(m['broadcast.error.scheduleInPast']!);
    await when.fill(localValue(new Date(Date.now() + 120_000)));
    await schedule.getByTestId('broadcast-schedule-save').click();
    await expect(schedule).toBeHidden();
    await page.getByTestId('tab-scheduled').click();
    await expect(page.getByTestId(`broadcast-row-${id}`)).toBeVisible();
    expect(await banners()).not.toContain(later);

    if (locale === 'en' && width === 1366) {
      // A browser's push subscription, held by a local push service that decrypts what it gets.
      const receiver = await startPushReceiver();
      try {
        const sub = receiver.subscription(tag);
        const subscribed = await request.post(`${MEMBER_API}/notification/push/subscription/`, {
          headers: memberHeaders,
          data: { endpoint: sub.endpoint, keys: sub.keys },
        });
        expect(subscribed.status(), await subscribed.text()).toBe(201);
        // Rescheduled to two seconds ahead: the server's own job worker sends it when due.
        const moved = await request.post(`${CONSOLE_API}/${id}/schedule/`, {
          headers: admin,
          data: { scheduled_at: new Date(Date.now() + 2000).toISOString() },
        });
        expect(moved.status(), await moved.text()).toBe(200);
        await expect.poll(banners, { timeout: 15_000 }).toContain(later);
        await expect
          .poll(() => sub.received().map((p) => (JSON.parse(p) as { title: string }).title), {
            timeout: 15_000,
          })
          .toContain(later);
      } finally {
        await receiver.close();
      }
    }
  });
}
