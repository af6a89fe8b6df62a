import { CUBE_MEMBERS as M } from '@agora/contract';
import { ResultSet, type Query } from '@cubejs-client/core';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderSettings, settingsServer } from '../../../test/settings-server.tsx';
import type * as AnalyticsClient from '../../../core/analytics/analytics-client.ts';
import AnalyticsPage from './analytics-page.tsx';

const { loadAnalytics, addWidgetToDashboard } = vi.hoisted(() => ({
  loadAnalytics: vi.fn(),
  addWidgetToDashboard: vi.fn(async () => true),
}));

vi.mock('../../../core/analytics/analytics-client.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof AnalyticsClient>()),
  loadAnalytics,
}));
vi.mock('../../analytics-dashboard/index.ts', () => ({ addWidgetToDashboard }));

const annotation = {
  measures: { [M.connections.count]: { title: 'Connections Count', shortTitle: 'Count', type: 'number' } },
  dimensions: {},
  segments: {},
  timeDimensions: {
    [`${M.connections.createdAt}.month`]: {
      title: 'Connections Created at',
      shortTitle: 'Created at',
      type: 'time',
    },
  },
};

/** The Cube answer for the connections chart: one row per month, or two periods when comparing. */
function cubeAnswer(query: Query) {
  const td = query.timeDimensions?.[0];
  const granularity = td?.granularity ?? 'week';
  const key = `${M.connections.createdAt}.${granularity}`;
  const part = (from: string, values: number[]) => ({
    query: {
      ...query,
      timeDimensions: [{ dimension: M.connections.createdAt, granularity, dateRange: [from, from] }],
    },
    data: values.map((value, index) => ({
      [key]: `2026-0${index + 1 + (from.startsWith('2025') ? 0 : 3)}-01T00:00:00.000`,
      [`${M.connections.createdAt}`]: `2026-0${index + 1}-01T00:00:00.000`,
      [M.connections.count]: String(value),
    })),
    annotation,
    lastRefreshTime: '2026-06-01T00:00:00.000Z',
  });
  if (td && 'compareDateRange' in td) {
    return new ResultSet({
      queryType: 'compareDateRangeQuery',
      results: [part('2026-04-01', [1200, 3400]), part('2025-01-01', [5, 6])],
      pivotQuery: { ...query, queryType: 'compareDateRangeQuery' },
    } as never);
  }
  return new ResultSet({ ...part('2026-04-01', [1200, 3400]), pivotQuery: query } as never);
}

beforeEach(() => {
  loadAnalytics.mockReset();
  addWidgetToDashboard.mockClear();
  loadAnalytics.mockImplementation(async (query: Query) => cubeAnswer(query));
});

const lastQuery = () => loadAnalytics.mock.calls.at(-1)?.[0] as Query;

describe('analytics charts', { timeout: 60_000 }, () => {
  it('loads the connections chart by week, then by month compared with a second period', async () => {
    settingsServer({ values: { follow_enabled: false } });
    renderSettings(<AnalyticsPage />, {
      path: '/social_analytics/connections',
      route: '/social_analytics/*',
    });
    const card = await screen.findByTestId('chart-connectionsTrend');
    expect(within(card).getByText('Connections')).toBeTruthy();
    await within(card).findByTestId('chart-connectionsTrend-widget');
    expect(lastQuery()).toMatchObject({
      measures: [M.connections.count],
      timeDimensions: [{ dimension: M.connections.createdAt, granularity: 'week' }],
    });
    expect(lastQuery().timeDimensions?.[0]?.dateRange).toHaveLength(2);

    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Granularity' }));
    fireEvent.click(await screen.findByTestId('granularity-month'));
    await waitFor(() => expect(lastQuery().timeDimensions?.[0]?.granularity).toBe('month'));

    fireEvent.click(screen.getByTestId('compare-toggle'));
    await waitFor(() => expect(lastQuery().timeDimensions?.[0]).toHaveProperty('compareDateRange'));
    const compared = lastQuery().timeDimensions?.[0] as { compareDateRange: [string, string][] };
    const [first, second] = compared.compareDateRange;
    expect(first).toHaveLength(2);
    // The second period starts as the one just before the first.
    expect(new Date(second?.[1] ?? '') < new Date(first?.[0] ?? '')).toBe(true);
    await within(card).findByTestId('chart-connectionsTrend-widget');

    fireEvent.click(within(card).getByTestId('add-to-dashboard'));
    await waitFor(() => expect(addWidgetToDashboard).toHaveBeenCalledTimes(1));
    expect(addWidgetToDashboard).toHaveBeenCalledWith({
      widgetType: 'connectionsTrend',
      query: lastQuery(),
      render: 'line',
      titleId: 'analytics.chart.connections',
    });
  });

  it('counts followers instead of connections when follow is enabled', async () => {
    settingsServer({ values: { follow_enabled: true } });
    renderSettings(<AnalyticsPage />, {
      path: '/social_analytics/connections',
      route: '/social_analytics/*',
    });
    await screen.findByTestId('chart-follows');
    await waitFor(() => expect(lastQuery().measures).toEqual([M.follows.count]));
  });

  it('shows the unavailable message when the analytics load fails', async () => {
    settingsServer({ values: { follow_enabled: false } });
    loadAnalytics.mockRejectedValue(new Error('down'));
    renderSettings(<AnalyticsPage />, {
      path: '/social_analytics/connections',
      route: '/social_analytics/*',
    });
    expect(
      await screen.findByText('At the moment the Data provisioning is not available. Try later'),
    ).toBeTruthy();
  });
});
