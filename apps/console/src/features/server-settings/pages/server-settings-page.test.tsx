import { featurePaths, mailServerPaths, stackPaths, type MailServer } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { preferences, stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import ServerSettingsPage from './server-settings-page.tsx';

const BASE = '/c/demo';
const stored: MailServer = {
  host: 'smtp.example.com',
  port: 587,
  use_tls: true,
  use_ssl: false,
  username: 'mailer',
  has_password: true,
  from_email: 'news@example.com',
  from_name: 'News',
  sender: 'custom',
};

function routes(status: string, extra: MockRoute[] = []): MockRoute[] {
  return [
    { method: 'GET', path: BASE + featurePaths.listEnabled, status: 200, body: { data: ['domain'] } },
    { method: 'GET', path: BASE + stackPaths.self, status: 200, body: { data: { ...stack, status } } },
    { method: 'GET', path: BASE + mailServerPaths.mailServer, status: 200, body: { data: stored } },
    ...extra,
  ];
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function renderAt(path: string) {
  const router = createMemoryRouter([{ path: '/settings/*', element: <ServerSettingsPage /> }], {
    initialEntries: [path],
  });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

describe('email server settings page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()));
    setStack(stack);
    applyLocale('en');
  });

  it('waits while the community restarts: warning shown, form disabled', async () => {
    mockFetch(routes('progress'));
    renderAt('/settings/email_server');
    expect((await screen.findByTestId('restarting-warning')).textContent).toBe(
      'Instance configuration still in progress. Please wait before changing this configuration.',
    );
    await waitFor(() => expect(input('SMTP host').value).toBe('smtp.example.com'));
    expect(input('SMTP host').disabled).toBe(true);
    expect((screen.getByTestId('settings-save') as HTMLButtonElement).disabled).toBe(true);
  });

  it('shows a stored password as a placeholder and sends a test email without saving the form', async () => {
    const { calls } = mockFetch(
      routes('online', [
        {
          method: 'POST',
          path: BASE + mailServerPaths.test,
          status: 200,
          body: { data: { response: '250 OK: message queued', message: 'Email sent successfully' } },
        },
      ]),
    );
    renderAt('/settings/email_server');
    await waitFor(() => expect(input('SMTP host').disabled).toBe(false));
    await waitFor(() => expect(input('Password').placeholder).toBe('••••'));
    expect(screen.queryByTestId('restarting-warning')).toBeNull();

    fireEvent.click(screen.getByTestId('open-test-email'));
    fireEvent.change(await screen.findByLabelText('Recipient'), { target: { value: 'me@example.com' } });
    fireEvent.click(screen.getByTestId('send-test-email'));
    const result = await screen.findByTestId('test-email-result');
    expect(result.textContent).toContain('Email sent successfully');
    expect(result.textContent).toContain('250 OK: message queued');

    const posts = calls.filter((call) => call.method === 'POST');
    expect(posts.map((call) => call.path)).toEqual([BASE + mailServerPaths.test]);
    const body = new URLSearchParams(posts[0]?.body ?? '');
    expect(body.get('to')).toBe('me@example.com');
    expect(body.get('host')).toBe('smtp.example.com');
    expect(body.get('password')).toBe('');
  });
});
