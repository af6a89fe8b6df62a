import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';

/** A failed load of the advertising settings: the reason and a retry, never an empty form. */
export function SettingsError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <FormattedMessage id="advertising.action.retry" />
        </Button>
      }
    >
      <FormattedMessage id="advertising.error.load" />
    </Alert>
  );
}
