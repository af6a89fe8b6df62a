import { authPaths, errorEntry, twoFactorPaths } from '@agora/contract';
import { fireEvent, screen } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { clearStack } from '../../../core/stack/stack-store.ts';
import { type MockRoute } from '../../../test/mock-fetch.ts';
import { renderTwoStepPage, twoStepChallenge, twoStepSession } from '../../../test/render-two-step-page.tsx';
import SigninPage from './signin-page.tsx';

const challenge = twoStepChallenge;
const session = twoStepSession;
const renderAt = (path: string, routes: MockRoute[]) =>
  renderTwoStepPage({ route: '/signin', element: <SigninPage /> }, path, routes);

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
