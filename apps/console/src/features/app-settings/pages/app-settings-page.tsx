import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { APP_PLATFORMS } from '@agora/contract';
import { FormattedMessage } from 'react-intl';
import { AppRequestCard } from '../components/app-request-card.tsx';

/** App settings (spec mgmt §2-§4, §9): a request for the community's app in each store. */
export default function AppSettingsPage() {
  return (
    <Box data-testid="app-settings-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.appSettings" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="appSettings.intro" />
      </Typography>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'repeat(2, minmax(0, 1fr))' },
          alignItems: 'start',
        }}
      >
        {APP_PLATFORMS.map((platform) => (
          <AppRequestCard key={platform} platform={platform} />
        ))}
      </Box>
    </Box>
  );
}
