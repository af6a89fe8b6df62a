import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PointsForm } from '../components/points-form.tsx';
import { PrizesPanel } from '../components/prizes-panel.tsx';
import { RequestsPanel } from '../components/requests-panel.tsx';

type TabId = 'configure' | 'manage';

/** Loyalty program (spec mgmt §2; issue 14 §5): configure (points, prizes) and manage (requests, CSV). */
export default function LoyaltyPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<TabId>('configure');
  return (
    <Box data-testid="loyalty-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="loyalty.title" />
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: TabId) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: 'loyalty.title' })}
      >
        <Tab
          value="configure"
          label={intl.formatMessage({ id: 'loyalty.tab.configure' })}
          id="loyalty-tab-configure"
          aria-controls="loyalty-panel"
        />
        <Tab
          value="manage"
          label={intl.formatMessage({ id: 'loyalty.tab.manage' })}
          id="loyalty-tab-manage"
          aria-controls="loyalty-panel"
        />
      </Tabs>
      <Box
        role="tabpanel"
        id="loyalty-panel"
        aria-labelledby={`loyalty-tab-${tab}`}
        sx={{ display: 'grid', gap: 3, minWidth: 0 }}
      >
        {tab === 'configure' ? (
          <>
            <PointsForm />
            <Divider />
            <PrizesPanel />
          </>
        ) : (
          <RequestsPanel />
        )}
      </Box>
    </Box>
  );
}
