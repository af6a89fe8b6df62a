import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';

/**
 * What a settings screen shows when its saved values could not be read: the failure and a retry, in
 * place of the form, so that nothing empty is shown as the community's settings or saved over them.
 */
export function PreferenceLoadFailure({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      data-testid="settings-load-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <FormattedMessage id="list.retry" />
        </Button>
      }
    >
      <FormattedMessage id="settings.loadError" />
    </Alert>
  );
}
