import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
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

function ReasonText({ reason }: { reason: string }) {
  return (
    <Typography
      component="code"
      variant="body2"
      data-testid="analytics-refused-reason"
      sx={{ display: 'block', mt: 0.5, fontFamily: 'monospace', wordBreak: 'break-word' }}
    >
      {reason}
    </Typography>
  );
}

/** A refused query in a small widget: one short line, the reason (when given) a click away. */
function CompactRefused({ reason }: { reason: string | null }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <Alert
      severity="error"
      icon={false}
      data-testid="analytics-refused"
      sx={{ py: 0, px: 1, fontSize: 12.5, '& .MuiAlert-message': { py: 0.5 } }}
    >
      <FormattedMessage
        id={reason === null ? 'analyticsCore.refused.plainShort' : 'analyticsCore.refused.short'}
      />
      {reason !== null && (
        <>
          {' '}
          <Link
            component="button"
            type="button"
            color="inherit"
            onClick={(event) => setAnchor(event.currentTarget)}
            sx={{ fontSize: 'inherit', fontWeight: 600, verticalAlign: 'baseline' }}
          >
            <FormattedMessage id="analyticsCore.refused.reasonShort" />
          </Link>
          <Popover
            open={anchor !== null}
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
            slotProps={{ paper: { sx: { p: 1.5, maxWidth: 360 } } }}
          >
            <ReasonText reason={reason} />
          </Popover>
        </>
      )}
    </Alert>
  );
}

/**
 * An analytics load that failed. A passing failure (network, 5xx, timeout): 'At the moment the Data
 * provisioning is not available. Try later', with a retry button. A query the engine refused (400) —
 * a bug that no retry cures — says so instead, without a retry, and with the engine's reason in a
 * collapsible detail when `showReason` is given (in a `compact` widget: one short line, the reason
 * in a popover opened by its 'Reason' button).
 */
export function AnalyticsError({ error, showReason, onRetry, compact }: AnalyticsErrorProps) {
  const sx = compact ? { py: 0, fontSize: 13 } : undefined;
  if (isAnalyticsQueryRefusedError(error)) {
    if (compact) return <CompactRefused reason={showReason ? error.reason : null} />;
    return (
      <Alert severity="error" data-testid="analytics-refused">
        <FormattedMessage id={showReason ? 'analyticsCore.refused.admin' : 'analyticsCore.refused.plain'} />
        {showReason && (
          <Box component="details" sx={{ mt: 0.5 }}>
            <Box component="summary" sx={{ cursor: 'pointer', fontWeight: 500 }}>
              <FormattedMessage id="analyticsCore.refused.reason" />
            </Box>
            <ReasonText reason={error.reason} />
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
