import { twoFactorPaths, type TwoFactorStatus } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { TwoFactorGate } from './two-factor-gate.tsx';

function renderGate(status: TwoFactorStatus) {
  mockFetch([{ method: 'GET', path: twoFactorPaths.status, status: 200, body: { data: status } }]);
  const router = createMemoryRouter(
    [
      {
        path: '/*',
        element: (
          <>
            <TwoFactorGate />
            <div data-testid="area" />
          </>
        ),
      },
    ],
    { initialEntries: ['/moderation'] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

const required: TwoFactorStatus = {
  enabled: false,
  enabled_at: null,
  recovery_codes_left: 0,
  required_by: [{ id: stack.id, slug: 'demo', name: 'Demo' }],
};

describe('second-factor gate', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('sends a staff member without a second factor to enrolment when the community requires one', async () => {
    const router = renderGate(required);
    await screen.findByTestId('area');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect.poll(() => router.state.location.pathname).toBe('/account/two_factor');
  });

  it('lets them through once it is on', async () => {
    const router = renderGate({ ...required, enabled: true, recovery_codes_left: 10 });
    await screen.findByTestId('area');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/moderation');
  });

  it('lets them through when only another community requires it', async () => {
    const router = renderGate({ ...required, required_by: [{ id: stack.id + 1, slug: 'x', name: 'X' }] });
    await screen.findByTestId('area');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(router.state.location.pathname).toBe('/moderation');
  });
});
