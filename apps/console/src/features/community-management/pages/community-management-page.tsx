import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { useEnabledFeatures } from '../../../core/features/feature-queries.ts';
import { isFeatureEnabled, type FeatureName } from '@agora/contract';
import { AreaTabs, type AreaTab, SettingsHeader } from '../../content-settings/index.ts';
import { FeedTab } from '../components/feed-tab.tsx';
import { GeneralTab } from '../components/general-tab.tsx';
import { SeoTab } from '../components/seo-tab.tsx';
import { UrlsTab } from '../components/urls-tab.tsx';

const BASE = '/community_management';

interface TabEntry extends AreaTab {
  feature?: FeatureName;
  element: ReactNode;
}

const TABS: TabEntry[] = [
  { path: '', labelId: 'communityManagement.tab.general', element: <GeneralTab /> },
  { path: 'feed', labelId: 'communityManagement.tab.feed', feature: 'stream_settings', element: <FeedTab /> },
  { path: 'seo', labelId: 'communityManagement.tab.seo', feature: 'seo', element: <SeoTab /> },
  { path: 'urls', labelId: 'communityManagement.tab.urls', element: <UrlsTab /> },
];

/** /community_management: general, feed, SEO and URL tabs; a tab whose flag is off is hidden. */
export default function CommunityManagementPage() {
  const features = useEnabledFeatures();
  if (!features) return <PageSpinner />;
  const tabs = TABS.filter((tab) => !tab.feature || isFeatureEnabled(features, tab.feature));
  return (
    <>
      <SettingsHeader titleId="nav.communityManagement" />
      <AreaTabs base={BASE} tabs={tabs} labelId="nav.communityManagement" />
      <Routes>
        {tabs.map((tab) =>
          tab.path === '' ? (
            <Route key="index" index element={tab.element} />
          ) : (
            <Route key={tab.path} path={tab.path} element={tab.element} />
          ),
        )}
        <Route path="*" element={<Navigate to={BASE} replace />} />
      </Routes>
    </>
  );
}
