import type { ActiveUsersFull, EngagementFull, RetentionFull, SocialDensityFull } from '@agora/contract';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  AnalyticsError,
  CounterWidget,
  formatAnalyticsDate,
  formatAnalyticsNumber,
} from '../../../../core/analytics/index.ts';
import { useReport } from '../../api/analytics-api.ts';
import { useAnalyticsPeriod } from './analytics-period.tsx';
import { ChartFrame } from './chart-card.tsx';

/** Retention default period (core §9). */
export const RETENTION_DEFAULT_PERIOD = 2;
const RETENTION_PERIODS = [1, 2, 3, 6, 12, 24];

const percent = (value: number | null | undefined) =>
  value === null || value === undefined ? null : Math.round(value * 100) / 100;

function Counters({ children }: { children: ReactNode }) {
  return (
    <Box
      sx={{
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(auto-fit, minmax(160px, 1fr))' },
      }}
    >
      {children}
    </Box>
  );
}

function ReportState({ query }: { query: { isPending: boolean; isError: boolean; refetch: () => unknown } }) {
  if (query.isPending) return <Skeleton variant="rounded" height={80} />;
  if (query.isError) return <AnalyticsError onRetry={() => void query.refetch()} />;
  return null;
}

/** The reference date of a report: the last day of the chosen period. */
function useReferenceDate(): string {
  return useAnalyticsPeriod().range[1];
}

export function ActiveUsersPanel() {
  const date = useReferenceDate();
  const query = useReport<ActiveUsersFull>('active_users', { date });
  return (
    <ChartFrame titleId="analytics.report.activeUsers" testId="report-active-users">
      <ReportState query={query} />
      {query.data && (
        <Counters>
          <CounterWidget
            value={query.data.active}
            label={<FormattedMessage id="analytics.report.activeUsers" />}
            testId="counter-active"
          />
          <CounterWidget
            value={query.data.members}
            label={<FormattedMessage id="analytics.report.members" />}
            testId="counter-members"
          />
        </Counters>
      )}
    </ChartFrame>
  );
}

export function RetentionPanel() {
  const intl = useIntl();
  const date = useReferenceDate();
  const [period, setPeriod] = useState(RETENTION_DEFAULT_PERIOD);
  const query = useReport<RetentionFull>('retention', { date, period });
  return (
    <ChartFrame
      titleId="analytics.report.retention"
      testId="report-retention"
      action={
        <TextField
          select
          size="small"
          label={<FormattedMessage id="analytics.report.period" />}
          value={period}
          onChange={(event) => setPeriod(Number(event.target.value))}
          slotProps={{ htmlInput: { 'data-testid': 'retention-period' } }}
          sx={{ minWidth: 120 }}
        >
          {RETENTION_PERIODS.map((months) => (
            <MenuItem key={months} value={months}>
              <FormattedMessage id="analytics.report.months" values={{ count: months }} />
            </MenuItem>
          ))}
        </TextField>
      }
    >
      <ReportState query={query} />
      {query.data && (
        <>
          <Counters>
            <CounterWidget
              value={percent(query.data.value)}
              label={<FormattedMessage id="analytics.report.retentionPercent" />}
              testId="counter-retention"
            />
            <CounterWidget
              value={query.data.registered_before}
              label={<FormattedMessage id="analytics.report.registeredBefore" />}
              testId="counter-registered-before"
            />
          </Counters>
          <TableContainer sx={{ mt: 2 }}>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="analytics.col.date" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="analytics.report.activeUsers" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="analytics.report.newUsers" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="analytics.report.retentionPercent" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {query.data.results.map((point) => (
                  <TableRow key={point.date} data-testid="retention-row">
                    <TableCell>{formatAnalyticsDate(point.date, 'day', intl.locale)}</TableCell>
                    <TableCell align="right">{formatAnalyticsNumber(point.active)}</TableCell>
                    <TableCell align="right">{formatAnalyticsNumber(point.new)}</TableCell>
                    <TableCell align="right">{formatAnalyticsNumber(point.value)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </>
      )}
    </ChartFrame>
  );
}

export function EngagementPanel() {
  const date = useReferenceDate();
  const query = useReport<EngagementFull>('engagement', { date });
  return (
    <ChartFrame titleId="analytics.report.engagement" testId="report-engagement">
      <ReportState query={query} />
      {query.data && (
        <Counters>
          <CounterWidget
            value={percent(query.data.value)}
            label={<FormattedMessage id="analytics.report.engagementPercent" />}
            testId="counter-engagement"
          />
          <CounterWidget
            value={query.data.contributors}
            label={<FormattedMessage id="analytics.report.activeContributors" />}
            testId="counter-contributors"
          />
          <CounterWidget
            value={query.data.active}
            label={<FormattedMessage id="analytics.report.activeUsers" />}
            testId="counter-engagement-active"
          />
        </Counters>
      )}
    </ChartFrame>
  );
}

export function SocialDensityPanel() {
  const date = useReferenceDate();
  const query = useReport<SocialDensityFull>('social_density', { date });
  return (
    <ChartFrame titleId="analytics.report.socialDensity" testId="report-social-density">
      <ReportState query={query} />
      {query.data && (
        <Counters>
          <CounterWidget
            value={query.data.value === null ? null : Math.round(query.data.value * 1e6) / 1e4}
            label={<FormattedMessage id="analytics.report.socialDensityPercent" />}
            testId="counter-density"
          />
          <CounterWidget
            value={query.data.connections}
            label={
              <FormattedMessage
                id={
                  query.data.mode === 'follows' ? 'analytics.chart.followers' : 'analytics.chart.connections'
                }
              />
            }
            testId="counter-density-links"
          />
          <CounterWidget
            value={query.data.members}
            label={<FormattedMessage id="analytics.report.members" />}
            testId="counter-density-members"
          />
        </Counters>
      )}
    </ChartFrame>
  );
}
