import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { LegalPageEdit } from '../components/legal-page-edit.tsx';
import { LegalPageList } from '../components/legal-page-list.tsx';

interface PagesTab {
  /** Sub-path of /pages. */
  path: string;
  labelId: string;
  list: ComponentType;
  edit: ComponentType;
}

/**
 * The tabs of spec mgmt §2 Pages: general pages, legal pages, error pages. Only the built ones are
 * listed (a tab is added here with its list and edit screens), so no empty placeholder shows.
 */
const TABS: readonly PagesTab[] = [
  { path: 'legal', labelId: 'pages.tab.legal', list: LegalPageList, edit: LegalPageEdit },
];

/** The pages area: its tabs, each tab's list at /pages/<tab> and edit screens at /pages/<tab>/<id>. */
export default function PagesPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const current = pathname.replace(/^\/pages\/?/, '').split('/')[0] ?? '';
  const index = TABS.findIndex((tab) => tab.path === current);
  const first = TABS[0] as PagesTab;
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
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.path}
            component={Link}
            to={`/pages/${tab.path}`}
            label={intl.formatMessage({ id: tab.labelId })}
          />
        ))}
      </Tabs>
      <Routes>
        {TABS.map((tab) => (
          <Route key={tab.path} path={tab.path}>
            <Route index element={<tab.list />} />
            <Route path=":id" element={<tab.edit />} />
          </Route>
        ))}
        <Route path="*" element={<Navigate to={`/pages/${first.path}`} replace />} />
      </Routes>
    </Box>
  );
}
