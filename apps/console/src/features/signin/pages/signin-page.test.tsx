import { authPaths, errorEntry, preferencePaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale, useLocaleStore } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from '../../../core/session/session-store.ts';
import { preferences, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import SigninPage from './signin-page.tsx';

function renderSignin(initialEntry: string | { pathname: string; state: unknown } = '/signin') {
  const router = createMemoryRouter(
    [
      { path: '/signin', element: <SigninPage /> },
      { path: '/', element: <div data-testid="home-stub" /> },
      { path: '/theme', element: <div data-testid="theme-stub" /> },
    ],
    { initialEntries: [initialEntry] },
  );
  const queryClient = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  render(
    <AppProviders queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

function submit(username: string, password: string) {
  const form = document.querySelector('form');
  fireEvent.change(form!.querySelector('input[name="username"]')!, { target: { value: username } });
  fireEvent.change(form!.querySelector('input[name="password"]')!, { target: { value: password } });
  fireEvent.click(form!.querySelector('button[type="submit"]')!);
}

describe('sign-in page', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    applyLocale('en');
  });

  it('shows the server field errors on the matching fields', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 400,
        body: {
          errors: [
            errorEntry('required', 'This field is required.', 'username'),
            errorEntry('too_short', 'Server says the password is too short', 'password'),
          ],
        },
      },
    ]);
    renderSignin();
    submit('', 'x');
    const usernameHelp = await screen.findByText('Required field');
    expect(usernameHelp.closest('.MuiFormControl-root')?.querySelector('input')?.name).toBe('username');
    const passwordHelp = screen.getByText('Server says the password is too short');
    expect(passwordHelp.closest('.MuiFormControl-root')?.querySelector('input')?.name).toBe('password');
    expect(calls[0]?.body).toBe('username=&password=x');
    expect(calls[0]?.headers.get('Content-Type')).toBe('application/x-www-form-urlencoded');
    expect(useSessionStore.getState().isLogged).toBe(false);
  });

  it('shows the invalid credentials and throttled messages', async () => {
    mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 400,
        body: { errors: [errorEntry('invalid_credentials', 'Invalid credentials')] },
      },
    ]);
    renderSignin();
    submit('ada', 'wrong');
    expect(await screen.findByText('Wrong username, email or password.')).toBeTruthy();

    mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 429,
        body: { errors: [errorEntry('throttled', 'Throttled')] },
      },
    ]);
    submit('ada', 'wrong');
    expect(await screen.findByText('Too many attempts. Please wait a moment and try again.')).toBeTruthy();
  });

  it('shows the generic message when the answer has no structured errors', async () => {
    mockFetch([{ method: 'POST', path: authPaths.signin, status: 502, body: 'Bad gateway' }]);
    renderSignin();
    submit('ada', 'secret');
    expect(await screen.findByText('An error has occurred. Try later.')).toBeTruthy();
  });

  it('signs in, stores the session and returns to the page the user was going to', async () => {
    mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 200,
        body: { data: { user, token, preferences: [preferences[1]] } },
      },
    ]);
    const router = renderSignin({ pathname: '/signin', state: { from: '/theme' } });
    submit('ada', 'secret');
    await screen.findByTestId('theme-stub');
    expect(router.state.location.pathname).toBe('/theme');
    const session = useSessionStore.getState();
    expect(session.isLogged).toBe(true);
    expect(session.token?.access_token).toBe('access-1');
    expect(JSON.parse(localStorage.getItem(SESSION_STORAGE_KEY) ?? '{}').token.access_token).toBe('access-1');
  });

  it('sends a signed-in user to the home page', async () => {
    useSessionStore.setState({ ...signedOutState, isLogged: true, user }, true);
    const router = renderSignin();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('switches to Italian from the language buttons', async () => {
    renderSignin();
    fireEvent.click(screen.getByTestId('locale-it'));
    expect(await screen.findByLabelText('Nome utente o email')).toBeTruthy();
    expect(document.documentElement.lang).toBe('it');
  });

  it('keeps the language picked before signing in when the account never chose one, and stores it', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 200,
        body: { data: { user: { ...user, language: 'en' }, token, preferences: [preferences[1]] } },
      },
      {
        method: 'POST',
        path: preferencePaths.list,
        status: 201,
        body: { data: { id: 9, key: 'language', value: 'it' } },
      },
    ]);
    renderSignin();
    fireEvent.click(screen.getByTestId('locale-it'));
    submit('ada', 'secret');
    await screen.findByTestId('home-stub');
    await waitFor(() => expect(calls.some((c) => c.path === preferencePaths.list)).toBe(true));
    const stored = calls.find((c) => c.path === preferencePaths.list);
    expect(stored?.body).toBe('key=language&value=it');
    expect(useLocaleStore.getState().locale).toBe('it');
    expect(document.documentElement.lang).toBe('it');
  });

  it("switches to the account's own language preference after signing in", async () => {
    mockFetch([
      {
        method: 'POST',
        path: authPaths.signin,
        status: 200,
        body: { data: { user, token, preferences: [{ id: 1, key: 'language', value: 'en' }] } },
      },
    ]);
    renderSignin();
    fireEvent.click(screen.getByTestId('locale-it'));
    submit('ada', 'secret');
    await screen.findByTestId('home-stub');
    expect(useLocaleStore.getState().locale).toBe('en');
  });
});
