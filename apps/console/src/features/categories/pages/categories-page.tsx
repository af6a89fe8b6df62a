import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { useEnabledFeatures, useFeature } from '../../../core/features/feature-queries.ts';
import { CategoryList } from '../components/category-list.tsx';
import { IncubatorList } from '../components/incubator-list.tsx';

/** Absolute links: this area is a splat route (`categories/*`), see the tagging page. */
const BASE = '/categories';

/** Categories (mgmt §2): the settings tab holds the list; the incubator tab (flag `incubators`) the proposals. */
export default function CategoriesPage() {
  const intl = useIntl();
  const location = useLocation();
  const incubator = useFeature('incubators');
  // Until the flags are known, an incubator address waits instead of falling back to settings.
  const flagsKnown = useEnabledFeatures() !== undefined;
  const current = location.pathname.startsWith(`${BASE}/settings`)
    ? 'settings'
    : incubator && location.pathname.startsWith(`${BASE}/incubator`)
      ? 'incubator'
      : false;
  return (
    <Box data-testid="categories-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="categories.title" />
      </Typography>
      <Tabs value={current} variant="scrollable" scrollButtons="auto" allowScrollButtonsMobile>
        <Tab
          value="settings"
          label={intl.formatMessage({ id: 'categories.tab.settings' })}
          component={Link}
          to={`${BASE}/settings`}
          data-testid="categories-tab-settings"
        />
        {incubator && (
          <Tab
            value="incubator"
            label={intl.formatMessage({ id: 'categories.tab.incubator' })}
            component={Link}
            to={`${BASE}/incubator`}
            data-testid="categories-tab-incubator"
          />
        )}
      </Tabs>
      <Routes>
        <Route path="settings" element={<CategoryList />} />
        {incubator && <Route path="incubator" element={<IncubatorList />} />}
        <Route path="*" element={flagsKnown ? <Navigate to={`${BASE}/settings`} replace /> : null} />
      </Routes>
    </Box>
  );
}
