import AllInclusiveOutlined from '@mui/icons-material/AllInclusiveOutlined';
import EventOutlined from '@mui/icons-material/EventOutlined';
import Box from '@mui/material/Box';
import { useIntl } from 'react-intl';
import { formatDayRange, periodLabel } from '../../../core/analytics/index.ts';
import type { DashboardPeriod, WidgetCoverage } from './widget-queries.ts';

export interface WidgetPeriodProps {
  widgetKey: string;
  coverage: WidgetCoverage;
  period: DashboardPeriod;
}

/**
 * What period a widget's figures cover: the picker's ('Last 90 days', or the picked days), its last day
 * ('As of …') or none ('All time', with its own sign, so no one reads a total as the period's).
 */
export function WidgetPeriod({ widgetKey, coverage, period }: WidgetPeriodProps) {
  const intl = useIntl();
  const text =
    coverage === 'allTime'
      ? periodLabel(intl, null)
      : coverage === 'asOf'
        ? intl.formatMessage(
            { id: 'analyticsDashboard.period.asOf' },
            { date: formatDayRange(intl, [period.range[1], period.range[1]]) },
          )
        : periodLabel(intl, period.value);
  const Icon = coverage === 'allTime' ? AllInclusiveOutlined : EventOutlined;
  return (
    <Box
      component="span"
      data-testid={`widget-period-${widgetKey}`}
      data-coverage={coverage}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.5,
        minWidth: 0,
        flexShrink: 1,
        fontSize: 12,
        lineHeight: 1.3,
        color: 'text.secondary',
        ...(coverage === 'allTime' ? { fontStyle: 'italic' } : {}),
      }}
    >
      <Icon aria-hidden sx={{ fontSize: 14, flexShrink: 0 }} />
      {/* A narrow counter wraps the words onto a second line rather than cut them. */}
      <Box
        component="span"
        sx={{
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          overflowWrap: 'anywhere',
        }}
      >
        {text}
      </Box>
    </Box>
  );
}
