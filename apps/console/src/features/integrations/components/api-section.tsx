import { Navigate, Route, Routes } from 'react-router';
import { AreaTabs } from '../../content-settings/index.ts';
import { ApiTab } from './api-tab.tsx';
import { OAuthAppsTab } from './oauth-apps-tab.tsx';

const BASE = '/integrations/api';
const TABS = [
  { path: 'jwt', labelId: 'integrations.api.tab.jwt' },
  { path: 'oauth', labelId: 'integrations.api.tab.oauth' },
];

/** API (spec mgmt §2): tabs signed-token key (JWT) and OAuth 2.0. */
export function ApiSection() {
  return (
    <>
      <AreaTabs base={BASE} tabs={TABS} labelId="integrations.tab.api" />
      <Routes>
        <Route path="jwt" element={<ApiTab />} />
        <Route path="oauth" element={<OAuthAppsTab />} />
        <Route path="*" element={<Navigate to={`${BASE}/jwt`} replace />} />
      </Routes>
    </>
  );
}
