import type { ResultSet } from '@cubejs-client/core';
import {
  formatAnalyticsDate,
  relativeIndex,
  toAnalyticsNumber,
  type DayRange,
  type Granularity,
} from './analytics-format.ts';
import { memberOfKey } from './analytics-members.ts';

/** How a widget names things: translated labels of members and of relative indexes. */
export interface ChartLabels {
  /** Label of a series or column (`key` is Cube's, e.g. 'Users.count' or 'post,Contributions.count'). */
  member: (key: string, fallback: string) => string;
  /** 'Week 3' and the like, in comparison mode. */
  relativeIndex: (granularity: Granularity, index: number) => string;
  /** Label of a compared period, e.g. '01-01-2026 – 31-01-2026'. */
  period?: (range: DayRange, index: number) => string;
}

export interface ChartSeries {
  key: string;
  label: string;
  data: (number | null)[];
}

export interface TimeChartData {
  /** Formatted x labels (dates, dimension values or relative indexes). */
  x: string[];
  series: ChartSeries[];
}

export interface ChartDataOptions {
  granularity?: Granularity;
  locale?: string;
  /** The compared periods, in the order of the query's compareDateRange. */
  compareRanges?: DayRange[];
  labels: ChartLabels;
}

/**
 * The first part of a result set: a comparison answer ('compareDateRangeQuery') refuses query() and
 * annotation() in @cubejs-client/core, while decompose() works for both kinds.
 */
function firstPart(resultSet: ResultSet): ResultSet {
  return resultSet.decompose()[0] ?? resultSet;
}

function queryOf(resultSet: ResultSet) {
  return firstPart(resultSet).query();
}

function hasTimeAxis(resultSet: ResultSet): { granularity: Granularity } | null {
  const timeDimension = queryOf(resultSet).timeDimensions?.find((td) => td.granularity);
  const granularity = timeDimension?.granularity;
  return granularity === 'day' || granularity === 'week' || granularity === 'month' ? { granularity } : null;
}

function seriesLabel(resultSet: ResultSet, labels: ChartLabels): Map<string, string> {
  const names = new Map<string, string>();
  for (const series of resultSet.seriesNames()) {
    const member = memberOfKey(series.key);
    const base = labels.member(member, series.shortTitle || series.title || member);
    const dimensionValues = series.yValues.slice(0, -1).filter((value) => value !== member);
    names.set(series.key, dimensionValues.length > 0 ? `${dimensionValues.join(', ')} · ${base}` : base);
  }
  return names;
}

function isCompare(resultSet: ResultSet): boolean {
  return (
    queryOf(resultSet).timeDimensions?.some((td) => 'compareDateRange' in td) === true ||
    resultSet.decompose().length > 1
  );
}

/** Line and bar data: one x per row of chartPivot; in comparison mode x becomes Day/Week/Month n. */
export function timeChartData(resultSet: ResultSet, options: ChartDataOptions): TimeChartData {
  const axis = hasTimeAxis(resultSet);
  const granularity = options.granularity ?? axis?.granularity ?? 'week';
  if (axis && isCompare(resultSet)) return compareChartData(resultSet, { ...options, granularity });
  const rows = resultSet.chartPivot();
  const names = seriesLabel(resultSet, options.labels);
  const keys = [...names.keys()];
  return {
    x: rows.map((row) =>
      axis ? formatAnalyticsDate(row.x, axis.granularity, options.locale) : String(row.x),
    ),
    series: keys.map((key) => ({
      key,
      label: names.get(key) ?? key,
      data: rows.map((row) => toAnalyticsNumber(row[key])),
    })),
  };
}

function periodOf(resultSet: ResultSet, index: number, ranges: DayRange[] | undefined): DayRange | null {
  const fromOptions = ranges?.[index];
  if (fromOptions) return fromOptions;
  const dateRange = queryOf(resultSet).timeDimensions?.[0]?.dateRange;
  if (Array.isArray(dateRange) && dateRange.length === 2) {
    return [String(dateRange[0]).slice(0, 10), String(dateRange[1]).slice(0, 10)];
  }
  return null;
}

function compareChartData(
  resultSet: ResultSet,
  options: ChartDataOptions & { granularity: Granularity },
): TimeChartData {
  const parts = resultSet.decompose();
  const indexes = new Set<number>();
  const perPart = parts.map((part, partIndex) => {
    const rows = part.chartPivot();
    const period = periodOf(part, partIndex, options.compareRanges);
    const start = period?.[0] ?? rows[0]?.x ?? '';
    const byIndex = new Map<number, Record<string, unknown>>();
    for (const row of rows) {
      const index = relativeIndex(row.x, start, options.granularity);
      indexes.add(index);
      byIndex.set(index, row);
    }
    return { part, period, byIndex };
  });
  const x = [...indexes].sort((a, b) => a - b);
  const series: ChartSeries[] = [];
  perPart.forEach(({ part, period, byIndex }, partIndex) => {
    let names = seriesLabel(part, options.labels);
    // A period without any row still gets its series (all zeros), so both periods are always shown.
    if (names.size === 0) {
      const measures = queryOf(part).measures ?? [];
      names = new Map(measures.map((measure) => [measure, options.labels.member(measure, measure)]));
    }
    const periodLabel = period
      ? (options.labels.period?.(period, partIndex) ??
        `${formatAnalyticsDate(period[0], 'day', options.locale)} – ${formatAnalyticsDate(period[1], 'day', options.locale)}`)
      : String(partIndex + 1);
    for (const [key, label] of names) {
      series.push({
        key: `${key}#${partIndex}`,
        label: `${label} (${periodLabel})`,
        data: x.map(
          (index) => toAnalyticsNumber(byIndex.get(index)?.[key]) ?? (byIndex.size === 0 ? 0 : null),
        ),
      });
    }
  });
  return { x: x.map((index) => options.labels.relativeIndex(options.granularity, index)), series };
}

export interface Slice {
  id: string;
  label: string;
  value: number;
}

/**
 * Donut slices: with a (non-time) dimension, one slice per value of the first dimension and the first
 * measure; without one, one slice per measure of the single row.
 */
export function sliceData(
  resultSet: ResultSet,
  labels: ChartLabels,
  emptyStringLabel = '[Empty string]',
): Slice[] {
  const query = queryOf(resultSet);
  const measures = query.measures ?? [];
  const dimension = query.dimensions?.[0];
  const rows = resultSet.tablePivot();
  const annotation = firstPart(resultSet).annotation();
  if (dimension && measures[0]) {
    const measure = measures[0];
    return rows.map((row, index) => {
      const raw = row[dimension];
      const label = raw === null || raw === undefined ? '∅' : raw === '' ? emptyStringLabel : String(raw);
      return { id: `${index}:${label}`, label, value: toAnalyticsNumber(row[measure]) ?? 0 };
    });
  }
  const row = rows[0] ?? {};
  return measures.map((measure) => ({
    id: measure,
    label: labels.member(measure, annotation.measures[measure]?.shortTitle ?? measure),
    value: toAnalyticsNumber(row[measure]) ?? 0,
  }));
}

export interface TableColumnSpec {
  key: string;
  label: string;
  type: string;
  granularity?: Granularity;
}

export interface TableData {
  columns: TableColumnSpec[];
  rows: Record<string, unknown>[];
}

/** Table columns and rows of tablePivot, with the member labels and types for formatting. */
export function tableData(resultSet: ResultSet, labels: ChartLabels): TableData {
  const granularityOf = (key: string): Granularity | undefined => {
    const match = /\.(day|week|month)$/.exec(key);
    return match ? (match[1] as Granularity) : undefined;
  };
  const columns = resultSet.tableColumns().map((column) => {
    const granularity = granularityOf(column.key);
    const member = granularity ? column.key.replace(/\.(day|week|month)$/, '') : memberOfKey(column.key);
    const spec: TableColumnSpec = {
      key: column.key,
      label: labels.member(member, column.shortTitle || column.title || column.key),
      type: String(column.type),
    };
    if (granularity) spec.granularity = granularity;
    return spec;
  });
  return { columns, rows: resultSet.tablePivot() };
}

/** The single number of a counter query (first measure of the first row); null when there is no row. */
export function counterValue(resultSet: ResultSet, measure?: string): number | null {
  const key = measure ?? queryOf(resultSet).measures?.[0];
  if (!key) return null;
  const rows = resultSet.tablePivot();
  if (rows.length === 0) return 0;
  return toAnalyticsNumber(rows[0]?.[key]);
}
