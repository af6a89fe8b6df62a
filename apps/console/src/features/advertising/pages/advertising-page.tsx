import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useAdvertisingSettingsQuery } from '../api/advertising-api.ts';
import { AdsensePanel } from '../components/adsense-panel.tsx';
import { CustomAdsPanel } from '../components/custom-ads-panel.tsx';
import { SettingsError } from '../components/settings-error.tsx';

type TabId = 'adsense' | 'custom';

/** Advertising (spec mgmt §2; issue 15 §3): tabs AdSense and Custom advertising, one system active. */
export default function AdvertisingPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<TabId>('adsense');
  const settings = useAdvertisingSettingsQuery();
  return (
    <Box data-testid="advertising-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="advertising.title" />
      </Typography>
      <Tabs
        value={tab}
        onChange={(_, value: TabId) => setTab(value)}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: 'advertising.title' })}
      >
        <Tab
          value="adsense"
          label={intl.formatMessage({ id: 'advertising.tab.adsense' })}
          id="advertising-tab-adsense"
          aria-controls="advertising-panel"
        />
        <Tab
          value="custom"
          label={intl.formatMessage({ id: 'advertising.tab.custom' })}
          id="advertising-tab-custom"
          aria-controls="advertising-panel"
        />
      </Tabs>
      <Box
        role="tabpanel"
        id="advertising-panel"
        aria-labelledby={`advertising-tab-${tab}`}
        sx={{ display: 'grid', gap: 3, minWidth: 0 }}
      >
        {settings.isError ? (
          <SettingsError onRetry={() => void settings.refetch()} />
        ) : !settings.data ? (
          <CircularProgress aria-label={intl.formatMessage({ id: 'advertising.loading' })} />
        ) : tab === 'adsense' ? (
          <AdsensePanel key={JSON.stringify(settings.data.adsense)} settings={settings.data} />
        ) : (
          <CustomAdsPanel settings={settings.data} />
        )}
      </Box>
    </Box>
  );
}
