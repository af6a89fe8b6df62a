import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { useRegistrationAlerts } from '../api/registration-alert-api.ts';
import { RegistrationAlertForm } from '../components/registration-alert-form.tsx';
import { RegistrationUsage } from '../components/registration-usage.tsx';
import { NoMailNotice, useCanSendEmail } from '../../server-settings/index.ts';

/** Registration threshold (spec mgmt §2-§3, §9): alerts at 80, 90 and 100 % and an optional block. */
export default function RegistrationAlertsPage() {
  const query = useRegistrationAlerts();
  const canSendEmail = useCanSendEmail();
  return (
    <Box data-testid="registration-alerts-page" sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 800 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="nav.registrationAlerts" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage
          id={canSendEmail === false ? 'registrationAlerts.introNoMail' : 'registrationAlerts.intro'}
        />
      </Typography>
      <NoMailNotice messageId="registrationAlerts.noMail" />
      {query.isError && (
        <Alert severity="error">
          <FormattedMessage id="common.genericError" />
        </Alert>
      )}
      {query.isPending && <Skeleton variant="rounded" height={320} />}
      {query.data && (
        <>
          <RegistrationUsage state={query.data} />
          <RegistrationAlertForm state={query.data} />
        </>
      )}
    </Box>
  );
}
