import { analyticsPaths, analyticsServerPaths } from '@agora/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderSettings, settingsServer, type Call } from '../../../test/settings-server.tsx';
import { insight, usersPage } from '../test/analytics-fixtures.ts';
import AnalyticsPage from './analytics-page.tsx';

const render = (path: string) => renderSettings(<AnalyticsPage />, { path, route: '/social_analytics/*' });

function tableRoutes(
  total = 137,
  extra: Record<string, (call: Call) => { status: number; body: unknown }> = {},
) {
  const queries: URLSearchParams[] = [];
  const server = settingsServer({
    routes: {
      [`GET ${analyticsPaths.tablesUsers}`]: () => {
        const query = queries[queries.length - 1] ?? new URLSearchParams();
        return {
          status: 200,
          body: usersPage(total, Number(query.get('offset')), Number(query.get('limit'))),
        };
      },
      ...extra,
    },
  });
  // The fake server keeps only paths: record the query strings on the way.
  const original = globalThis.fetch;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    if (url.pathname.endsWith(analyticsPaths.tablesUsers)) queries.push(url.searchParams);
    return original(input, init);
  }) as typeof fetch;
  return { server, queries };
}

describe('analytics tables', { timeout: 60_000 }, () => {
  it('pages on the server with limit and offset', async () => {
    const { queries } = tableRoutes();
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(10));
    expect(queries.at(-1)?.get('offset')).toBe('0');
    expect(queries.at(-1)?.get('limit')).toBe('10');
    expect(within(table).getByText('1–10 of 137')).toBeTruthy();
    // A member's standing is named, not shown as its stored key.
    expect(within(table).getAllByText('Active')).toHaveLength(10);
    expect(within(table).queryByText('active')).toBeNull();
    // Numbers use the dot as thousands separator.
    expect(within(table).getAllByText('12.345').length).toBeGreaterThan(0);
    fireEvent.click(within(table).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getByText('user11')).toBeTruthy());
    expect(queries.at(-1)?.get('offset')).toBe('10');
    fireEvent.click(within(table).getByTestId('sort-score'));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('score'));
    expect(queries.at(-1)?.get('offset')).toBe('0');
    fireEvent.click(within(table).getByTestId('sort-score'));
    await waitFor(() => expect(queries.at(-1)?.get('ordering')).toBe('-score'));
    fireEvent.click(within(table).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(queries.at(-1)?.get('offset')).toBe('10'));
    fireEvent.change(within(table).getByTestId('users-table-search'), { target: { value: ' alice ' } });
    await waitFor(() => expect(queries.at(-1)?.get('search')).toBe('alice'));
    expect(queries.at(-1)?.get('offset')).toBe('0');
    expect(queries.at(-1)?.get('ordering')).toBe('-score');
  });

  it('shows a failed load as the error with a retry, never as an empty table', async () => {
    let fail = true;
    tableRoutes(3, {
      [`GET ${analyticsPaths.tablesUsers}`]: () =>
        fail
          ? { status: 500, body: { errors: [{ code: 'internal_error', message: 'x', messages: [] }] } }
          : { status: 200, body: usersPage(3, 0, 10) },
    });
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    const error = await within(table).findByTestId('list-error');
    expect(error.textContent).toContain('An error has occurred. Try later.');
    expect(within(table).queryByTestId('users-table-empty')).toBeNull();
    expect(within(table).queryByTestId('users-table-pagination')).toBeNull();
    // The search stays usable above the error.
    expect(within(table).getByTestId('users-table-search')).toBeTruthy();
    fail = false;
    fireEvent.click(within(error).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(3));
    expect(within(table).queryByTestId('list-error')).toBeNull();
  });

  it('says so when the period holds no row', async () => {
    tableRoutes(0);
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    expect(await within(table).findByTestId('users-table-empty')).toBeTruthy();
    expect(within(table).queryByTestId('users-table-row')).toBeNull();
  });

  it('goes back to the last page when the period leaves the current one past the end', async () => {
    let total = 23;
    const { queries } = tableRoutes(0, {
      [`GET ${analyticsPaths.tablesUsers}`]: () => {
        const query = queries.at(-1) ?? new URLSearchParams();
        return {
          status: 200,
          body: usersPage(total, Number(query.get('offset')), Number(query.get('limit'))),
        };
      },
    });
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(10));
    fireEvent.click(within(table).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getByText('user11')).toBeTruthy());
    fireEvent.click(within(table).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(within(table).getByText('user21')).toBeTruthy());
    // A shorter period holds 5 rows: page 3 would be empty, so the table shows page 1 and its pager.
    total = 5;
    fireEvent.mouseDown(within(screen.getByTestId('date-range')).getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('preset-yesterday'));
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(5));
    expect(queries.at(-1)?.get('offset')).toBe('0');
    expect(within(table).getByText('1–5 of 5')).toBeTruthy();
    expect(within(table).queryByTestId('users-table-empty')).toBeNull();
  }, 60_000);

  it('selects the current page, the first 50 and the first 100 rows', async () => {
    const { queries } = tableRoutes();
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(10));
    const choose = async (label: string) => {
      fireEvent.click(within(table).getByTestId('users-table-select'));
      fireEvent.click(await screen.findByRole('menuitem', { name: label }));
    };
    await choose('Current page');
    expect(within(table).getByTestId('users-table-selected').textContent).toBe('10 selected');
    await choose('First 50 rows');
    await waitFor(() =>
      expect(within(table).getByTestId('users-table-selected').textContent).toBe('50 selected'),
    );
    expect(queries.some((query) => query.get('limit') === '50' && query.get('offset') === '0')).toBe(true);
    await choose('First 100 rows');
    await waitFor(() =>
      expect(within(table).getByTestId('users-table-selected').textContent).toBe('100 selected'),
    );
    // Row checkboxes follow the selection; unticking one leaves 99.
    const first = within(table).getByTestId('select-row-1').querySelector('input') as HTMLInputElement;
    expect(first.checked).toBe(true);
    fireEvent.click(first);
    expect(within(table).getByTestId('users-table-selected').textContent).toBe('99 selected');
  });

  it('says the tag assignment failed when the server refuses it', async () => {
    const { server } = tableRoutes(12, {
      'GET /platform/api/v1/analytics/tables/user_tags/': () => ({
        status: 200,
        body: { data: [{ id: 7, name: 'VIP', color: '#f2994a' }] },
      }),
      [`POST ${analyticsServerPaths.assignTags}`]: () => ({
        status: 500,
        body: { errors: [{ code: 'tag_assignment', message: 'x', messages: [] }] },
      }),
    });
    render('/social_analytics/users/per_user');
    const table = await screen.findByTestId('users-table');
    await waitFor(() => expect(within(table).getAllByTestId('users-table-row')).toHaveLength(10));
    expect((within(table).getByTestId('assign-tags') as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(within(table).getByTestId('select-row-2').querySelector('input') as HTMLInputElement);
    fireEvent.click(within(table).getByTestId('select-row-3').querySelector('input') as HTMLInputElement);
    fireEvent.click(within(table).getByTestId('assign-tags'));
    const dialog = await screen.findByTestId('tag-assign-dialog');
    fireEvent.click(await within(dialog).findByLabelText('VIP'));
    fireEvent.click(within(dialog).getByTestId('tag-assign-submit'));
    expect(
      await screen.findByText('Sorry! An error occurred in the tag assignment. Try later!'),
    ).toBeTruthy();
    const sent = server.writes().find((call) => call.path === analyticsServerPaths.assignTags);
    expect(sent?.body).toEqual({ user_ids: '2,3', tag_ids: '7' });
  });

  it('opens the user insight dialog and shows each tab', async () => {
    tableRoutes(3, {
      [`GET ${analyticsPaths.userInsight.replace(':userId', '1')}`]: () => ({
        status: 200,
        body: { data: insight },
      }),
    });
    render('/social_analytics/users/per_user');
    fireEvent.click(await screen.findByTestId('insight-open-1'));
    const dialog = await screen.findByTestId('insight-dialog');
    expect(
      within(dialog)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual([
      'Profile summary',
      'Most appreciated',
      'Most commented',
      'Most shared contents',
      'Connections',
      'Followers',
      'Followings',
      'Categories',
    ]);
    expect((await within(dialog).findByTestId('insight-name')).textContent).toBe('User One');
    expect(within(dialog).getByTestId('insight-score').textContent).toBe('1.500');
    expect(within(dialog).getByTestId('insight-last_login').textContent).toBe('∅');
    expect(within(dialog).getByTestId('insight-registered_at').textContent).toBe('05-01-2026');
    fireEvent.click(within(dialog).getByTestId('insight-tab-most_appreciated'));
    expect(await within(dialog).findByText('Loved post')).toBeTruthy();
    expect(within(dialog).getByText('9 appreciations')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-most_commented'));
    expect(await within(dialog).findByText('Hot debate')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-most_shared'));
    expect(await within(dialog).findByTestId('insight-empty')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-connections'));
    expect(await within(dialog).findByText('friend')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-followers'));
    expect(await within(dialog).findByText('fan2')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-followings'));
    expect(await within(dialog).findByTestId('insight-empty')).toBeTruthy();
    fireEvent.click(within(dialog).getByTestId('insight-tab-categories'));
    expect(await within(dialog).findByText('Travel')).toBeTruthy();
    expect(within(dialog).getByText('Food')).toBeTruthy();
  });

  it('requests a users export and says the file comes by email; a failure says so', async () => {
    let fail = false;
    const { server } = tableRoutes(3, {
      [`POST ${analyticsPaths.exportAdd}`]: () =>
        fail
          ? { status: 500, body: { errors: [{ code: 'internal_error', message: 'x', messages: [] }] } }
          : { status: 202, body: { data: { id: 4, status: 'pending' } } },
    });
    render('/social_analytics/users/per_user');
    fireEvent.click(await screen.findByTestId('export-users'));
    expect(
      await screen.findByText('The file will be generated shortly: you will be notified by email.'),
    ).toBeTruthy();
    const sent = server.writes().find((call) => call.path === analyticsPaths.exportAdd);
    expect(sent?.body).toMatchObject({ type: 'users' });
    expect((sent?.body as { from: string }).from).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    fail = true;
    fireEvent.click(screen.getByTestId('export-users'));
    expect(await screen.findByText('Sorry! Unable to export data. Retry later!')).toBeTruthy();
  });
});
