import { auditLogPaths, type AuditLogPage as AuditLogPageData } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import AuditLogPage from './audit-log-page.tsx';

const page: AuditLogPageData = {
  count: 1,
  next: null,
  previous: null,
  results: [
    {
      id: 7,
      at: '2026-11-21T10:00:00.000Z',
      account_id: 1,
      community_user_id: 3,
      username: 'admin',
      role: 'admin',
      action: 'dynamic_preference.update_multi',
      method: 'POST',
      route: '/platform/api/v1/dynamic_preference/update_multi/',
      target: { stack: { id: 1, slug: 'demo' }, params: {} },
      details: { body: { application_slogan1: 'Together', google_geocoding_api_key: '[redacted]' } },
      ip: '127.0.0.1',
      status: 'completed',
    },
  ],
  staff: [
    { community_user_id: 3, username: 'admin' },
    { community_user_id: 9, username: 'mod' },
  ],
};

function renderPage() {
  const mock = mockFetch([
    { method: 'GET', path: `/c/demo${auditLogPaths.list}`, status: 200, body: { data: page } },
  ]);
  renderScreen('/audit_log', <AuditLogPage />);
  return mock;
}

const lastQuery = (mock: ReturnType<typeof mockFetch>) => {
  const calls = mock.fetchMock.mock.calls;
  const input = calls[calls.length - 1]?.[0];
  return new URL(String(input)).searchParams;
};

describe('audit log page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('lists the entries and sends the staff, action and period filters', async () => {
    const mock = renderPage();
    const row = await screen.findByTestId('audit-row-7');
    expect(within(row).getByText('dynamic_preference.update_multi')).toBeTruthy();
    expect(within(row).getByText(/\[redacted\]/)).toBeTruthy();
    expect(screen.getByTestId('audit-pager-range').textContent).toBe('1–1 of 1');
    expect(lastQuery(mock).get('limit')).toBe('20');
    expect(lastQuery(mock).get('staff')).toBeNull();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Staff member' }));
    fireEvent.click(await screen.findByRole('option', { name: 'mod' }));
    await waitFor(() => expect(lastQuery(mock).get('staff')).toBe('9'));

    fireEvent.change(document.querySelector('[name="action"]') as HTMLInputElement, {
      target: { value: 'dynamic_preference' },
    });
    fireEvent.change(document.querySelector('[name="from"]') as HTMLInputElement, {
      target: { value: '2026-11-01' },
    });
    fireEvent.change(document.querySelector('[name="to"]') as HTMLInputElement, {
      target: { value: '2026-11-30' },
    });
    await waitFor(() => {
      const query = lastQuery(mock);
      expect(query.get('action')).toBe('dynamic_preference');
      expect(query.get('from')).toBe('2026-11-01');
      expect(query.get('to')).toBe('2026-11-30');
      expect(query.get('staff')).toBe('9');
      expect(query.get('offset')).toBe('0');
    });
  });

  it('marks an entry whose action was never confirmed', async () => {
    const first = page.results[0] as AuditLogPageData['results'][number];
    mockFetch([
      {
        method: 'GET',
        path: `/c/demo${auditLogPaths.list}`,
        status: 200,
        body: { data: { ...page, results: [first, { ...first, id: 8, status: 'unconfirmed' }] } },
      },
    ]);
    renderScreen('/audit_log', <AuditLogPage />);
    const row = await screen.findByTestId('audit-row-8');
    expect(within(row).getByText('Unconfirmed')).toBeTruthy();
    expect(within(screen.getByTestId('audit-row-7')).queryByText('Unconfirmed')).toBeNull();
  });
});
