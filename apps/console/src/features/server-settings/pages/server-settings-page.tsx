import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { useEnabledFeatures } from '../../../core/features/feature-queries.ts';
import { isFeatureEnabled } from '@agora/contract';
import { useStackStatus } from '../api/server-settings-api.ts';
import { DomainForm } from '../components/domain-form.tsx';
import { MailServerForm } from '../components/mail-server-form.tsx';
import { RestartStatus } from '../components/restart-status.tsx';

const TABS = [
  { path: 'domain', labelId: 'serverSettings.domain.title' },
  { path: 'email_server', labelId: 'serverSettings.mail.title' },
] as const;

/** Domain settings and email server (spec mgmt §2): /settings/domain and /settings/email_server. */
export default function ServerSettingsPage() {
  const intl = useIntl();
  const location = useLocation();
  const features = useEnabledFeatures();
  const { status, online } = useStackStatus();
  const domainOn = features ? isFeatureEnabled(features, 'domain') : undefined;
  const current = TABS.find((tab) => location.pathname.endsWith(`/${tab.path}`))?.path ?? false;
  const tabs = TABS.filter((tab) => tab.path !== 'domain' || domainOn);

  return (
    <Stack spacing={3} data-testid="server-settings">
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.serverSettings" />
      </Typography>
      <RestartStatus status={status} />
      <Paper variant="outlined">
        <Tabs
          value={tabs.some((tab) => tab.path === current) ? current : false}
          variant="scrollable"
          allowScrollButtonsMobile
          aria-label={intl.formatMessage({ id: 'nav.serverSettings' })}
          sx={{ borderBottom: 1, borderColor: 'divider', px: 1 }}
        >
          {tabs.map((tab) => (
            <Tab
              key={tab.path}
              value={tab.path}
              label={intl.formatMessage({ id: tab.labelId })}
              component={Link}
              to={`/settings/${tab.path}`}
            />
          ))}
        </Tabs>
        <Box sx={{ p: { xs: 2, sm: 3 } }}>
          <Routes>
            <Route
              index
              element={
                domainOn === undefined ? (
                  <PageSpinner />
                ) : (
                  <Navigate to={domainOn ? 'domain' : 'email_server'} replace />
                )
              }
            />
            <Route
              path="domain"
              element={
                domainOn === undefined ? (
                  <PageSpinner />
                ) : domainOn ? (
                  <DomainForm online={online} />
                ) : (
                  <Alert severity="info">
                    <FormattedMessage id="serverSettings.domain.disabled" />
                  </Alert>
                )
              }
            />
            <Route path="email_server" element={<MailServerForm online={online} />} />
            <Route path="*" element={<Navigate to="/settings" replace />} />
          </Routes>
        </Box>
      </Paper>
    </Stack>
  );
}
