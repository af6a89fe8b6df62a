import { emailSendsPaths as paths, type EmailDelivery, type EmailTask } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import { EmailSendDialog } from './email-send-dialog.tsx';

const at = (path: string) => `/c/demo${path.replace(':id', '41')}`;

const task = (change: Partial<EmailTask>): EmailTask => ({
  id: 41,
  status: 'running',
  subject: 'News of the week from the demo community, read on',
  template_key: null,
  requested_by: 'ada',
  created_at: '2026-01-01T10:00:00Z',
  finished_at: null,
  total: 3,
  sent: 0,
  failed: 0,
  queued: 3,
  ...change,
});

const failedDelivery: EmailDelivery = {
  id: 3,
  user_id: 13,
  username: 'carla',
  email: 'carla@example.org',
  status: 'failed',
  attempts: 1,
  answer: '550 5.1.1 Mailbox unavailable',
  sent_at: null,
};

function renderDialog(userIds: number[], routes: MockRoute[]) {
  const mock = mockFetch(routes);
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <EmailSendDialog userIds={userIds} onClose={() => undefined} />
    </AppProviders>,
  );
  return mock;
}

const quota = (remaining: number | null): MockRoute => ({
  method: 'GET',
  path: at(paths.quota),
  status: 200,
  body: { data: { remaining, custom_server: remaining === null } },
});

async function writeCustomised(subject: string, body: string) {
  fireEvent.click(await screen.findByRole('radio', { name: 'A customised email' }));
  fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: subject } });
  fireEvent.change(screen.getByRole('textbox', { name: 'Body (HTML)' }), { target: { value: body } });
}

describe('email send dialog', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('refuses more recipients than the emails left today, telling only what remains', async () => {
    const { calls } = renderDialog([11, 12, 13], [quota(2)]);
    const refusal = await screen.findByTestId('email-send-over-quota');
    expect(refusal.textContent).toContain('only 2 more emails');
    expect(refusal.textContent).toContain('3 users');
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(true);
    expect(document.body.textContent).not.toContain('500');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('tells what remains when the recipients fit, and no limit with the community’s own server', async () => {
    renderDialog([11, 12], [quota(5)]);
    expect((await screen.findByTestId('email-send-remaining')).textContent).toBe(
      'Emails you can still send today: 5',
    );
    expect(screen.getByRole('button', { name: 'Continue' }).hasAttribute('disabled')).toBe(false);
  });

  it('asks for the subject and body of a customised email, and advises 40 to 60 characters', async () => {
    const { calls } = renderDialog([11], [quota(null)]);
    fireEvent.click(await screen.findByRole('radio', { name: 'A customised email' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Subject' }), { target: { value: 'Hello' } });
    expect(screen.getByText('5 characters: a subject of 40 to 60 characters is advised')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Required field')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    expect(screen.queryByTestId('email-send-remaining')).toBeNull();
  });

  it('shows the busy message when a sending task is already running', async () => {
    const { calls } = renderDialog(
      [11, 12],
      [
        quota(100),
        {
          method: 'POST',
          path: at(paths.sendCustomised),
          status: 409,
          body: {
            errors: [
              {
                code: 'email_send_busy',
                message: 'The system is busy. An email sending task is already in progress...',
                messages: [],
              },
            ],
          },
        },
      ],
    );
    await writeCustomised('News of the week from the demo community, read on', '<p>Hi</p>');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(screen.getByText('Send this email to 2 users?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByTestId('email-send-error')).textContent).toBe(
      'The system is busy. An email sending task is already in progress...',
    );
    const post = calls.find((c) => c.method === 'POST');
    expect(JSON.parse(post?.body ?? '{}')).toEqual({
      subject: 'News of the week from the demo community, read on',
      html: '<p>Hi</p>',
      user_ids: [11, 12],
    });
  });

  it('follows the task until it is done, then opens its delivery log with the server’s answer', async () => {
    const progress: MockRoute = {
      method: 'GET',
      path: at(paths.task),
      status: 200,
      body: { data: task({}) },
    };
    const { calls } = renderDialog(
      [11, 12, 13],
      [
        quota(100),
        { method: 'POST', path: at(paths.send), status: 200, body: { data: task({}) } },
        progress,
        {
          method: 'GET',
          path: at(paths.deliveries),
          status: 200,
          body: { data: { count: 1, results: [failedDelivery] } },
        },
      ],
    );
    await screen.findByTestId('email-send-remaining');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    const bar = await screen.findByRole('progressbar', { name: 'Sending progress' });
    expect(bar.getAttribute('aria-valuenow')).toBe('0');
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toEqual({
      template_key: 'invite',
      user_ids: [11, 12, 13],
    });
    // The next poll finds the task done: two sent, one refused by the server.
    progress.body = { data: task({ status: 'done', sent: 2, failed: 1, queued: 0 }) };
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'), { timeout: 3000 });
    expect(screen.getByRole('status').textContent).toContain('2 sent, 1 failed of 3');
    fireEvent.click(screen.getByRole('button', { name: 'Delivery log' }));
    const row = await screen.findByTestId('email-delivery-row');
    expect(within(row).getByText('Server answer: 550 5.1.1 Mailbox unavailable')).toBeTruthy();
    expect(screen.getByTestId('email-delivery-pager').textContent).toContain('1');
  });
});
