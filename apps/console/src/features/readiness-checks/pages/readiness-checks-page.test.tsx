import { READINESS_CHECKS, readinessCheckPaths, type ReadinessConfiguration } from '@agora/contract';
import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '../../../app/app-providers.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import ReadinessChecksPage from './readiness-checks-page.tsx';

const BASE = '/c/demo';
const PASSING = new Set(['content_types', 'application_name', 'slogan', 'jwt_key']);

function configuration(passing = PASSING): ReadinessConfiguration {
  const group = (name: keyof typeof READINESS_CHECKS) =>
    Object.entries(READINESS_CHECKS[name]).map(([id, link]) => ({
      id,
      ok: passing.has(id),
      link,
      note: null,
    }));
  return {
    required: group('required'),
    recommended: group('recommended'),
    best_practices: group('best_practices'),
  };
}

const monitoring = {
  ok: false,
  checked_at: '2026-11-21T10:00:00.000Z',
  database: { ok: true, latency_ms: 1.5 },
  jobs: { ok: false, available: true, failed_last_24h: 2, oldest_due_seconds: 600 },
  mail: { ok: false, sender: 'none' },
};

function renderChecks(data = configuration()) {
  const mock = mockFetch([
    { method: 'GET', path: `${BASE}${readinessCheckPaths.configuration}`, status: 200, body: { data } },
    {
      method: 'GET',
      path: `${BASE}${readinessCheckPaths.monitoring}`,
      status: 200,
      body: { data: monitoring },
    },
  ]);
  const router = createMemoryRouter(
    [
      { path: '/checks', element: <ReadinessChecksPage /> },
      { path: '/theme/*', element: <div data-testid="theme-stub" /> },
    ],
    { initialEntries: ['/checks'] },
  );
  render(
    <AppProviders queryClient={new QueryClient()}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { ...mock, router };
}

describe('readiness checks page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('shows the three groups with each check, its state, a progress summary and the monitoring', async () => {
    renderChecks();
    const required = await screen.findByTestId('check-group-required');
    expect(within(required).getByRole('heading', { name: 'Required' })).toBeTruthy();
    expect(within(required).getByText('2/3')).toBeTruthy();
    expect(within(screen.getByTestId('check-group-recommended')).getByText('1/7')).toBeTruthy();
    expect(within(screen.getByTestId('check-group-best_practices')).getByText('1/5')).toBeTruthy();
    expect(screen.getByText('4 of 15 checks done')).toBeTruthy();
    expect(screen.getByText('1 required check left')).toBeTruthy();
    expect(screen.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('27');

    const logo = screen.getByTestId('check-logo');
    expect(logo.getAttribute('data-ok')).toBe('false');
    expect(within(logo).getByText('Upload the community logo')).toBeTruthy();
    expect(within(logo).getByTitle('To do')).toBeTruthy();
    const name = screen.getByTestId('check-application_name');
    expect(name.getAttribute('data-ok')).toBe('true');
    expect(within(name).getByTitle('Done')).toBeTruthy();
    expect(within(name).queryByRole('link')).toBeNull();

    // Each check that is not done links to the screen that fixes it.
    const links = {
      logo: '/theme/logo',
      mail_server: '/settings/email_server',
      seo: '/community_management/seo',
      cover_image: '/theme/background_images',
      custom_domain: '/settings/domain',
      default_avatar: '/theme/profile_image',
      tag_manager: '/integrations',
      legal_pages: '/pages/legal',
    };
    for (const [id, href] of Object.entries(links)) {
      expect(screen.getByTestId(`check-fix-${id}`).getAttribute('href'), id).toBe(href);
    }
    expect(screen.queryByTestId('check-fix-jwt_key')).toBeNull();

    const jobs = await screen.findByTestId('monitoring-jobs');
    expect(jobs.getAttribute('data-ok')).toBe('false');
    expect(jobs.textContent).toContain(
      '2 jobs failed in the last 24 hours. The oldest waiting job has waited 10 minutes.',
    );
    expect(screen.getByTestId('monitoring-database').textContent).toContain('Reachable, answered in 1.5 ms.');
    expect(screen.getByTestId('monitoring-mail').textContent).toContain('No mail server is configured');
  });

  it('follows a Fix link to its screen', async () => {
    const { router } = renderChecks();
    fireEvent.click(await screen.findByTestId('check-fix-logo'));
    await screen.findByTestId('theme-stub');
    expect(router.state.location.pathname).toBe('/theme/logo');
  });

  it('says when every required check is done, in Italian too', async () => {
    applyLocale('it');
    renderChecks(configuration(new Set(['logo', 'application_name', 'content_types'])));
    expect(await screen.findByText('Tutti i controlli obbligatori sono completati.')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Obbligatori' })).toBeTruthy();
    expect(screen.getByText('3 controlli completati su 15')).toBeTruthy();
    expect(screen.getAllByRole('link', { name: 'Correggi' })).toHaveLength(12);
  });

  it('asks again when "Check again" is pressed', async () => {
    const { calls } = renderChecks();
    await screen.findByTestId('check-logo');
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/monitoring/'))).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Check again' }));
    await waitFor(() => expect(calls.filter((c) => c.path.endsWith('/configuration/'))).toHaveLength(2));
  });
});
