import { authPaths, preferencePaths, stackPaths, twoFactorPaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../core/locale/locale-store.ts';
import { clearNotices } from '../core/notices/notice-store.ts';
import { loginSucceeded, signedOutState } from '../core/session/session-state.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { clearStack, useStackStore } from '../core/stack/stack-store.ts';
import { preferences, stack, token, user } from '../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../test/mock-fetch.ts';
import { AppProviders } from './app-providers.tsx';
import { appRoutes } from './router.tsx';

function renderApp(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const signedInRoutes = (selfStatus = 200): MockRoute[] => [
  { method: 'GET', path: preferencePaths.list, status: 200, body: { data: preferences } },
  { method: 'GET', path: stackPaths.list, status: 200, body: { data: [stack] } },
  {
    method: 'GET',
    path: `/c/demo${stackPaths.self}`,
    status: selfStatus,
    body:
      selfStatus === 200
        ? { data: { ...stack, status: 'progress' } }
        : { errors: [{ code: 'invalid_token', message: 'Invalid token', messages: [] }] },
  },
  { method: 'POST', path: authPaths.revoke, status: 200, body: {} },
  {
    method: 'GET',
    path: twoFactorPaths.status,
    status: 200,
    body: { data: { enabled: false, enabled_at: null, recovery_codes_left: 0, required_by: [] } },
  },
];

describe('console routes', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    clearStack();
    clearNotices();
    applyLocale('en');
  });

  it('sends a signed-out user from a protected route to /signin', async () => {
    const router = renderApp('/');
    await screen.findByRole('heading', { name: 'Login' });
    expect(router.state.location.pathname).toBe('/signin');
    expect(document.title).toBe('Login | Agora');
  });

  it('shows the not-found screen for unknown paths, signed out too', async () => {
    renderApp('/no/such/page');
    expect((await screen.findByTestId('not-found')).textContent).toContain('404');
  });

  it('shows the selected community on home and logs out from the account menu', async () => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
    const { calls } = mockFetch(signedInRoutes());
    const router = renderApp('/');
    expect((await screen.findByTestId('community-name', {}, { timeout: 5000 })).textContent).toBe('Demo');
    await waitFor(() => expect(screen.getByTestId('stack-status').textContent).toBe('In progress'));
    expect(useStackStore.getState().selected?.internal_url).toBe(stack.internal_url);
    expect(screen.getByTestId('stack-switcher').textContent).toContain('Demo');
    expect(screen.getByTestId('locale-it')).toBeTruthy();
    expect(screen.getByTestId('home')).toBeTruthy();
    // A community's home is titled with its name (spec core §2 stack pages).
    await waitFor(() => expect(document.title).toBe('Demo | Agora'));
    const selfCall = calls.find((call) => call.path === `/c/demo${stackPaths.self}`);
    expect(selfCall?.headers.get('Authorization')).toBe('Bearer access-1');

    fireEvent.click(screen.getByTestId('account-menu-button'));
    fireEvent.click(await screen.findByTestId('logout'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(useSessionStore.getState().isLogged).toBe(false);
    expect(useStackStore.getState().selected).toBeNull();
    await waitFor(() => expect(calls.some((call) => call.path === authPaths.revoke)).toBe(true));
    expect(calls.find((call) => call.path === authPaths.revoke)?.body).toBe(
      'token=access-1&client_id=console',
    );
  });

  it('offers a skip link first, which moves the focus to the main content', async () => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
    mockFetch(signedInRoutes());
    renderApp('/');
    await screen.findByTestId('community-name', {}, { timeout: 5000 });
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    // First in the document order, so the first Tab reaches it.
    const focusable = document.querySelectorAll('a[href], button, input, [tabindex="0"]');
    expect(focusable[0]).toBe(skip);
    fireEvent.click(skip);
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });

  it('ends the session on a 401 with a persistent notice', async () => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    mockFetch(signedInRoutes(401));
    const router = renderApp('/');
    const alert = await screen.findByText('Your session has expired, please log-in again');
    expect(alert.closest('[role="alert"]')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(useSessionStore.getState().isLogged).toBe(false);
  });
});
