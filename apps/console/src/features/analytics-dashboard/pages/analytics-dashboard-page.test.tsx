import { analyticsPaths, stackPaths } from '@agora/contract';
import { ResultSet, type Query } from '@cubejs-client/core';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as AnalyticsClient from '../../../core/analytics/analytics-client.ts';
import {
  AnalyticsQueryRefusedError,
  AnalyticsUnavailableError,
} from '../../../core/analytics/analytics-client.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { stack } from '../../../test/fixtures.ts';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import { resetDashboardStore } from '../model/dashboard-store.ts';
import AnalyticsDashboardPage from './analytics-dashboard-page.tsx';

const { loadAnalytics } = vi.hoisted(() => ({ loadAnalytics: vi.fn() }));
vi.mock('../../../core/analytics/analytics-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AnalyticsClient>()),
  loadAnalytics,
}));

const REASON = "'newRegistrations' not found for path 'Users.newRegistrations'";

/** A one-row answer: every measure of the query is 12. */
function answer(query: Query) {
  const measures = query.measures ?? [];
  return new ResultSet({
    query,
    pivotQuery: query,
    data: [Object.fromEntries(measures.map((name) => [name, '12']))],
    annotation: {
      measures: Object.fromEntries(
        measures.map((name) => [name, { title: name, shortTitle: name, type: 'number' }]),
      ),
      dimensions: {},
      segments: {},
      timeDimensions: {},
    },
    lastRefreshTime: '2026-03-16T00:00:00.000Z',
  } as never);
}

function serve() {
  settingsServer({
    values: { follow_enabled: false },
    routes: {
      [`GET ${stackPaths.self}`]: () => ({ status: 200, body: { data: stack } }),
      [`GET ${analyticsPaths.dashboard.replace(':userId', String(stack.userId))}`]: () => ({
        status: 200,
        body: { data: { layout: '' } },
      }),
      [`GET ${analyticsPaths.socialDensity}`]: () => ({
        status: 200,
        body: { data: { connections: 3, nodes: 4, social_density: 0.5 } },
      }),
    },
  });
}

const queryOf = (measure: string) =>
  loadAnalytics.mock.calls
    .map((call) => call[0] as Query)
    .findLast((query) => query.measures?.includes(measure));

beforeEach(() => {
  resetDashboardStore();
  loadAnalytics.mockReset();
  loadAnalytics.mockImplementation(async (query: Query) => {
    if (query.measures?.includes('Users.newRegistrations') && !query.timeDimensions?.[0]?.granularity) {
      throw new AnalyticsQueryRefusedError(REASON, 'invalid_query');
    }
    return answer(query);
  });
});

describe('analytics dashboard page', { timeout: 30_000 }, () => {
  it('says which period each counter counts, and the picker governs every counter that shows it', async () => {
    serve();
    renderSettings(<AnalyticsDashboardPage />, { path: '/social_analytics/dashboard' });
    await screen.findByTestId('widget-1');
    const period = (key: string) => screen.getByTestId(`widget-period-${key}`);
    // Event counters follow the period; counts of what stands now are all-time and say so.
    for (const key of ['1', '2', '3', '6', '7']) {
      expect(period(key).textContent).toBe('Last 90 days');
      expect(period(key).getAttribute('data-coverage')).toBe('period');
    }
    for (const key of ['4', '5']) {
      expect(period(key).textContent).toBe('All time');
      expect(period(key).getAttribute('data-coverage')).toBe('allTime');
    }
    expect(period('11').textContent).toMatch(/^As of /);
    await waitFor(() =>
      expect(queryOf('Contributions.count')?.timeDimensions?.[0]?.dateRange).toHaveLength(2),
    );
    expect(queryOf('Users.count')?.timeDimensions).toBeUndefined();

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByTestId('preset-last30Days'));
    await waitFor(() => expect(period('1').textContent).toBe('Last 30 days'));
    expect(period('4').textContent).toBe('All time');
    // Every governed query was asked again with the new range: 30 days, both ends included.
    await waitFor(() => {
      for (const measure of [
        'Contributions.count',
        'Votes.count',
        'Comments.count',
        'Contributions.contributors',
      ]) {
        const [from, to] = (queryOf(measure)?.timeDimensions?.[0]?.dateRange ?? []) as string[];
        expect((Date.parse(to!) - Date.parse(from!)) / 86_400_000, measure).toBe(29);
      }
    });
  });

  it("shows an admin the engine's reason for a refused query instead of 'Try later'", async () => {
    serve();
    renderSettings(<AnalyticsDashboardPage />, { path: '/social_analytics/dashboard' });
    const widget = await screen.findByTestId('widget-6');
    const refused = await within(widget).findByTestId('analytics-refused');
    expect(refused.textContent).toContain('Query refused: a retry will not help.');
    // A counter is small: the reason is one click away, in a popover.
    fireEvent.click(within(refused).getByRole('button', { name: 'Reason' }));
    expect((await screen.findByTestId('analytics-refused-reason')).textContent).toBe(REASON);
    expect(within(widget).queryByText(/Try later/)).toBeNull();
    // A refused query is no passing failure: no page-wide 'Try later' with Retry.
    expect(screen.queryByTestId('analytics-unavailable')).toBeNull();
  });

  it('tells an editor a plain sentence, without the reason', async () => {
    serve();
    renderSettings(<AnalyticsDashboardPage />, { path: '/social_analytics/dashboard' });
    act(() =>
      useStackStore.setState((state) => ({
        selected: state.selected && { ...state.selected, roles: ['editor'] },
      })),
    );
    const widget = await screen.findByTestId('widget-6');
    const refused = await within(widget).findByTestId('analytics-refused');
    expect(refused.textContent).toBe('Cannot be shown: ask an administrator.');
    expect(within(refused).queryByRole('button')).toBeNull();
    expect(screen.queryByTestId('analytics-refused-reason')).toBeNull();
  });

  it("keeps 'Try later' with Retry for a passing failure", async () => {
    loadAnalytics.mockImplementation(async (query: Query) => {
      if (query.measures?.includes('Comments.count')) throw new AnalyticsUnavailableError(new Error('502'));
      return answer(query);
    });
    serve();
    renderSettings(<AnalyticsDashboardPage />, { path: '/social_analytics/dashboard' });
    const banner = await screen.findByTestId('analytics-unavailable');
    expect(banner.textContent).toContain('Try later');
    expect(within(banner).getByRole('button', { name: 'Retry' })).toBeTruthy();
    expect(screen.queryByTestId('analytics-refused')).toBeNull();
  });
});
