import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  AnalyticsError,
  CHART_VARIANTS,
  ChartWidget,
  counterValue,
  CounterWidget,
  DonutChart,
  formatAnalyticsNumber,
  isAnalyticsQueryRefusedError,
  useAnalyticsQuery,
  type ChartVariant,
} from '../../../core/analytics/index.ts';
import {
  CHART_WIDGETS,
  renderVariant,
  type CounterType,
  type WidgetProperties,
} from '../model/dashboard-model.ts';
import { chartQuery, counterQuery, withPeriod, type DashboardPeriod } from './widget-queries.ts';
import { useSocialDensityQuery } from '../api/social-density-query.ts';

export interface WidgetBodyProps {
  widgetKey: string;
  properties: WidgetProperties;
  period: DashboardPeriod;
  height: number;
  title: string;
  /** Reports a failure a retry may cure (the page then offers one retry for all). */
  onFailure: (key: string, failed: boolean) => void;
  showErrorReason: boolean;
}

/** Reports the widget's failure to the page; a refused query is not one a retry cures, so it is not. */
function useReportFailure(key: string, error: unknown, onFailure: WidgetBodyProps['onFailure']) {
  const failed = Boolean(error) && !isAnalyticsQueryRefusedError(error);
  useEffect(() => {
    onFailure(key, failed);
    return () => onFailure(key, false);
  }, [key, failed, onFailure]);
}

export function CounterBody({
  widgetKey,
  properties,
  period,
  title,
  onFailure,
  showErrorReason,
}: WidgetBodyProps) {
  const query = useAnalyticsQuery(counterQuery(properties.widgetType as CounterType, period));
  useReportFailure(widgetKey, query.error, onFailure);
  if (isAnalyticsQueryRefusedError(query.error)) {
    return <AnalyticsError compact error={query.error} showReason={showErrorReason} />;
  }
  return (
    <CounterWidget
      testId={`counter-${properties.widgetType}`}
      loading={query.isPending}
      value={query.data ? counterValue(query.data) : null}
      label={title}
    />
  );
}

function ChartSkeleton({ height }: { height: number }) {
  return <Skeleton variant="rounded" height={height} data-testid="widget-skeleton" />;
}

export function ChartBody({
  widgetKey,
  properties,
  period,
  height,
  onFailure,
  showErrorReason,
}: WidgetBodyProps) {
  const query = chartQuery(properties, period);
  const result = useAnalyticsQuery(query);
  useReportFailure(widgetKey, result.error, onFailure);
  const flagged = renderVariant(properties);
  const fallback =
    properties.widgetType in CHART_WIDGETS
      ? CHART_WIDGETS[properties.widgetType as keyof typeof CHART_WIDGETS].render
      : 'table';
  const variant: ChartVariant = (CHART_VARIANTS as readonly string[]).includes(flagged)
    ? (flagged as ChartVariant)
    : fallback;
  if (!query) return <AnalyticsError compact />;
  if (result.isError) {
    return (
      <AnalyticsError
        compact
        error={result.error}
        showReason={showErrorReason}
        onRetry={() => void result.refetch()}
      />
    );
  }
  if (!result.data) return <ChartSkeleton height={height} />;
  return (
    <ChartWidget
      resultSet={result.data}
      variant={variant}
      granularity={period.granularity}
      height={height}
      testId={`chart-${widgetKey}`}
    />
  );
}

/** Contributors in the period against the members who did not contribute. */
export function ContributorsBody({ widgetKey, period, height, onFailure, showErrorReason }: WidgetBodyProps) {
  const intl = useIntl();
  const contributors = useAnalyticsQuery(
    withPeriod({ measures: ['Contributions.contributors'] }, 'Contributions.createdAt', false, period),
  );
  const members = useAnalyticsQuery({ measures: ['Users.count'] });
  const error = contributors.error ?? members.error;
  useReportFailure(widgetKey, error, onFailure);
  if (error) {
    return (
      <AnalyticsError
        compact
        error={error}
        showReason={showErrorReason}
        onRetry={() => {
          void contributors.refetch();
          void members.refetch();
        }}
      />
    );
  }
  if (!contributors.data || !members.data) return <ChartSkeleton height={height} />;
  const active = counterValue(contributors.data) ?? 0;
  const total = counterValue(members.data) ?? 0;
  return (
    <DonutChart
      height={height}
      testId={`chart-${widgetKey}`}
      slices={[
        {
          id: 'contributors',
          label: intl.formatMessage({ id: 'analyticsDashboard.contributors.active' }),
          value: active,
        },
        {
          id: 'others',
          label: intl.formatMessage({ id: 'analyticsDashboard.contributors.others' }),
          value: Math.max(0, total - active),
        },
      ]}
    />
  );
}

/** Social density = connections / (n × (n − 1) / 2) at the end of the period (core §9). */
export function SocialDensityBody({ widgetKey, period, height, onFailure }: WidgetBodyProps) {
  const report = useSocialDensityQuery(period.range[1]);
  useReportFailure(widgetKey, report.error, onFailure);
  if (report.isError) return <AnalyticsError compact onRetry={() => void report.refetch()} />;
  if (!report.data) return <ChartSkeleton height={height} />;
  const density = report.data.social_density;
  return (
    <Stack
      spacing={1}
      sx={{ height, justifyContent: 'center', alignItems: 'center', textAlign: 'center' }}
      data-testid={`social-density-${widgetKey}`}
    >
      <Typography
        component="div"
        sx={{ fontSize: 40, fontWeight: 700, color: 'primary.main' }}
        data-testid="social-density-value"
      >
        {density === null ? '∅' : `${formatAnalyticsNumber(density * 100, 3)}%`}
      </Typography>
      <Box>
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage
            id="analyticsDashboard.socialDensity.detail"
            values={{
              connections: formatAnalyticsNumber(report.data.connections),
              members: formatAnalyticsNumber(report.data.nodes),
            }}
          />
        </Typography>
        <Typography variant="caption" color="text.secondary">
          <FormattedMessage id="analyticsDashboard.socialDensity.definition" />
        </Typography>
      </Box>
    </Stack>
  );
}
