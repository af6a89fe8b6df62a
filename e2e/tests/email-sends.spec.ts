import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { describeFindings, seriousViolations } from '../support/accessibility.ts';
import { useLocalMailServer } from '../support/analytics.ts';
import { consoleMessages, signInInLanguage } from '../support/console.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { adminBearer } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 14 §1/§6 for email sending tasks, in Chromium, English and Italian, at 1366 and 390 px: users
 * chosen in the analytics users table get a customised email whose task's progress ends done and
 * whose delivery log lists them sent; a second task while one runs shows the spec's busy message. The
 * first task is held running for certain: the local SMTP peer keeps its answer to the final dot until
 * the test lets it go.
 */

type Locale = 'en' | 'it';
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
  { locale: 'it', width: 1366, height: 900 },
  { locale: 'en', width: 390, height: 844 },
];
const CONSOLE_API = `/c/${DEMO_SLUG}/platform/api/v1`;

/** An SMTP peer that accepts every message, but answers the final dot only once `release` is called. */
interface HoldingSmtp {
  port: number;
  received: string[];
  hold(): void;
  release(): void;
  close(): Promise<void>;
}

async function startHoldingSmtp(): Promise<HoldingSmtp> {
  const received: string[] = [];
  let held: (() => void)[] | null = null;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      stream.resume();
      stream.on('end', () => {
        received.push(session.envelope.rcptTo.map((r) => r.address).join(','));
        if (held) held.push(() => callback());
        else callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    hold: () => {
      held = [];
    },
    release: () => {
      const waiting = held ?? [];
      held = null;
      for (const answer of waiting) answer();
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let smtp: HoldingSmtp;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  smtp = await startHoldingSmtp();
  await useLocalMailServer(request, smtp.port);
});
test.afterAll(async () => {
  smtp.release();
  await smtp.close();
});

for (const { locale, width, height } of CASES) {
  test(`chosen users get a customised email with progress and log; a second task is refused while one runs (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000);
    const m = consoleMessages(locale, 'email-sends');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/social_analytics/users/per_user');
    const rows = page.getByTestId('users-table-row');
    await expect(rows.first()).toBeVisible();
    const send = page.getByTestId('send-email');
    await expect(send).toBeDisabled();
    const ids: number[] = [];
    for (const index of [0, 1]) {
      const box = rows.nth(index).locator('[data-testid^="select-row-"]');
      ids.push(Number((await box.getAttribute('data-testid'))?.replace('select-row-', '')));
      await box.locator('input').check();
    }

    // A first task, started by the API, stays running: its peer holds the answer to the final dot.
    smtp.hold();
    const headers = await adminBearer(request);
    const first = await request.post(`${CONSOLE_API}/email_sends/send_customised/`, {
      headers,
      data: { subject: 'Held on purpose', html: '<p>First</p>', user_ids: [ids[0]] },
    });
    expect(first.status(), await first.text()).toBe(200);
    const firstId = ((await first.json()) as { data: { id: number } }).data.id;
    await expect.poll(() => smtp.received.length, { timeout: 15_000 }).toBeGreaterThan(0);

    await send.click();
    const dialog = page.getByRole('dialog', { name: m['emailSends.title'] });
    await expect(dialog.getByTestId('email-send-recipients')).toContainText('2');
    await dialog.getByRole('radio', { name: m['emailSends.kind.customised'] }).check();
    await dialog
      .getByRole('textbox', { name: m['emailSends.subject'] })
      .fill('News from the demo community for this week');
    await dialog.getByRole('textbox', { name: m['emailSends.body'] }).fill('<p>Hello from the staff.</p>');
    await dialog.getByTestId('email-send-next').click();
    await dialog.getByTestId('email-send-confirm').click();
    await expect(dialog.getByTestId('email-send-error')).toHaveText(m['emailSends.busy']!);
    expect(describeFindings(await seriousViolations(page, 'email send dialog'))).toBe('');

    // Once the first task ends, the same send goes through and its progress ends done.
    smtp.release();
    await expect
      .poll(
        async () => {
          const task = await request.get(`${CONSOLE_API}/email_sends/${firstId}/`, { headers });
          return ((await task.json()) as { data: { status: string } }).data.status;
        },
        { timeout: 15_000 },
      )
      .toBe('done');
    await dialog.getByTestId('email-send-confirm').click();
    const progress = dialog.getByTestId('email-send-progress');
    await expect(progress).toHaveAttribute('data-status', 'done', { timeout: 20_000 });
    await expect(progress.getByRole('status')).toHaveText(m['emailSends.progress.sent']!);

    // The delivery log: both chosen users sent.
    await dialog.getByTestId('email-send-log-toggle').click();
    const delivered = dialog.getByTestId('email-delivery-row');
    await expect(delivered).toHaveCount(2);
    await expect(delivered.filter({ hasText: m['emailSends.status.sent']! })).toHaveCount(2);
    expect(describeFindings(await seriousViolations(page, 'email delivery log'))).toBe('');
  });
}
