import { expect, test } from '../support/test.ts';
import { signInViaUi } from '../support/console.ts';
import { startLocalSmtpServer, type LocalSmtpServer } from '../support/server-settings-mail.ts';

let smtp: LocalSmtpServer;

test.beforeAll(async () => {
  smtp = await startLocalSmtpServer();
});
test.afterAll(async () => {
  await smtp.close();
});

test('configures the email server, sends a test email that arrives, and waits for the restart', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInViaUi(page);
  await page.getByTestId('account-menu-button').click();
  await page.getByRole('menuitem', { name: 'Custom email server' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/settings/email_server');

  const form = page.getByTestId('mail-server-form');
  await expect(page.getByTestId('stack-status')).toHaveAttribute('data-status', 'online');
  await form.getByLabel('Custom email server').check();
  await form.locator('input[name="host"]').fill('127.0.0.1');
  await expect(form.locator('input[name="port"]')).toHaveAttribute('placeholder', '25');
  await form.locator('input[name="port"]').fill(String(smtp.port));
  await form.locator('input[name="from_email"]').fill('news@demo.example');
  await form.locator('input[name="from_name"]').fill('Demo News');

  // The test email goes through the settings in the form and really reaches the server.
  await page.getByTestId('open-test-email').click();
  const dialog = page.getByTestId('test-email-dialog');
  await dialog.locator('input[name="to"]').fill('owner@demo.example');
  await dialog.getByTestId('send-test-email').click();
  await expect(dialog.getByTestId('test-email-result')).toContainText('Email sent successfully');
  await expect(dialog.getByTestId('test-email-result')).toContainText('250');
  await expect.poll(() => smtp.received.length).toBe(1);
  expect(smtp.received[0]?.to).toEqual(['owner@demo.example']);
  expect(smtp.received[0]?.raw).toContain('From: Demo News <news@demo.example>');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // Saving restarts the community: the form waits, then unlocks when it is online again.
  await page.getByTestId('settings-save').click();
  await expect(page.getByTestId('restarting-warning')).toHaveText(
    'Instance configuration still in progress. Please wait before changing this configuration.',
  );
  await expect(page.getByTestId('stack-status')).toHaveAttribute('data-status', 'progress');
  await expect(form.locator('input[name="host"]')).toBeDisabled();
  await expect(page.getByTestId('stack-status')).toHaveAttribute('data-status', 'online', {
    timeout: 20_000,
  });
  await expect(page.getByTestId('restarting-warning')).toBeHidden();
  await expect(form.locator('input[name="host"]')).toBeEnabled();
  await expect(form.locator('input[name="host"]')).toHaveValue('127.0.0.1');
});

test('a wrong port shows the server error in the test dialog', async ({ page }) => {
  const closed = await startLocalSmtpServer();
  await closed.close();
  await signInViaUi(page);
  await page.goto('/settings/email_server');
  const form = page.getByTestId('mail-server-form');
  await expect(form.locator('input[name="host"]')).toBeEnabled();
  await form.getByLabel('Custom email server').check();
  await form.locator('input[name="host"]').fill('127.0.0.1');
  await form.locator('input[name="port"]').fill(String(closed.port));
  await form.locator('input[name="from_email"]').fill('news@demo.example');
  await page.getByTestId('open-test-email').click();
  const dialog = page.getByTestId('test-email-dialog');
  await dialog.locator('input[name="to"]').fill('owner@demo.example');
  await dialog.getByTestId('send-test-email').click();
  await expect(dialog.getByTestId('test-email-result')).toContainText('The email server answered:');
  await expect(dialog.getByTestId('test-email-result')).toContainText(/ECONNREFUSED|connect/i);
});
