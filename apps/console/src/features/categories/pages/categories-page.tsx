import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router';
import { CategoryList } from '../components/category-list.tsx';

/** Absolute links: this area is a splat route (`categories/*`), see the tagging page. */
const BASE = '/categories';

/** Categories (mgmt §2): the settings tab holds the list; the incubator tab comes with its own work. */
export default function CategoriesPage() {
  const intl = useIntl();
  const location = useLocation();
  const current = location.pathname.startsWith(`${BASE}/settings`) ? 'settings' : false;
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
      </Tabs>
      <Routes>
        <Route path="settings" element={<CategoryList />} />
        <Route path="*" element={<Navigate to={`${BASE}/settings`} replace />} />
      </Routes>
    </Box>
  );
}
