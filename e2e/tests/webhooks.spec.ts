import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { consoleMessages, fillMessage, signInInLanguage } from '../support/console.ts';
import { DEMO_SLUG } from '../support/server-settings.ts';
import { adminBearer, demoStackId, setFeature } from '../support/settings.ts';
import { expect, test } from '../support/test.ts';

/**
 * Issue 15 §5's console proof for webhooks, in Chromium: an endpoint is created to a receiver on
 * 127.0.0.1 (the e2e server runs with AGORA_WEBHOOKS_ALLOW_PRIVATE=1), a member's post reaches it, the
 * attempt is listed and sent again, and a bulk retry from a CSV says how many events go, then sends
 * them. English at 1366 px and Italian at 390 px.
 */

type Locale = 'en' | 'it';
const CASES: { locale: Locale; width: number; height: number }[] = [
  { locale: 'en', width: 1366, height: 900 },
  { locale: 'it', width: 390, height: 844 },
];

const received: Array<{ event_id: number; type: string }> = [];
let receiver: http.Server;
let target = '';
let headers: Record<string, string> = {};

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')) as { event_id: number; type: string });
      res.end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', () => resolve()));
  target = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  headers = await adminBearer(request);
  await setFeature(request, headers, await demoStackId(request, headers), 'webhook', true);
});

test.afterAll(async () => {
  receiver.closeAllConnections();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
});

for (const { locale, width, height } of CASES) {
  test(`an endpoint gets a member's post, resends it and retries a CSV in bulk (${locale}, ${width}px)`, async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const m = consoleMessages(locale, 'webhooks');
    await page.setViewportSize({ width, height });
    await signInInLanguage(page, locale);
    await page.goto('/webhooks');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['webhooks.title']!);

    // Add: target URL and one event of SelfCommunity's catalogue.
    const hook = `${target}?case=${locale}${width}`;
    await page.getByRole('button', { name: m['webhooks.action.add'] }).click();
    const dialog = page.getByRole('dialog', { name: m['webhooks.dialog.addTitle'] });
    await dialog.getByLabel(m['webhooks.field.target']!).fill(hook);
    await dialog.getByLabel(m['webhooks.field.events']!).fill('post.created');
    await page.getByRole('option', { name: 'post.created', exact: true }).click();
    await dialog.getByRole('button', { name: m['webhooks.action.save'] }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole('link', { name: hook }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(m['webhooks.detail.title']!);

    // A member's post reaches the receiver; the attempt is listed.
    const before = received.length;
    const post = await request.post(`/c/${DEMO_SLUG}/api/v2/post/`, {
      headers,
      data: { text: `Webhook e2e ${locale} ${width}` },
    });
    expect(post.status(), await post.text()).toBe(201);
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(before);
    const eventId = received.at(-1)!.event_id;
    const attempts = page.getByTestId('webhook-attempt');
    await expect(async () => {
      await page.getByRole('button', { name: m['webhooks.action.refresh'] }).click();
      await expect(attempts.first()).toContainText(m['webhooks.attempt.succeeded']!, { timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    await expect(attempts.first()).toContainText('post.created');

    // Resend one attempt.
    const beforeResend = received.length;
    await attempts.first().getByRole('button', { name: m['webhooks.attempt.resend'] }).click();
    await expect(page.getByText(m['webhooks.attempt.resent']!)).toBeVisible();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(beforeResend);
    expect(received.at(-1)!.event_id).toBe(eventId);

    // Bulk retry: a CSV naming the event and one that does not exist; the dialog says one will go.
    await page.getByRole('button', { name: m['webhooks.action.bulk'] }).click();
    const bulk = page.getByRole('dialog', { name: m['webhooks.bulk.title'] });
    await bulk.getByTestId('webhook-bulk-file').setInputFiles({
      name: 'events.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`event_id\n${eventId}\n2147483000\n`),
    });
    await expect(bulk.getByTestId('webhook-bulk-count')).toHaveAttribute('data-count', '1');
    const beforeBulk = received.length;
    await bulk.getByRole('button', { name: fillMessage(m['webhooks.bulk.send']!, { count: 1 }) }).click();
    await expect(bulk).toBeHidden();
    await expect.poll(() => received.length, { timeout: 15_000 }).toBeGreaterThan(beforeBulk);
    expect(received.at(-1)!.event_id).toBe(eventId);
  });
}
