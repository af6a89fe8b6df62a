import { auditLogPaths, type AuditLogEntry, type AuditLogPage as AuditLogPageData } from '@agora/contract';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderScreen } from '../../../test/render-screen.tsx';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import AuditLogPage from './audit-log-page.tsx';

const base: AuditLogEntry = {
  id: 7,
  at: '2026-11-21T10:00:00.000Z',
  account_id: 1,
  community_user_id: 3,
  username: 'admin',
  role: 'admin',
  action: 'settings.update',
  read_only: false,
  actor: { id: 3, username: 'admin', name: 'Ada Admin' },
  person: null,
  subject: 'colors',
  changes: [
    { field: 'color_primary', before: '#111111', after: '#222222' },
    { field: 'google_geocoding_api_key', before: null, after: '[redacted]' },
    { field: 'application_slogan1', before: null, after: 'A'.repeat(200) },
  ],
  method: 'POST',
  route: '/platform/api/v1/dynamic_preference/update_multi/',
  target: { stack: { id: 1, slug: 'demo' }, params: {} },
  details: {},
  ip: '127.0.0.1',
  status: 'completed',
};
const role: AuditLogEntry = {
  ...base,
  id: 8,
  action: 'staff.assign_role',
  subject: 'moderator',
  person: { id: 9, username: 'maria', name: 'Maria Rossi' },
  changes: [{ field: 'role', before: null, after: 'moderator' }],
};
const page: AuditLogPageData = { count: 2, next: null, previous: null, results: [base, role] };

function renderPage(results: AuditLogEntry[] = page.results) {
  const mock = mockFetch([
    {
      method: 'GET',
      path: `/c/demo${auditLogPaths.list}`,
      status: 200,
      body: { data: { ...page, count: results.length, results } },
    },
    {
      method: 'GET',
      path: `/c/demo${auditLogPaths.people}`,
      status: 200,
      body: { data: { results: [{ id: 9, username: 'maria', name: 'Maria Rossi' }] } },
    },
  ]);
  renderScreen('/audit_log', <AuditLogPage />);
  return mock;
}

const lastQuery = (mock: ReturnType<typeof mockFetch>, path: string = auditLogPaths.list) => {
  const calls = mock.fetchMock.mock.calls.map((c) => new URL(String(c[0])));
  const last = calls.filter((url) => url.pathname.endsWith(path)).pop();
  return last?.searchParams ?? new URLSearchParams();
};

/** Types a day into the date field labelled `label`, digit by digit as a keyboard does (en: MM/DD/YYYY). */
function typeDay(label: string, digits: string) {
  const group = screen.getByRole('group', { name: label });
  act(() => within(group).getAllByRole('spinbutton')[0]?.focus());
  for (const digit of digits) {
    fireEvent.input(document.activeElement as HTMLElement, { target: { textContent: digit } });
  }
}

describe('audit log page', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
  });

  it('tells each entry as a sentence with names, and its changes as before → after', async () => {
    renderPage();
    const row = await screen.findByTestId('audit-row-7');
    expect(within(row).getByTestId('audit-sentence').textContent).toBe(
      'Ada Admin (@admin) changed the theme colours',
    );
    expect(within(screen.getByTestId('audit-row-8')).getByTestId('audit-sentence').textContent).toBe(
      'Ada Admin (@admin) assigned the role moderator to Maria Rossi (@maria)',
    );
    const changes = within(row).getAllByTestId('audit-change');
    expect(changes[0]?.textContent).toBe('Color primary: #111111 → #222222');
    // A secret is never shown, only that it was set.
    expect(changes[1]?.textContent).toBe('Google geocoding api key: hidden');
    expect(row.textContent).not.toContain('[redacted]');
    // A long value is cut, and shown whole on request.
    expect(changes[2]?.textContent).toBe(`Application slogan1: ${'A'.repeat(79)}…`);
    fireEvent.click(within(row).getByRole('button', { name: 'Show in full' }));
    expect(within(row).getAllByTestId('audit-change')[2]?.textContent).toBe(
      `Application slogan1: ${'A'.repeat(200)}`,
    );
    // Dates in the reader's language.
    expect(row.textContent).toContain('Nov 21, 2026');
    expect(screen.getByTestId('audit-pager-range').textContent).toBe('1–2 of 2');
  });

  it('speaks Italian to an Italian reader', async () => {
    applyLocale('it');
    renderPage();
    const row = await screen.findByTestId('audit-row-8');
    expect(within(row).getByTestId('audit-sentence').textContent).toBe(
      'Ada Admin (@admin) ha assegnato il ruolo moderator a Maria Rossi (@maria)',
    );
    expect(within(screen.getByTestId('audit-row-7')).getByTestId('audit-sentence').textContent).toBe(
      'Ada Admin (@admin) ha modificato i colori del tema',
    );
    expect(screen.getByTestId('audit-row-7').textContent).toContain('21 nov 2026');
  });

  it('filters by person (searched on the server), action, period and read-only events', async () => {
    const mock = renderPage();
    await screen.findByTestId('audit-row-7');
    expect(lastQuery(mock).get('limit')).toBe('20');
    expect(lastQuery(mock).get('read_only')).toBeNull();

    const person = screen.getByRole('combobox', { name: 'Who made the change' });
    fireEvent.change(person, { target: { value: 'mar' } });
    fireEvent.click(await screen.findByRole('option', { name: 'Maria Rossi (@maria)' }));
    await waitFor(() => expect(lastQuery(mock).get('person')).toBe('9'));
    expect(lastQuery(mock, auditLogPaths.people).get('search')).toBe('mar');
    expect(person).toHaveProperty('value', 'Maria Rossi (@maria)');

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Action' }));
    fireEvent.click(await screen.findByRole('option', { name: 'assigned the role … to …' }));
    typeDay('From', '11012026');
    typeDay('To', '11302026');
    fireEvent.click(screen.getByRole('switch', { name: /Show read-only events/ }));
    await waitFor(() => {
      const query = lastQuery(mock);
      expect(query.get('action')).toBe('staff.assign_role');
      expect(query.get('from')).toBe('2026-11-01');
      expect(query.get('to')).toBe('2026-11-30');
      expect(query.get('person')).toBe('9');
      expect(query.get('read_only')).toBe('true');
      expect(query.get('offset')).toBe('0');
    });
  });

  it('marks read-only and unconfirmed entries', async () => {
    renderPage([base, { ...role, status: 'unconfirmed', read_only: true }]);
    const row = await screen.findByTestId('audit-row-8');
    expect(within(row).getByText('Unconfirmed')).toBeTruthy();
    expect(within(row).getByText('Read-only')).toBeTruthy();
    expect(within(screen.getByTestId('audit-row-7')).queryByText('Unconfirmed')).toBeNull();
  });
});
