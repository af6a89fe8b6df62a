import {
  customPagesPaths,
  errorPagesPaths,
  featurePaths,
  legalPagesPaths,
  type CustomPage,
  type ErrorPageList,
  type LegalPageDetail,
  type LegalPageList,
} from '@agora/contract';
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
/** The community's enabled flags: each tab of the area shows only under its own. */
const flags = (names: string[] = ['legal_pages']) => ({
  method: 'GET' as const,
  path: at(featurePaths.listEnabled),
  status: 200,
  body: { data: names },
});

describe('pages area, legal tab', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('lists each policy with its current label, validity and accepted-by count, in Italian too', async () => {
    mockFetch([
      flags(),
      { method: 'GET', path: at(legalPagesPaths.list), status: 200, body: { data: list } },
    ]);
    applyLocale('it');
    renderScreen('/pages/*', <PagesPage />, '/pages');
    const row = await screen.findByTestId('legal-row-tec');
    expect(within(row).getByText('Terms of service')).toBeTruthy();
    expect(within(row).getByText('Termini di servizio')).toBeTruthy();
    expect(within(row).getByTestId('accepted-count').textContent).toBe('7');
    expect(screen.getByRole('tab', { name: 'Pagine legali' })).toBeTruthy();
    // Only the tabs whose flag is on show: general (cms) and error pages (system_pages) are off here.
    expect(screen.getAllByRole('tab')).toHaveLength(1);
  });

  it('refuses a new version without a label before asking the server, then saves one', async () => {
    const { calls } = mockFetch([
      flags(),
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
      flags(),
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

const page: CustomPage = {
  id: 7,
  title: 'About us',
  slug: 'about-us',
  label: 'About',
  alternative_url: null,
  html_body: '<p>Who we are</p>',
  active: true,
  created_at: '2026-11-01T09:00:00.000Z',
  created_by: 1,
  updated_at: '2026-11-02T09:00:00.000Z',
  updated_by: 1,
  updated_by_username: 'admin',
};
const { html_body: _body, ...summary } = page;

describe('pages area, general and error pages tabs', () => {
  beforeEach(() => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences: [] }, Date.now()), true);
    setStack(stack);
    applyLocale('en');
    clearNotices();
  });

  it('lists general pages first when every flag is on, and asks before deleting one', async () => {
    const { calls } = mockFetch([
      flags(['cms', 'legal_pages', 'system_pages']),
      {
        method: 'GET',
        path: at(customPagesPaths.list),
        status: 200,
        body: { data: { count: 1, results: [summary] } },
      },
      {
        method: 'POST',
        path: `/c/demo${customPagesPaths.remove.replace(':id', '7')}`,
        status: 200,
        body: { data: { deleted: true } },
      },
    ]);
    renderScreen('/pages/*', <PagesPage />, '/pages');
    const row = await screen.findByTestId('custom-page-row-about-us');
    expect(within(row).getByText('About us')).toBeTruthy();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'General pages',
      'Legal pages',
      'Error pages',
    ]);
    fireEvent.click(within(row).getByRole('button', { name: 'Delete About us' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the page “About us”?' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    fireEvent.click(within(dialog).getByTestId('custom-page-delete-confirm'));
    expect(await screen.findByText('Page deleted.')).toBeTruthy();
  });

  it('shows the server’s 409 on the slug field, in Italian', async () => {
    applyLocale('it');
    mockFetch([
      flags(['cms']),
      {
        method: 'POST',
        path: at(customPagesPaths.add),
        status: 409,
        body: {
          errors: [{ code: 'unique', field: 'slug', message: 'Another page already uses this slug.' }],
        },
      },
    ]);
    renderScreen('/pages/*', <PagesPage />, '/pages/general/new');
    fireEvent.change(await screen.findByTestId('custom-page-title'), { target: { value: 'About us' } });
    fireEvent.change(screen.getByTestId('custom-page-slug'), { target: { value: 'about-us' } });
    fireEvent.click(screen.getByTestId('custom-page-kind-url').querySelector('input')!);
    fireEvent.change(await screen.findByTestId('custom-page-alternative_url'), {
      target: { value: '/about' },
    });
    fireEvent.click(screen.getByTestId('custom-page-save'));
    expect(
      await screen.findByText("Un'altra pagina usa già questo slug: scegline uno diverso."),
    ).toBeTruthy();
  });

  it('edits the error pages: the default shows until restored, a saved text is sent', async () => {
    const errors: ErrorPageList = {
      results: [
        {
          kind: 'page_not_found',
          status: 404,
          html_body: '<p>Lost</p>',
          updated_at: '2026-11-02T09:00:00.000Z',
          updated_by_username: 'admin',
        },
        {
          kind: 'service_unavailable',
          status: 503,
          html_body: null,
          updated_at: null,
          updated_by_username: null,
        },
      ],
    };
    const restored: ErrorPageList = {
      results: errors.results.map((p) => ({
        ...p,
        html_body: null,
        updated_at: null,
        updated_by_username: null,
      })),
    };
    const { calls } = mockFetch([
      flags(['system_pages']),
      { method: 'GET', path: at(errorPagesPaths.list), status: 200, body: { data: errors } },
      {
        method: 'POST',
        path: at(errorPagesPaths.restore.replace(':kind', 'page_not_found')),
        status: 200,
        body: { data: restored },
      },
    ]);
    renderScreen('/pages/*', <PagesPage />, '/pages');
    const unavailable = await screen.findByTestId('error-page-service_unavailable');
    expect(within(unavailable).getByText(/Showing the default text/)).toBeTruthy();
    expect(
      (within(unavailable).getByTestId('error-page-restore-service_unavailable') as HTMLButtonElement)
        .disabled,
    ).toBe(true);
    fireEvent.click(screen.getByTestId('error-page-restore-page_not_found'));
    fireEvent.click(await screen.findByTestId('error-page-restore-confirm'));
    expect(await screen.findByText('Default text restored.')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      at(errorPagesPaths.restore.replace(':kind', 'page_not_found')),
    ]);
  });
});
