import type { ReactElement } from 'react';
import { preferencePaths } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProviders } from '../app/app-providers.tsx';
import { token, user } from './fixtures.ts';
import { mockFetch, type MockRoute } from './mock-fetch.ts';

/** The server's answer when the password (or SSO ticket) was right and a code is asked next. */
export const twoStepChallenge = { two_factor_required: true, challenge: 'ag2fa_abc', expires_in: 300 };
/** The session that a right code completes. */
export const twoStepSession = { user, token, preferences: [{ id: 1, key: 'language', value: 'en' }] };

/**
 * Renders a sign-in page (password sign-in or SSO) at `path` behind a fake server, with a stub home to
 * land on. The routes array is kept by reference: a test may swap an answer between two submissions.
 */
export function renderTwoStepPage(
  page: { route: string; element: ReactElement },
  path: string,
  routes: MockRoute[],
) {
  routes.push({
    method: 'POST',
    path: preferencePaths.list,
    status: 200,
    body: { data: { id: 1, key: 'language', value: 'en' } },
  });
  const mock = mockFetch(routes);
  const router = createMemoryRouter(
    [
      { path: page.route, element: page.element },
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
