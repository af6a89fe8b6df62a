import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useDynamicPreferences } from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { PeriodControls, useAnalyticsPeriod } from '../components/charts/analytics-period.tsx';
import { ChartCards } from '../components/charts/chart-card.tsx';
import {
  activityCharts,
  connectionCharts,
  CONTENT_CHARTS,
  DEVICE_CHARTS,
  REPORT_CHARTS,
  UPLOAD_CHARTS,
  USER_CHARTS,
} from '../components/charts/chart-specs.ts';
import { ContributorGroupsPanel } from '../components/charts/contributor-groups.tsx';
import {
  ActiveUsersPanel,
  EngagementPanel,
  RetentionPanel,
  SocialDensityPanel,
} from '../components/charts/report-panels.tsx';
import { ExportsList } from '../components/exports/exports-list.tsx';
import { BestUsersPanel } from '../components/tables/best-users.tsx';
import { CategoriesTable } from '../components/tables/categories-table.tsx';
import { ContentsTable } from '../components/tables/contents-table.tsx';
import { UsersTable } from '../components/tables/users-table.tsx';

/** Whether the community uses follows instead of connections (follow replaces connections). */
function useFollowEnabled(): boolean {
  const { values } = useDynamicPreferences(['follow_enabled']);
  return values.follow_enabled === true;
}

function Screen({
  children,
  granularity = true,
  compare = true,
}: {
  children: ReactNode;
  granularity?: boolean;
  compare?: boolean;
}) {
  return (
    <Box sx={{ minWidth: 0 }}>
      <PeriodControls granularity={granularity} compare={compare} />
      <Stack spacing={2}>{children}</Stack>
    </Box>
  );
}

function Heading({ id }: { id: string }) {
  return (
    <Typography variant="h6" component="h2" sx={{ pt: 1 }}>
      <FormattedMessage id={id} />
    </Typography>
  );
}

/** Best-post metrics (core §3) → the column of the table by content. */
const BEST_POST_METRICS = [
  { column: 'comments', labelId: 'analytics.bestPosts.comments' },
  { column: 'appreciations', labelId: 'analytics.bestPosts.appreciations' },
  { column: 'views', labelId: 'analytics.bestPosts.views' },
  { column: 'shares', labelId: 'analytics.bestPosts.shares' },
] as const;

export function PostsScreen() {
  const { range } = useAnalyticsPeriod();
  const [metric, setMetric] = useState<string>('comments');
  return (
    <Screen>
      <ChartCards specs={CONTENT_CHARTS.posts} />
      <Heading id="analytics.bestPosts.title" />
      <ToggleButtonGroup
        exclusive
        size="small"
        value={metric}
        onChange={(_event, next: string | null) => next && setMetric(next)}
        sx={{ flexWrap: 'wrap' }}
      >
        {BEST_POST_METRICS.map((entry) => (
          <ToggleButton key={entry.column} value={entry.column} data-testid={`best-post-${entry.column}`}>
            <FormattedMessage id={entry.labelId} />
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <ContentsTable range={range} ordering={`-${metric}`} />
    </Screen>
  );
}

export function CategoriesScreen() {
  const { range } = useAnalyticsPeriod();
  return (
    <Screen>
      <ChartCards specs={CONTENT_CHARTS.categories} />
      <CategoriesTable range={range} />
    </Screen>
  );
}

export function PollsScreen() {
  return (
    <Screen>
      <ChartCards specs={CONTENT_CHARTS.polls} />
    </Screen>
  );
}

export function ActiveUsersScreen() {
  return (
    <Screen>
      <ActiveUsersPanel />
      <ChartCards specs={USER_CHARTS.active} />
    </Screen>
  );
}

export function ActivitiesScreen() {
  const follow = useFollowEnabled();
  return (
    <Screen>
      <ChartCards specs={activityCharts(follow)} />
    </Screen>
  );
}

export function PerUserScreen() {
  const { range } = useAnalyticsPeriod();
  return (
    <Screen granularity={false} compare={false}>
      <UsersTable range={range} />
    </Screen>
  );
}

export function RetentionScreen() {
  return (
    <Screen granularity={false} compare={false}>
      <RetentionPanel />
    </Screen>
  );
}

export function EngagementScreen() {
  return (
    <Screen>
      <EngagementPanel />
      <ChartCards specs={USER_CHARTS.engagement} />
    </Screen>
  );
}

export function LoyaltyScreen() {
  return (
    <Screen>
      <ChartCards specs={USER_CHARTS.loyalty} />
    </Screen>
  );
}

export function ContributorsScreen() {
  return (
    <Screen>
      <ContributorGroupsPanel />
      <ChartCards specs={USER_CHARTS.contributors} />
    </Screen>
  );
}

export function SocialScreen() {
  const follow = useFollowEnabled();
  return (
    <Screen>
      <SocialDensityPanel />
      <ChartCards specs={USER_CHARTS.social(follow)} />
    </Screen>
  );
}

export function ReputationScreen() {
  return (
    <Screen>
      <ChartCards specs={USER_CHARTS.reputation} />
    </Screen>
  );
}

export function BestUsersScreen() {
  return (
    <Screen granularity={false} compare={false}>
      <BestUsersPanel />
    </Screen>
  );
}

export function StatusScreen() {
  return (
    <Screen granularity={false} compare={false}>
      <ChartCards specs={USER_CHARTS.status} />
    </Screen>
  );
}

export function SocialDensityScreen() {
  const follow = useFollowEnabled();
  return (
    <Screen>
      <SocialDensityPanel />
      <ChartCards specs={connectionCharts(follow)} />
    </Screen>
  );
}

export function AppUsageScreen() {
  return (
    <Screen>
      <ChartCards specs={REPORT_CHARTS.appUsage} />
    </Screen>
  );
}

export function ConnectionsScreen() {
  const follow = useFollowEnabled();
  return (
    <Screen>
      <ChartCards specs={connectionCharts(follow)} />
    </Screen>
  );
}

export function UploadsScreen() {
  return (
    <Screen>
      <ChartCards specs={UPLOAD_CHARTS} />
    </Screen>
  );
}

export function DevicesScreen() {
  return (
    <Screen>
      <ChartCards specs={DEVICE_CHARTS} />
    </Screen>
  );
}

export function ExportsScreen() {
  return <ExportsList />;
}
