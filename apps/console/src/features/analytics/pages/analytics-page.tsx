import {
  ANALYTICS_EXPORTS_ACCESS,
  areaAllows,
  isFeatureEnabled,
  type ConsoleArea,
  type FeatureName,
} from '@agora/contract';
import Box from '@mui/material/Box';
import type { ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { useEnabledFeatures } from '../../../core/features/feature-queries.ts';
import { useStackStore } from '../../../core/stack/stack-store.ts';
import { AreaTabs, SettingsHeader } from '../../content-settings/index.ts';
import { AnalyticsPeriodProvider } from '../components/charts/analytics-period.tsx';
import * as S from './analytics-screens.tsx';

export const BASE = '/social_analytics';

interface ScreenEntry {
  path: string;
  labelId: string;
  feature?: FeatureName;
  screen: ComponentType;
}

interface SectionEntry {
  path: string;
  labelId: string;
  feature?: FeatureName;
  /** Shown only to the roles of this contract area (AREA_ROLES), as the server's routes are. */
  area?: ConsoleArea;
  /** Sub-screens (second row of tabs), or one screen. */
  screens: ScreenEntry[];
}

/** The analytics areas of core §2: sections and their screens, each behind its data-provisioning flag. */
export const SECTIONS: SectionEntry[] = [
  {
    path: 'contents',
    labelId: 'analytics.section.contents',
    feature: 'data_provisioning_contents',
    screens: [
      { path: 'posts', labelId: 'analytics.screen.posts', screen: S.PostsScreen },
      { path: 'categories', labelId: 'analytics.screen.categories', screen: S.CategoriesScreen },
      {
        path: 'polls',
        labelId: 'analytics.screen.polls',
        feature: 'data_provisioning_polls',
        screen: S.PollsScreen,
      },
    ],
  },
  {
    path: 'users',
    labelId: 'analytics.section.users',
    feature: 'data_provisioning_users',
    screens: [
      { path: 'active', labelId: 'analytics.screen.active', screen: S.ActiveUsersScreen },
      { path: 'activities', labelId: 'analytics.screen.activities', screen: S.ActivitiesScreen },
      { path: 'per_user', labelId: 'analytics.screen.perUser', screen: S.PerUserScreen },
      { path: 'retention', labelId: 'analytics.screen.retention', screen: S.RetentionScreen },
      { path: 'engagement', labelId: 'analytics.screen.engagement', screen: S.EngagementScreen },
      { path: 'loyalty', labelId: 'analytics.screen.loyalty', screen: S.LoyaltyScreen },
      { path: 'contributors', labelId: 'analytics.screen.contributors', screen: S.ContributorsScreen },
      { path: 'social', labelId: 'analytics.screen.social', screen: S.SocialScreen },
      { path: 'reputation', labelId: 'analytics.screen.reputation', screen: S.ReputationScreen },
      { path: 'best_users', labelId: 'analytics.screen.bestUsers', screen: S.BestUsersScreen },
      { path: 'status', labelId: 'analytics.screen.status', screen: S.StatusScreen },
    ],
  },
  {
    path: 'reports',
    labelId: 'analytics.section.reports',
    feature: 'data_provisioning_reports',
    screens: [
      { path: 'retention', labelId: 'analytics.screen.retention', screen: S.RetentionScreen },
      { path: 'engagement', labelId: 'analytics.screen.engagement', screen: S.EngagementScreen },
      { path: 'social_density', labelId: 'analytics.screen.socialDensity', screen: S.SocialDensityScreen },
      { path: 'app_usage', labelId: 'analytics.screen.appUsage', screen: S.AppUsageScreen },
    ],
  },
  {
    path: 'connections',
    labelId: 'analytics.section.connections',
    feature: 'data_provisioning_users',
    screens: [{ path: '', labelId: 'analytics.section.connections', screen: S.ConnectionsScreen }],
  },
  {
    path: 'uploads',
    labelId: 'analytics.section.uploads',
    feature: 'data_provisioning_contents',
    screens: [{ path: '', labelId: 'analytics.section.uploads', screen: S.UploadsScreen }],
  },
  {
    path: 'users_devices',
    labelId: 'analytics.section.devices',
    feature: 'data_provisioning_users',
    screens: [{ path: '', labelId: 'analytics.section.devices', screen: S.DevicesScreen }],
  },
  {
    path: 'exports',
    labelId: 'analytics.section.exports',
    // Exactly the server's terms: flag `insight`, the analytics area's roles (admin, editor).
    feature: ANALYTICS_EXPORTS_ACCESS.feature,
    area: ANALYTICS_EXPORTS_ACCESS.area,
    screens: [{ path: '', labelId: 'analytics.section.exports', screen: S.ExportsScreen }],
  },
];

const allowed = (features: string[], feature?: FeatureName) =>
  !feature || isFeatureEnabled(features, feature);

function Section({ section, features }: { section: SectionEntry; features: string[] }) {
  const screens = section.screens.filter((screen) => allowed(features, screen.feature));
  const base = `${BASE}/${section.path}`;
  const single = screens.length === 1 && screens[0]?.path === '';
  return (
    <>
      {!single && <AreaTabs base={base} tabs={screens} labelId={section.labelId} />}
      <Routes>
        {screens.map((screen) => (
          <Route key={screen.path} path={screen.path || '/'} element={<screen.screen />} />
        ))}
        {!single && (
          <Route path="*" element={<Navigate to={`${base}/${screens[0]?.path ?? ''}`} replace />} />
        )}
      </Routes>
    </>
  );
}

/** /social_analytics/*: contents, users, reports, connections, uploads, devices and exports. */
export default function AnalyticsPage() {
  const features = useEnabledFeatures();
  const roles = useStackStore((state) => state.selected?.roles);
  if (!features) return <PageSpinner />;
  const sections = SECTIONS.filter(
    (section) =>
      allowed(features, section.feature) &&
      (!section.area || (roles ?? []).some((role) => areaAllows(section.area as ConsoleArea, role))) &&
      section.screens.some((screen) => allowed(features, screen.feature)),
  );
  const first = sections[0]?.path;
  return (
    <AnalyticsPeriodProvider>
      <Box data-testid="analytics-page" sx={{ minWidth: 0 }}>
        <SettingsHeader titleId="nav.analytics" />
        <AreaTabs base={BASE} tabs={sections} labelId="nav.analytics" />
        <Routes>
          {sections.map((section) => (
            <Route
              key={section.path}
              path={`${section.path}/*`}
              element={<Section section={section} features={features} />}
            />
          ))}
          {first !== undefined && <Route path="*" element={<Navigate to={`${BASE}/${first}`} replace />} />}
        </Routes>
      </Box>
    </AnalyticsPeriodProvider>
  );
}
