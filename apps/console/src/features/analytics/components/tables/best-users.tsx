import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { AnalyticsError } from '../../../../core/analytics/index.ts';
import { useTablePage } from '../../api/analytics-api.ts';
import { useAnalyticsPeriod } from '../charts/analytics-period.tsx';
import { ChartFrame } from '../charts/chart-card.tsx';
import { CellValue } from './cell-value.tsx';

/** Best-user metrics (core §3) → the column of the table by user they sort on. */
export const BEST_USER_METRICS = [
  { id: 'votesReceived', column: 'appreciations_received', labelId: 'analytics.best.votesReceived' },
  { id: 'posts', column: 'posts', labelId: 'analytics.best.posts' },
  { id: 'comments', column: 'comments', labelId: 'analytics.best.comments' },
  { id: 'connections', column: 'connections', labelId: 'analytics.best.connections' },
  { id: 'shares', column: 'shares', labelId: 'analytics.best.shares' },
  { id: 'views', column: 'contents_viewed', labelId: 'analytics.best.views' },
] as const;

const TOP = 10;

/** The ten members first by the chosen metric within the period (ranked by the server). */
export function BestUsersPanel() {
  const { range } = useAnalyticsPeriod();
  const [metric, setMetric] = useState<(typeof BEST_USER_METRICS)[number]>(BEST_USER_METRICS[0]);
  const query = useTablePage('users', {
    limit: TOP,
    offset: 0,
    search: '',
    ordering: `-${metric.column}`,
    from: range[0],
    to: range[1],
  });
  return (
    <ChartFrame titleId="analytics.best.title" testId="best-users">
      <ToggleButtonGroup
        exclusive
        size="small"
        value={metric.id}
        onChange={(_event, id: string | null) => {
          const next = BEST_USER_METRICS.find((entry) => entry.id === id);
          if (next) setMetric(next);
        }}
        sx={{ flexWrap: 'wrap', mb: 1 }}
      >
        {BEST_USER_METRICS.map((entry) => (
          <ToggleButton key={entry.id} value={entry.id} data-testid={`best-${entry.id}`}>
            <FormattedMessage id={entry.labelId} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      {query.isPending && <Skeleton variant="rounded" height={200} />}
      {query.isError && <AnalyticsError onRetry={() => void query.refetch()} />}
      {query.data && (
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>#</TableCell>
              <TableCell>
                <FormattedMessage id="analytics.col.username" />
              </TableCell>
              <TableCell align="right">
                <FormattedMessage id={metric.labelId} />
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {query.data.results.map((row, index) => (
              <TableRow key={row.id} data-testid="best-user-row">
                <TableCell>{index + 1}</TableCell>
                <TableCell>{String(row.username)}</TableCell>
                <TableCell align="right">
                  <CellValue value={row[metric.column]} type="number" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </ChartFrame>
  );
}
