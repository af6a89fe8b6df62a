import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { isFeatureEnabled, type FeatureName } from '@agora/contract';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { useEnabledFeatures } from '../../../core/features/feature-queries.ts';
import { CustomPageEdit } from '../components/custom-page-edit.tsx';
import { CustomPageList } from '../components/custom-page-list.tsx';
import { ErrorPagesTab } from '../components/error-pages-tab.tsx';
import { LegalPageEdit } from '../components/legal-page-edit.tsx';
import { LegalPageList } from '../components/legal-page-list.tsx';

interface PagesTab {
  /** Sub-path of /pages. */
  path: string;
  labelId: string;
  /** The flag that shows the tab (the server refuses its calls while it is off). */
  feature: FeatureName;
  list: ComponentType;
  /** The edit screen at /pages/<tab>/<id>, when the tab has one. */
  edit?: ComponentType;
}

/** The tabs of spec mgmt §2 Pages: general pages, legal pages, error pages, each under its own flag. */
const TABS: readonly PagesTab[] = [
  {
    path: 'general',
    labelId: 'pages.tab.general',
    feature: 'cms',
    list: CustomPageList,
    edit: CustomPageEdit,
  },
  {
    path: 'legal',
    labelId: 'pages.tab.legal',
    feature: 'legal_pages',
    list: LegalPageList,
    edit: LegalPageEdit,
  },
  { path: 'errors', labelId: 'pages.tab.errors', feature: 'system_pages', list: ErrorPagesTab },
];

/** The pages area: its tabs, each tab's list at /pages/<tab> and edit screens at /pages/<tab>/<id>. */
export default function PagesPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const features = useEnabledFeatures();
  if (!features) return <PageSpinner />;
  const tabs = TABS.filter((tab) => isFeatureEnabled(features, tab.feature));
  const current = pathname.replace(/^\/pages\/?/, '').split('/')[0] ?? '';
  const index = tabs.findIndex((tab) => tab.path === current);
  const first = tabs[0];
  return (
    <Box data-testid="pages-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.pages" />
      </Typography>
      <Tabs
        component="nav"
        aria-label={intl.formatMessage({ id: 'pages.tabs' })}
        value={index >= 0 ? index : false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            component={Link}
            to={`/pages/${tab.path}`}
            label={intl.formatMessage({ id: tab.labelId })}
          />
        ))}
      </Tabs>
      <Routes>
        {tabs.map((tab) => (
          <Route key={tab.path} path={tab.path}>
            <Route index element={<tab.list />} />
            {tab.edit && <Route path=":id" element={<tab.edit />} />}
          </Route>
        ))}
        {first && <Route path="*" element={<Navigate to={`/pages/${first.path}`} replace />} />}
      </Routes>
    </Box>
  );
}
