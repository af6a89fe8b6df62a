import { authPaths, preferencePaths, twoFactorPaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { clearStack, useStackStore } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import SsoPage from './sso-page.tsx';

const challenge = { two_factor_required: true, challenge: 'ag2fa_abc', expires_in: 300 };
const session = { user, token, preferences: [{ id: 1, key: 'language', value: 'en' }] };

function renderAt(path: string, routes: MockRoute[]) {
  // The same array: a test may swap an answer between two submissions.
  routes.push({
    method: 'POST',
    path: preferencePaths.list,
    status: 200,
    body: { data: { id: 1, key: 'language', value: 'en' } },
  });
  const mock = mockFetch(routes);
  const router = createMemoryRouter(
    [
      { path: '/community/sso', element: <SsoPage /> },
      { path: '/', element: <div data-testid="home-stub" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { mutations: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return mock;
}

function submitCode(code: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('SSO sign-in with two-step verification', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    clearStack();
    applyLocale('en');
  });

  it('asks for the code after an SSO ticket too, then opens the community', async () => {
    const { calls } = renderAt('/community/sso?ticket=agsso_1', [
      { method: 'POST', path: authPaths.sso, status: 200, body: { data: challenge } },
      { method: 'POST', path: twoFactorPaths.signin, status: 200, body: { data: { ...session, stack } } },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    submitCode('123456');
    expect(await screen.findByTestId('home-stub')).toBeTruthy();
    await waitFor(() => expect(useStackStore.getState().selected?.id).toBe(stack.id));
    expect(calls.filter((c) => c.path === authPaths.sso)).toHaveLength(1);
  });
});
