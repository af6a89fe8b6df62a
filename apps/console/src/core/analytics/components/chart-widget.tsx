import type { ResultSet } from '@cubejs-client/core';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { PieChart } from '@mui/x-charts/PieChart';
import { useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  sliceData,
  tableData,
  timeChartData,
  type ChartLabels,
  type Slice,
} from '../analytics-chart-data.ts';
import {
  CHART_PALETTE,
  formatAnalyticsNumber,
  formatAnalyticsValue,
  paletteColor,
  type DayRange,
  type Granularity,
} from '../analytics-format.ts';
import { useChartLabels } from '../use-chart-labels.ts';
import { MAX_VISIBLE_SERIES, useSeriesVisibility } from '../use-series-visibility.ts';
import { SeriesLegend } from './series-legend.tsx';

export const CHART_VARIANTS = ['line', 'bar', 'donut', 'table'] as const;
export type ChartVariant = (typeof CHART_VARIANTS)[number];

export interface ChartWidgetProps {
  resultSet: ResultSet;
  variant: ChartVariant;
  granularity?: Granularity;
  /** The periods of a comparison (compareDateRange), in order. */
  compareRanges?: DayRange[];
  height?: number;
  palette?: readonly string[];
  /** Rows shown by the table variant (default 100, the default row limit). */
  maxRows?: number;
  testId?: string;
}

const numberFormatter = (value: number | null) => (value === null ? '∅' : formatAnalyticsNumber(value));

function NoData() {
  return (
    <Box sx={{ display: 'grid', placeItems: 'center', height: '100%', minHeight: 80 }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="analyticsCore.noData" />
      </Typography>
    </Box>
  );
}

function TimeChart({
  resultSet,
  variant,
  granularity,
  compareRanges,
  height,
  palette,
  labels,
  locale,
  testId,
}: Required<Pick<ChartWidgetProps, 'resultSet' | 'height' | 'palette' | 'testId'>> & {
  variant: 'line' | 'bar';
  granularity: Granularity | undefined;
  compareRanges: DayRange[] | undefined;
  labels: ChartLabels;
  locale: string;
}) {
  const data = useMemo(
    () => timeChartData(resultSet, { granularity, compareRanges, labels, locale }),
    [resultSet, granularity, compareRanges, labels, locale],
  );
  const all = useMemo(
    () =>
      data.series.map((entry, index) => ({
        id: entry.key,
        label: entry.label,
        data: entry.data,
        // The colour follows the series, not its place among those drawn: turning one off recolours none.
        color: paletteColor(index, palette),
        valueFormatter: numberFormatter,
      })),
    [data.series, palette],
  );
  const keys = useMemo(() => all.map((entry) => entry.id), [all]);
  const visibility = useSeriesVisibility(keys, MAX_VISIBLE_SERIES);
  if (data.x.length === 0 || data.series.length === 0) return <NoData />;
  const withLegend = all.length >= 2;
  const series = withLegend ? all.filter((entry) => visibility.isVisible(entry.id)) : all;
  // The legend sits above the plot, inside `height`: one row of buttons for a few series, two for more.
  const legendHeight = withLegend ? (all.length > 3 ? 56 : 30) + (visibility.refused ? 18 : 0) : 0;
  const plotHeight = Math.max(80, height - legendHeight);
  const legend = withLegend ? (
    <SeriesLegend
      series={all.map((entry) => ({ key: entry.id, label: entry.label, color: entry.color }))}
      visibility={visibility}
      max={MAX_VISIBLE_SERIES}
      testId={`${testId}-legend`}
    />
  ) : null;
  if (series.length === 0) {
    return (
      <>
        {legend}
        <Box sx={{ display: 'grid', placeItems: 'center', height: plotHeight }}>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="analyticsCore.legend.none" />
          </Typography>
        </Box>
      </>
    );
  }
  if (variant === 'bar') {
    return (
      <>
        {legend}
        <BarChart
          height={plotHeight}
          xAxis={[{ scaleType: 'band', data: data.x }]}
          yAxis={[{ valueFormatter: (value: number) => formatAnalyticsNumber(value), width: 48 }]}
          series={series}
          hideLegend
          margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
        />
      </>
    );
  }
  return (
    <>
      {legend}
      <LineChart
        height={plotHeight}
        xAxis={[{ scaleType: 'point', data: data.x }]}
        yAxis={[{ valueFormatter: (value: number) => formatAnalyticsNumber(value), width: 48 }]}
        series={series.map((entry) => ({
          ...entry,
          showMark: data.x.length <= 31,
          connectNulls: false,
          curve: 'linear' as const,
        }))}
        hideLegend
        margin={{ left: 0, right: 8, top: 8, bottom: 0 }}
      />
    </>
  );
}

export interface DonutChartProps {
  slices: Slice[];
  height?: number;
  palette?: readonly string[];
  testId?: string;
}

/** A donut (MUI X PieChart with an inner radius); 'No data' when every slice is zero. */
export function DonutChart({
  slices,
  height = 240,
  palette = CHART_PALETTE,
  testId = 'chart-widget',
}: DonutChartProps) {
  if (slices.length === 0 || slices.every((slice) => slice.value === 0)) {
    return (
      <Box data-testid={testId} data-variant="donut" sx={{ height }}>
        <NoData />
      </Box>
    );
  }
  return (
    <Box data-testid={testId} data-variant="donut" sx={{ width: '100%', minWidth: 0 }}>
      <PieChart
        height={height}
        series={[
          {
            innerRadius: '55%',
            paddingAngle: 1,
            cornerRadius: 3,
            valueFormatter: (item: { value: number }) => formatAnalyticsNumber(item.value),
            data: slices.map((slice, index) => ({
              id: slice.id,
              label: slice.label,
              value: slice.value,
              color: paletteColor(index, palette),
            })),
          },
        ]}
        margin={{ left: 8, right: 8, top: 8, bottom: 8 }}
      />
    </Box>
  );
}

/** A Cube ResultSet as a line, bar, donut or table (core §2, §9 formats). */
export function ChartWidget({
  resultSet,
  variant,
  granularity,
  compareRanges,
  height = 240,
  palette = CHART_PALETTE,
  maxRows = 100,
  testId = 'chart-widget',
}: ChartWidgetProps) {
  const intl = useIntl();
  const labels = useChartLabels();
  const emptyStringLabel = intl.formatMessage({ id: 'analyticsCore.emptyString' });
  if (variant === 'line' || variant === 'bar') {
    return (
      <Box data-testid={testId} data-variant={variant} sx={{ width: '100%', minWidth: 0 }}>
        <TimeChart
          resultSet={resultSet}
          variant={variant}
          granularity={granularity}
          compareRanges={compareRanges}
          height={height}
          palette={palette}
          labels={labels}
          locale={intl.locale}
          testId={testId}
        />
      </Box>
    );
  }
  if (variant === 'donut') {
    return (
      <DonutChart
        slices={sliceData(resultSet, labels, emptyStringLabel)}
        height={height}
        palette={palette}
        testId={testId}
      />
    );
  }
  const table = tableData(resultSet, labels);
  if (table.rows.length === 0) {
    return (
      <Box data-testid={testId} data-variant={variant} sx={{ height }}>
        <NoData />
      </Box>
    );
  }
  return (
    <TableContainer data-testid={testId} data-variant={variant} sx={{ maxHeight: height, overflow: 'auto' }}>
      <Table size="small" stickyHeader>
        <TableHead>
          <TableRow>
            {table.columns.map((column) => (
              <TableCell key={column.key} align={column.type === 'number' ? 'right' : 'left'}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {table.rows.slice(0, maxRows).map((row, index) => (
            <TableRow key={index}>
              {table.columns.map((column) => (
                <TableCell key={column.key} align={column.type === 'number' ? 'right' : 'left'}>
                  {formatAnalyticsValue(row[column.key], {
                    type: column.type,
                    granularity: column.granularity ?? 'day',
                    locale: intl.locale,
                    emptyStringLabel,
                  })}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
