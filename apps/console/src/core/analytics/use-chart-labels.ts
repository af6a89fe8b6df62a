import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { ChartLabels } from './analytics-chart-data.ts';
import { formatAnalyticsDate, RELATIVE_INDEX_MESSAGE } from './analytics-format.ts';
import { MEMBER_LABEL_MESSAGE } from './analytics-members.ts';

/** Translated member, relative-index and period labels for the chart builders. */
export function useChartLabels(): ChartLabels {
  const intl = useIntl();
  return useMemo<ChartLabels>(
    () => ({
      member: (key, fallback) => {
        const id = MEMBER_LABEL_MESSAGE[key];
        return id ? intl.formatMessage({ id }) : fallback;
      },
      relativeIndex: (granularity, index) =>
        intl.formatMessage({ id: RELATIVE_INDEX_MESSAGE[granularity] }, { n: index }),
      period: (range) =>
        intl.formatMessage(
          { id: 'analyticsCore.compare.period' },
          {
            from: formatAnalyticsDate(range[0], 'day', intl.locale),
            to: formatAnalyticsDate(range[1], 'day', intl.locale),
          },
        ),
    }),
    [intl],
  );
}
