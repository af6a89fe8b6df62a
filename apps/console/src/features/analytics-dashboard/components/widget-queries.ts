import type { Query } from '@cubejs-client/core';
import type { DateRangeValue, DayRange, Granularity } from '../../../core/analytics/index.ts';
import {
  CHART_WIDGETS,
  COUNTER_MEMBERS,
  isChartType,
  isCounterType,
  type CounterType,
  type WidgetProperties,
} from '../model/dashboard-model.ts';

/** The period and granularity the dashboard applies to its widgets. */
export interface DashboardPeriod {
  /** The picker's choice (a preset or picked days), for the widgets' period labels. */
  value: DateRangeValue;
  range: DayRange;
  granularity: Granularity;
}

/** A counter's query: the events within the period, or (no time dimension) an all-time total. */
export function counterQuery(type: CounterType, period: DashboardPeriod): Query {
  const member = COUNTER_MEMBERS[type];
  return member.timeDimension
    ? {
        measures: [member.measure],
        timeDimensions: [{ dimension: member.timeDimension, dateRange: period.range }],
      }
    : { measures: [member.measure] };
}

/**
 * Puts the dashboard's period on a query: the range on its (first) time dimension, and the
 * granularity where the query groups by time.
 */
export function withPeriod(
  query: Query,
  timeDimension: string | undefined,
  granular: boolean,
  period: DashboardPeriod,
): Query {
  const existing = query.timeDimensions?.[0];
  const dimension = existing?.dimension ?? timeDimension;
  if (!dimension) return query;
  const grouped = existing ? Boolean(existing.granularity) : granular;
  return {
    ...query,
    timeDimensions: [
      {
        dimension,
        dateRange: period.range,
        ...(grouped ? { granularity: period.granularity } : {}),
      },
      ...(query.timeDimensions?.slice(1) ?? []),
    ],
  };
}

/** The query of a chart widget: a catalogue chart, or the query an analytics screen saved with it. */
export function chartQuery(properties: WidgetProperties, period: DashboardPeriod): Query | null {
  if (properties.query) return withPeriod(properties.query, undefined, false, period);
  if (isChartType(properties.widgetType) && properties.widgetType in CHART_WIDGETS) {
    const chart = CHART_WIDGETS[properties.widgetType as keyof typeof CHART_WIDGETS];
    return withPeriod(chart.query, chart.timeDimension, chart.granular, period);
  }
  return null;
}

/**
 * Which period a widget's figures cover: 'period' when its query is limited to the dashboard's range
 * (the picker governs it), 'allTime' when nothing limits it (a total, or a query saved without a time
 * dimension), 'asOf' when it is a state measured on the period's last day.
 */
export type WidgetCoverage = 'period' | 'allTime' | 'asOf';

export function coverageOf(query: Query | null): WidgetCoverage {
  return query?.timeDimensions?.some((entry) => entry.dateRange !== undefined) ? 'period' : 'allTime';
}

/** The coverage of a widget ('asOf': social density, measured on the period's last day). */
export function widgetCoverage(properties: WidgetProperties, period: DashboardPeriod): WidgetCoverage {
  if (isCounterType(properties.widgetType)) return coverageOf(counterQuery(properties.widgetType, period));
  if (properties.widgetType === 'socialDensityReport') return 'asOf';
  // Contributors in the period against all members: the period governs its figure.
  if (properties.widgetType === 'contributorsChart') return 'period';
  return coverageOf(chartQuery(properties, period));
}
