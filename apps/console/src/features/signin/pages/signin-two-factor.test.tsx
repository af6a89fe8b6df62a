import { authPaths, errorEntry, preferencePaths, twoFactorPaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { clearStack } from '../../../core/stack/stack-store.ts';
import { token, user } from '../../../test/fixtures.ts';
import { mockFetch, type MockRoute } from '../../../test/mock-fetch.ts';
import SigninPage from './signin-page.tsx';

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
      { path: '/signin', element: <SigninPage /> },
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

function submitPassword() {
  fireEvent.change(document.querySelector('input[name="username"]')!, { target: { value: 'ada' } });
  fireEvent.change(document.querySelector('input[name="password"]')!, { target: { value: 'secret-pass' } });
  fireEvent.click(document.querySelector('button[type="submit"]')!);
}

function submitCode(code: string) {
  fireEvent.change(screen.getByRole('textbox'), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
}

describe('sign-in with two-step verification', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    clearStack();
    applyLocale('en');
  });

  it('asks for the code after the password, refuses a wrong one, then signs in', async () => {
    const routes: MockRoute[] = [
      { method: 'POST', path: authPaths.signin, status: 200, body: { data: challenge } },
      {
        method: 'POST',
        path: twoFactorPaths.signin,
        status: 400,
        body: { errors: [errorEntry('invalid_two_factor_code', 'wrong', 'code')] },
      },
    ];
    const { calls } = renderAt('/signin', routes);
    submitPassword();
    expect(await screen.findByRole('heading', { level: 1, name: 'Two-step verification' })).toBeTruthy();
    expect(useSessionStore.getState().isLogged).toBe(false);
    expect(screen.getByLabelText('Code from the app').getAttribute('inputmode')).toBe('numeric');

    submitCode('000000');
    expect(await screen.findByText(/This code is wrong, expired or already used/)).toBeTruthy();

    routes[1] = { method: 'POST', path: twoFactorPaths.signin, status: 200, body: { data: session } };
    submitCode('123456');
    expect(await screen.findByTestId('home-stub')).toBeTruthy();
    expect(useSessionStore.getState().isLogged).toBe(true);
    const sent = calls.filter((c) => c.path === twoFactorPaths.signin).map((c) => c.body);
    expect(sent).toEqual(['challenge=ag2fa_abc&code=000000', 'challenge=ag2fa_abc&code=123456']);
  });

  it('takes a recovery code, and goes back to the password when the challenge has expired', async () => {
    renderAt('/signin', [
      { method: 'POST', path: authPaths.signin, status: 200, body: { data: challenge } },
      {
        method: 'POST',
        path: twoFactorPaths.signin,
        status: 400,
        body: { errors: [errorEntry('invalid_two_factor_challenge', 'expired', 'challenge')] },
      },
    ]);
    submitPassword();
    fireEvent.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }));
    expect(screen.getByLabelText('Code from the app or recovery code').getAttribute('inputmode')).toBe(
      'text',
    );
    submitCode('abcd-efgh-jkmn-pqrs');
    expect(await screen.findByText('This sign-in has expired.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Enter the password again' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeTruthy();
    expect((document.querySelector('input[name="password"]') as HTMLInputElement).value).toBe('');
  });
});
