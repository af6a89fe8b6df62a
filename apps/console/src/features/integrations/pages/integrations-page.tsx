import { isFeatureEnabled, type FeatureName } from '@agora/contract';
import type { ReactNode } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { useEnabledFeatures } from '../../../core/features/feature-queries.ts';
import { AreaTabs, type AreaTab, SettingsHeader } from '../../content-settings/index.ts';
import { ApiSection } from '../components/api-section.tsx';
import { GoogleTab } from '../components/google-tab.tsx';
import { SocialShareTab } from '../components/social-share-tab.tsx';

const BASE = '/integrations';

interface TabEntry extends AreaTab {
  feature?: FeatureName;
  element: ReactNode;
}

const TABS: TabEntry[] = [
  { path: 'google', labelId: 'integrations.tab.google', feature: 'google_cloud_api', element: <GoogleTab /> },
  {
    path: 'social_share',
    labelId: 'integrations.tab.socialShare',
    feature: 'social_share',
    element: <SocialShareTab />,
  },
  { path: 'api', labelId: 'integrations.tab.api', element: <ApiSection /> },
];

/** /integrations: Google APIs, social share and API (JWT key, OAuth 2.0 apps) tabs; a tab whose flag is off is hidden. */
export default function IntegrationsPage() {
  const features = useEnabledFeatures();
  if (!features) return <PageSpinner />;
  const tabs = TABS.filter((tab) => !tab.feature || isFeatureEnabled(features, tab.feature));
  const first = tabs[0]?.path ?? 'api';
  return (
    <>
      <SettingsHeader titleId="nav.integrations" />
      <AreaTabs base={BASE} tabs={tabs} labelId="nav.integrations" />
      <Routes>
        {tabs.map((tab) => (
          <Route key={tab.path} path={`${tab.path}/*`} element={tab.element} />
        ))}
        <Route path="*" element={<Navigate to={`${BASE}/${first}`} replace />} />
      </Routes>
    </>
  );
}
