import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { ROW_ID_MAX } from '@agora/contract';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation, useParams } from 'react-router';
import { TemplateEdit } from '../components/template-edit.tsx';
import { EmailLanguage } from '../components/email-language.tsx';
import { EMAIL_MANAGER_BASE, TemplateList } from '../components/template-list.tsx';
import { ThemeEdit } from '../components/theme-edit.tsx';
import { ThemeList } from '../components/theme-list.tsx';

const TABS = [
  { path: 'templates', labelId: 'emailManager.tab.templates' },
  { path: 'themes', labelId: 'emailManager.tab.themes' },
] as const;

/** `<id>` or `new`; anything else goes back to the tab's list. */
function Edit({ screen: Screen, back }: { screen: ComponentType<{ id: number | null }>; back: string }) {
  const raw = useParams().id ?? '';
  if (raw === 'new') return <Screen key="new" id={null} />;
  const id = Number(raw);
  if (!Number.isInteger(id) || id < 1 || id > ROW_ID_MAX) return <Navigate to={back} replace />;
  return <Screen key={id} id={id} />;
}

/** The email manager (spec mgmt §2): tabs templates and themes, and their edit screens. */
export default function EmailManagerPage() {
  const intl = useIntl();
  const { pathname } = useLocation();
  const current = pathname.slice(EMAIL_MANAGER_BASE.length).split('/')[1] ?? '';
  const index = TABS.findIndex((tab) => tab.path === current);
  return (
    <Box data-testid="email-manager-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.emailManager" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="emailManager.intro" />
      </Typography>
      <Tabs
        component="nav"
        aria-label={intl.formatMessage({ id: 'emailManager.tabs' })}
        value={index >= 0 ? index : false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        {TABS.map((tab) => (
          <Tab
            key={tab.path}
            component={Link}
            to={`${EMAIL_MANAGER_BASE}/${tab.path}`}
            label={intl.formatMessage({ id: tab.labelId })}
          />
        ))}
      </Tabs>
      <Routes>
        <Route
          path="templates"
          element={
            <>
              <EmailLanguage />
              <TemplateList />
            </>
          }
        />
        <Route
          path="templates/:id"
          element={<Edit screen={TemplateEdit} back={`${EMAIL_MANAGER_BASE}/templates`} />}
        />
        <Route path="themes" element={<ThemeList />} />
        <Route
          path="themes/:id"
          element={<Edit screen={ThemeEdit} back={`${EMAIL_MANAGER_BASE}/themes`} />}
        />
        <Route path="*" element={<Navigate to={`${EMAIL_MANAGER_BASE}/templates`} replace />} />
      </Routes>
    </Box>
  );
}
