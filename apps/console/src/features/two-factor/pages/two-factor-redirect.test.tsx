import { errorEntry, preferencePaths, stackPaths, TwoFactorErrorCode, twoFactorPaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { appRoutes } from '../../../app/router.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { preferences, stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';

describe('a community that requires two-step verification', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('sends a staff member without it from the community to enrolment', async () => {
    mockFetch([
      { method: 'GET', path: preferencePaths.list, status: 200, body: { data: preferences } },
      { method: 'GET', path: stackPaths.list, status: 200, body: { data: [stack] } },
      {
        method: 'GET',
        path: `/c/demo${stackPaths.self}`,
        status: 403,
        body: { errors: [errorEntry(TwoFactorErrorCode.required, 'Requires two-step verification')] },
      },
      {
        method: 'GET',
        path: twoFactorPaths.status,
        status: 200,
        body: {
          data: {
            enabled: false,
            enabled_at: null,
            recovery_codes_left: 0,
            required_by: [{ id: stack.id, slug: 'demo', name: 'Demo' }],
          },
        },
      },
    ]);
    const router = createMemoryRouter(appRoutes(), { initialEntries: ['/'] });
    render(
      <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    // The whole console loads its routes lazily here: on a busy machine that takes several seconds.
    expect(await screen.findByTestId('two-factor-page', {}, { timeout: 20_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/account/two_factor');
    expect(screen.getByTestId('two-factor-required').textContent).toContain('Demo requires');
  }, 30_000);
});
