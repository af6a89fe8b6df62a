import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

/** Placeholder until the area is built. */
export default function RegistrationApprovalPage() {
  return (
    <Typography variant="h4" component="h1">
      <FormattedMessage id="nav.registrationApproval" />
    </Typography>
  );
}
