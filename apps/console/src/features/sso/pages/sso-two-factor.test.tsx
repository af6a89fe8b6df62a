import { authPaths, twoFactorPaths } from '@agora/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { clearStack, useStackStore } from '../../../core/stack/stack-store.ts';
import { stack } from '../../../test/fixtures.ts';
import { type MockRoute } from '../../../test/mock-fetch.ts';
import { renderTwoStepPage, twoStepChallenge, twoStepSession } from '../../../test/render-two-step-page.tsx';
import SsoPage from './sso-page.tsx';

const challenge = twoStepChallenge;
const session = twoStepSession;
const renderAt = (path: string, routes: MockRoute[]) =>
  renderTwoStepPage({ route: '/community/sso', element: <SsoPage /> }, path, routes);

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
