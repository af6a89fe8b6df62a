/** The shared analytics kit of the console (core §4, §9): token, Cube client, formats, widgets. */
export * from './analytics-format.ts';
export * from './analytics-token.ts';
export * from './analytics-client.ts';
export * from './analytics-query.ts';
export * from './analytics-chart-data.ts';
export * from './analytics-members.ts';
export { useChartLabels } from './use-chart-labels.ts';
export { formatDayRange, periodLabel, usePeriodLabel } from './use-period-label.ts';
export { MAX_VISIBLE_SERIES, useSeriesVisibility, type SeriesVisibility } from './use-series-visibility.ts';
export { GranularitySelect, type GranularitySelectProps } from './components/granularity-select.tsx';
export {
  DateRangePresetSelect,
  type DateRangePresetSelectProps,
} from './components/date-range-preset-select.tsx';
export { CompareToggle, type CompareToggleProps } from './components/compare-toggle.tsx';
export {
  ChartWidget,
  CHART_VARIANTS,
  DonutChart,
  type ChartVariant,
  type ChartWidgetProps,
  type DonutChartProps,
} from './components/chart-widget.tsx';
export { CounterWidget, type CounterWidgetProps } from './components/counter-widget.tsx';
export { AnalyticsError, type AnalyticsErrorProps } from './components/analytics-error.tsx';
