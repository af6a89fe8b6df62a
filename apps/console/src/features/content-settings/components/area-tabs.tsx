import Box from '@mui/material/Box';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { useIntl } from 'react-intl';
import { Link, useLocation } from 'react-router';

export interface AreaTab {
  /** Sub-path under the area ('' for its first tab). */
  path: string;
  labelId: string;
}

/** Tabs that are sub-routes of an area (/base, /base/x…); scrollable on narrow screens. */
export function AreaTabs({ base, tabs, labelId }: { base: string; tabs: AreaTab[]; labelId: string }) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const rest = pathname.replace(/\/+$/, '').slice(base.length).replace(/^\//, '');
  const current = tabs.find((tab) => tab.path !== '' && rest.split('/')[0] === tab.path)?.path ?? '';
  return (
    <Box sx={{ borderBottom: 1, borderColor: 'divider', mb: 2 }}>
      <Tabs
        value={tabs.some((tab) => tab.path === current) ? current : false}
        variant="scrollable"
        scrollButtons="auto"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: labelId })}
      >
        {tabs.map((tab) => (
          <Tab
            key={tab.path}
            value={tab.path}
            label={intl.formatMessage({ id: tab.labelId })}
            component={Link}
            to={tab.path ? `${base}/${tab.path}` : base}
            data-testid={`tab-${tab.path || 'index'}`}
          />
        ))}
      </Tabs>
    </Box>
  );
}
