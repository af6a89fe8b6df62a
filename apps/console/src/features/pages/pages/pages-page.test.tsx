import { legalPagesPaths, type LegalPageDetail, type LegalPageList } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { applyLocale } from '../../../core/locale/locale-store.ts';
import { clearNotices } from '../../../core/notices/notice-store.ts';
import { loginSucceeded } from '../../../core/session/session-state.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { stack, token, user } from '../../../test/fixtures.ts';
import { mockFetch } from '../../../test/mock-fetch.ts';
import { renderScreen } from '../../../test/render-screen.tsx';
import PagesPage from './pages-page.tsx';

const version = (id: number, label: string, accepted: number) => ({
  id,
  label,
  html_body: `<p>${label} text</p>`,
  valid_from: '2026-11-01',
  valid_to: null,
  created_at: '2026-11-01T09:00:00.000Z',
  accepted_count: accepted,
});

const list: LegalPageList = {
  count: 2,
  results: [
    {
      id: 2,
      policy: 'privacy',
      required: true,
      version: version(12, 'Privacy policy', 3),
      versions_count: 1,
    },
    { id: 1, policy: 'tec', required: true, version: version(11, 'Terms of service', 7), versions_count: 2 },
  ].map(({ version: { html_body: _h, ...v }, ...page }) => ({
    ...page,
    version: v,
  })) as LegalPageList['results'],
};
const terms: LegalPageDetail = {
  id: 1,
  policy: 'tec',
  required: true,
  versions: [version(11, 'Terms of service', 7), version(5, 'Terms 2025', 40)],
};

const at = (path: string) => `/c/demo${path.replace(':id', '1')}`;

describe('pages area, legal tab', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('lists each policy with its current label, validity and accepted-by count, in Italian too', async () => {
    mockFetch([{ method: 'GET', path: at(legalPagesPaths.list), status: 200, body: { data: list } }]);
    applyLocale('it');
    renderScreen('/pages/*', <PagesPage />, '/pages');
    const row = await screen.findByTestId('legal-row-tec');
    expect(within(row).getByText('Terms of service')).toBeTruthy();
    expect(within(row).getByText('Termini di servizio')).toBeTruthy();
    expect(within(row).getByTestId('accepted-count').textContent).toBe('7');
    expect(screen.getByRole('tab', { name: 'Pagine legali' })).toBeTruthy();
    // Only the built tab shows: no empty placeholder for general or error pages.
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });

  it('refuses a new version without a label before asking the server, then saves one', async () => {
    const { calls } = mockFetch([
      { method: 'GET', path: at(legalPagesPaths.get), status: 200, body: { data: terms } },
      {
        method: 'POST',
        path: at(legalPagesPaths.addVersion),
        status: 200,
        body: { data: { ...terms, versions: [version(20, 'Terms 2027', 0), ...terms.versions] } },
      },
      { method: 'GET', path: at(legalPagesPaths.list), status: 200, body: { data: list } },
    ]);
    renderScreen('/pages/*', <PagesPage />, '/pages/legal/1');
    const label = await screen.findByTestId('legal-label');
    expect(screen.getByText('Terms 2025')).toBeTruthy();
    fireEvent.change(label, { target: { value: ' ' } });
    fireEvent.click(screen.getByTestId('legal-save'));
    expect(await screen.findByText('Insert a valid label')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.change(label, { target: { value: 'Terms 2027' } });
    fireEvent.click(screen.getByTestId('legal-save'));
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    expect(JSON.parse(calls.find((c) => c.method === 'POST')?.body ?? '{}')).toMatchObject({
      label: 'Terms 2027',
      html_body: '<p>Terms of service text</p>',
    });
    expect(await screen.findByText('New version saved: every member must accept it.')).toBeTruthy();
  });

  it('asks before forcing acceptance, and cancelling sends nothing', async () => {
    const { calls } = mockFetch([
      { method: 'GET', path: at(legalPagesPaths.get), status: 200, body: { data: terms } },
      { method: 'POST', path: at(legalPagesPaths.forceAccept), status: 200, body: { data: { round: 1 } } },
      { method: 'GET', path: at(legalPagesPaths.list), status: 200, body: { data: list } },
    ]);
    renderScreen('/pages/*', <PagesPage />, '/pages/legal/1');
    fireEvent.click(await screen.findByTestId('force-accept'));
    const dialog = await screen.findByRole('dialog', {
      name: 'Make every member accept the Terms of service again?',
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    fireEvent.click(screen.getByTestId('force-accept'));
    fireEvent.click(await screen.findByTestId('force-accept-confirm'));
    expect(await screen.findByText('Every member must now accept the page again.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      at(legalPagesPaths.forceAccept),
    ]);
  });
});
