import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { FormattedMessage } from 'react-intl';
import { ANALYTICS_UNAVAILABLE_MESSAGE } from '../analytics-client.ts';

export interface AnalyticsErrorProps {
  onRetry?: () => void;
  compact?: boolean;
}

/** 'At the moment the Data provisioning is not available. Try later', with a retry button. */
export function AnalyticsError({ onRetry, compact }: AnalyticsErrorProps) {
  return (
    <Alert
      severity="warning"
      data-testid="analytics-unavailable"
      sx={compact ? { py: 0, fontSize: 13 } : undefined}
      action={
        onRetry ? (
          <Button color="inherit" size="small" onClick={onRetry} data-testid="analytics-retry">
            <FormattedMessage id="analyticsCore.retry" />
          </Button>
        ) : undefined
      }
    >
      <FormattedMessage id={ANALYTICS_UNAVAILABLE_MESSAGE} />
    </Alert>
  );
}
