import type { Query, ResultSet } from '@cubejs-client/core';
import { CUBE_MEMBERS as M } from '@agora/contract';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import dayjs from 'dayjs';
import { FormattedMessage } from 'react-intl';
import {
  AnalyticsError,
  CounterWidget,
  toAnalyticsNumber,
  useAnalyticsQuery,
  type DayRange,
} from '../../../../core/analytics/index.ts';
import { useAnalyticsPeriod } from './analytics-period.tsx';
import { ChartFrame } from './chart-card.tsx';

/** The earliest day a community can have data (the start of the "before" period). */
const BEGINNING = '2000-01-01';
/** Cube's page size (core §9): the most authors one query lists. */
const PAGE_SIZE = 10000;

export interface ContributorGroups {
  newContributors: number;
  returning: number;
  notContributors: number;
}

/** Authors of contributions in a range, one row each. */
export function authorsQuery(range: DayRange): Query {
  return {
    measures: [M.contributions.count],
    dimensions: [M.contributions.authorId],
    timeDimensions: [{ dimension: M.contributions.createdAt, dateRange: range }],
    limit: PAGE_SIZE,
  };
}

/** Members registered until the end of the period. */
export function membersQuery(range: DayRange): Query {
  return {
    measures: [M.users.count],
    timeDimensions: [{ dimension: M.users.registeredAt, dateRange: [BEGINNING, range[1]] }],
  };
}

const authorIds = (resultSet: ResultSet) =>
  new Set(resultSet.tablePivot().map((row) => String(row[M.contributions.authorId])));

/**
 * New contributors wrote in the period and never before it, returning ones wrote before as well, the
 * others (members registered by the end of the period) did not contribute in it.
 */
export function contributorGroups(
  during: ResultSet,
  before: ResultSet,
  members: ResultSet,
): ContributorGroups {
  const now = authorIds(during);
  const earlier = authorIds(before);
  const returning = [...now].filter((id) => earlier.has(id)).length;
  const total = toAnalyticsNumber(members.tablePivot()[0]?.[M.users.count]) ?? 0;
  return { newContributors: now.size - returning, returning, notContributors: Math.max(0, total - now.size) };
}

export function ContributorGroupsPanel() {
  const { range } = useAnalyticsPeriod();
  const dayBefore = dayjs(range[0]).subtract(1, 'day').format('YYYY-MM-DD');
  const during = useAnalyticsQuery(authorsQuery(range));
  const before = useAnalyticsQuery(authorsQuery([BEGINNING, dayBefore]));
  const members = useAnalyticsQuery(membersQuery(range));
  const queries = [during, before, members];
  const groups =
    during.data && before.data && members.data
      ? contributorGroups(during.data, before.data, members.data)
      : null;
  return (
    <ChartFrame titleId="analytics.contributors.title" testId="contributor-groups">
      {queries.some((query) => query.isError) ? (
        <AnalyticsError onRetry={() => queries.forEach((query) => void query.refetch())} />
      ) : !groups ? (
        <Skeleton variant="rounded" height={80} />
      ) : (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}>
          <CounterWidget
            value={groups.newContributors}
            label={<FormattedMessage id="analytics.contributors.new" />}
            testId="contributors-new"
          />
          <CounterWidget
            value={groups.returning}
            label={<FormattedMessage id="analytics.contributors.returning" />}
            testId="contributors-returning"
          />
          <CounterWidget
            value={groups.notContributors}
            label={<FormattedMessage id="analytics.contributors.not" />}
            testId="contributors-not"
          />
        </Box>
      )}
    </ChartFrame>
  );
}
