import { authPaths, errorEntry } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { StrictMode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { signedOutState } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { clearStack, useStackStore } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import SsoPage from './sso-page.tsx';

function renderSso(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/community/sso', element: <SsoPage /> },
      { path: '/', element: <div data-testid="home-stub" /> },
      { path: '/moderation/*', element: <div data-testid="moderation-stub" /> },
    ],
    { initialEntries: [path] },
  );
  render(
    <StrictMode>
      <AppProviders queryClient={new QueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
  return router;
}

describe('single sign-on page', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    clearStack();
    applyLocale('en');
  });

  it('exchanges the ticket once, signs in, selects the stack and opens home', async () => {
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: authPaths.sso,
        status: 200,
        body: { data: { user, token, preferences: [], stack } },
      },
    ]);
    renderSso('/community/sso/?ticket=abc');
    await screen.findByTestId('home-stub');
    expect(calls).toHaveLength(1);
    expect(calls[0]?.body).toBe('ticket=abc');
    expect(useSessionStore.getState().isLogged).toBe(true);
    expect(useStackStore.getState().selected?.communityName).toBe('Demo');
  });

  it('opens the page the community asked for, but never another site', async () => {
    const answer = {
      method: 'POST',
      path: authPaths.sso,
      status: 200,
      body: { data: { user, token, preferences: [], stack } },
    };
    mockFetch([answer]);
    renderSso('/community/sso/?ticket=abc&next=/moderation/flags/');
    await screen.findByTestId('moderation-stub');
    mockFetch([answer]);
    renderSso('/community/sso/?ticket=abd&next=//evil.example/x');
    await screen.findByTestId('home-stub');
  });

  it('explains a bad ticket and links to the sign-in page', async () => {
    mockFetch([
      {
        method: 'POST',
        path: authPaths.sso,
        status: 400,
        // The server's real answer: the error belongs to the `ticket` field.
        body: {
          errors: [errorEntry('invalid_ticket', 'Invalid ticket', 'ticket')],
        },
      },
    ]);
    renderSso('/community/sso/?ticket=used');
    expect(await screen.findByText('This sign-in link is not valid or has expired.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Go to the login page' }).getAttribute('href')).toBe('/signin');
    expect(useSessionStore.getState().isLogged).toBe(false);
  });
});
