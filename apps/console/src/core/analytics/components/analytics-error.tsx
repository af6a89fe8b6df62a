import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { ANALYTICS_UNAVAILABLE_MESSAGE, isAnalyticsQueryRefusedError } from '../analytics-client.ts';

export interface AnalyticsErrorProps {
  /** The failure. A query the engine refused (400) is told apart from a passing failure. */
  error?: unknown;
  /**
   * Whether the reader may see the engine's reason for a refused query (the screen decides, e.g.
   * admins only). Without it a refused query gets a plain sentence.
   */
  showReason?: boolean;
  onRetry?: () => void;
  compact?: boolean;
}

/**
 * An analytics load that failed. A passing failure (network, 5xx, timeout): 'At the moment the Data
 * provisioning is not available. Try later', with a retry button. A query the engine refused (400) —
 * a bug that no retry cures — says so instead, without a retry, and with the engine's reason in a
 * collapsible detail when `showReason` is given.
 */
export function AnalyticsError({ error, showReason, onRetry, compact }: AnalyticsErrorProps) {
  const sx = compact ? { py: 0, fontSize: 13 } : undefined;
  if (isAnalyticsQueryRefusedError(error)) {
    return (
      <Alert severity="error" data-testid="analytics-refused" sx={sx}>
        <FormattedMessage id={showReason ? 'analyticsCore.refused.admin' : 'analyticsCore.refused.plain'} />
        {showReason && (
          <Box component="details" sx={{ mt: 0.5 }}>
            <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 500 }}>
              <FormattedMessage id="analyticsCore.refused.reason" />
            </Box>
            <Typography
              component="code"
              variant="body2"
              data-testid="analytics-refused-reason"
              sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-word' }}
            >
              {error.reason}
            </Typography>
          </Box>
        )}
      </Alert>
    );
  }
  return (
    <Alert
      severity="warning"
      data-testid="analytics-unavailable"
      sx={sx}
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
