import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { savePreference } from '../../../core/preferences/preference-actions.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';

/** The tour panel; open unless the `platform_tour` preference says 'closed'. Help → Platform tour reopens it. */
export function PlatformTour() {
  const open = useSessionStore((state) => state.preferences.platform_tour?.value !== 'closed');
  if (!open) return null;
  return (
    <Alert
      data-testid="platform-tour"
      severity="info"
      icon={false}
      action={
        <Button color="inherit" size="small" onClick={() => void savePreference('platform_tour', 'closed')}>
          <FormattedMessage id="tour.close" />
        </Button>
      }
      sx={{ mb: 3 }}
    >
      <AlertTitle>
        <FormattedMessage id="tour.title" />
      </AlertTitle>
      <Box component="ol" sx={{ m: 0, pl: 2.5 }}>
        <li>
          <FormattedMessage id="tour.stepSwitcher" />
        </li>
        <li>
          <FormattedMessage id="tour.stepDrawer" />
        </li>
        <li>
          <FormattedMessage id="tour.stepAccount" />
        </li>
      </Box>
    </Alert>
  );
}
