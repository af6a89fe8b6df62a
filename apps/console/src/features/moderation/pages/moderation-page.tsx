import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useEnabledFeatures, useFeature } from '../../../core/features/feature-queries.ts';
import { BotSettings } from '../components/bot-settings.tsx';
import { FlagDetail } from '../components/flag-detail.tsx';
import { FlagList } from '../components/flag-list.tsx';
import { UserModerationList } from '../components/user-moderation-list.tsx';

/** Moderation (spec mgmt §2-§4): flagged contents, users and, for admins, the AI moderation bot. */
export default function ModerationPage() {
  const intl = useIntl();
  const location = useLocation();
  const flagsOn = useFeature('moderation_flags');
  const usersOn = useFeature('moderation_users');
  const botOn = useFeature('moderation_ai');
  const loaded = useEnabledFeatures() !== undefined;
  // The AI bot is a moderation function (spec mgmt §1, §7): every role of this area has it.
  const showBot = botOn;
  const current = location.pathname.includes('/moderation/settings')
    ? 'settings'
    : location.pathname.includes('/moderation/users')
      ? 'users'
      : flagsOn
        ? 'flags'
        : false;
  // Absolute: this is a splat route (`moderation/*`), where a relative redirect resolves below the
  // unknown sub-path and the catch-all would redirect again, for ever.
  const home = flagsOn
    ? '/moderation/flags'
    : usersOn
      ? '/moderation/users'
      : showBot
        ? '/moderation/settings'
        : null;

  return (
    <Box data-testid="moderation-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="moderation.title" />
      </Typography>
      <Tabs
        value={current}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        sx={{ minWidth: 0 }}
      >
        {flagsOn && (
          <Tab
            value="flags"
            label={intl.formatMessage({ id: 'moderation.tab.flags' })}
            component={Link}
            to="/moderation/flags"
          />
        )}
        {usersOn && (
          <Tab
            value="users"
            label={intl.formatMessage({ id: 'moderation.tab.users' })}
            component={Link}
            to="/moderation/users"
          />
        )}
        {showBot && (
          <Tab
            value="settings"
            label={intl.formatMessage({ id: 'moderation.tab.settings' })}
            component={Link}
            to="/moderation/settings"
          />
        )}
      </Tabs>
      {loaded && home === null && (
        <Typography color="text.secondary">
          <FormattedMessage id="moderation.unavailable" />
        </Typography>
      )}
      {loaded && (
        <Routes>
          {home && <Route index element={<Navigate to={home} replace />} />}
          {flagsOn && <Route path="flags" element={<FlagList />} />}
          {flagsOn && <Route path="flags/:type/:id" element={<FlagDetail />} />}
          {usersOn && <Route path="users" element={<UserModerationList />} />}
          {showBot && <Route path="settings" element={<BotSettings />} />}
          {home && <Route path="*" element={<Navigate to={home} replace />} />}
        </Routes>
      )}
    </Box>
  );
}
