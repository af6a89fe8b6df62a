import type { Query } from '@cubejs-client/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  AnalyticsError,
  ChartWidget,
  useAnalyticsQuery,
  type ChartVariant,
  type DayRange,
  type Granularity,
} from '../../../../core/analytics/index.ts';
import { AddToDashboardButton } from './add-to-dashboard-button.tsx';
import { useAnalyticsPeriod } from './analytics-period.tsx';

/** A chart of one Cube query: measures, optional dimensions, and the time member it is bound to. */
export interface ChartSpec {
  id: string;
  titleId: string;
  variant: ChartVariant;
  measures: string[];
  dimensions?: string[];
  /** Time dimension: grouped by the granularity for line/bar, only a range filter otherwise; none = all time. */
  time?: string;
  order?: Record<string, 'asc' | 'desc'>;
  limit?: number;
  /** Half or full row of the grid (default half). */
  wide?: boolean;
}

export interface PeriodOfQuery {
  granularity: Granularity;
  range: DayRange;
  secondRange: DayRange | null;
}

/** The Cube query of a chart for the chosen period; a comparison uses compareDateRange (line/bar only). */
export function buildChartQuery(spec: ChartSpec, period: PeriodOfQuery): Query {
  const grouped = spec.variant === 'line' || spec.variant === 'bar';
  const query: Query = { measures: spec.measures };
  if (spec.dimensions) query.dimensions = spec.dimensions;
  if (spec.order) query.order = spec.order;
  if (spec.limit) query.limit = spec.limit;
  if (!spec.time) return query;
  const timeDimension =
    grouped && period.secondRange
      ? {
          dimension: spec.time,
          granularity: period.granularity,
          compareDateRange: [period.range, period.secondRange],
        }
      : grouped
        ? { dimension: spec.time, granularity: period.granularity, dateRange: period.range }
        : { dimension: spec.time, dateRange: period.range };
  query.timeDimensions = [timeDimension];
  return query;
}

export function ChartFrame({
  titleId,
  action,
  children,
  testId,
}: {
  titleId: string;
  action?: ReactNode;
  children: ReactNode;
  testId: string;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, minWidth: 0 }} data-testid={testId}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1, minHeight: 32 }}>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0 }}>
          <FormattedMessage id={titleId} />
        </Typography>
        {action}
      </Stack>
      {children}
    </Paper>
  );
}

/** One chart: loads its query through the analytics kit and shows it, with 'Add to dashboard'. */
export function ChartCard({ spec }: { spec: ChartSpec }) {
  const period = useAnalyticsPeriod();
  const query = buildChartQuery(spec, period);
  const result = useAnalyticsQuery(query);
  const compareRanges =
    period.secondRange && spec.variant !== 'donut' ? [period.range, period.secondRange] : undefined;
  return (
    <ChartFrame
      titleId={spec.titleId}
      testId={`chart-${spec.id}`}
      action={
        <AddToDashboardButton
          widgetType={spec.id}
          query={query}
          variant={spec.variant}
          titleId={spec.titleId}
        />
      }
    >
      {result.isPending && <Skeleton variant="rounded" height={240} />}
      {result.isError && <AnalyticsError onRetry={() => void result.refetch()} />}
      {result.data && (
        <ChartWidget
          resultSet={result.data}
          variant={spec.variant}
          granularity={period.granularity}
          compareRanges={compareRanges}
          testId={`chart-${spec.id}-widget`}
        />
      )}
    </ChartFrame>
  );
}

/** Charts two by two on wide screens, one under the other on phones. */
export function ChartGrid({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'repeat(2, minmax(0, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

export function ChartCards({ specs }: { specs: ChartSpec[] }) {
  return (
    <ChartGrid>
      {specs.map((spec) => (
        <Box key={spec.id} sx={{ gridColumn: spec.wide ? '1 / -1' : undefined, minWidth: 0 }}>
          <ChartCard spec={spec} />
        </Box>
      ))}
    </ChartGrid>
  );
}
