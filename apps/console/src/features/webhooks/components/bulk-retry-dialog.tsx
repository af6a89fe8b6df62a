import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookBulkResult } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useBulkRetryMutation } from '../api/webhooks-api.ts';

interface Props {
  endpointId: number;
  onClose: () => void;
}

/**
 * Bulk retry from a CSV of event ids: the file is counted first (only events the endpoint subscribes
 * to go), the dialog says how many, and the admin confirms.
 */
export function BulkRetryDialog({ endpointId, onClose }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<WebhookBulkResult | null>(null);
  const intl = useIntl();
  const count = useBulkRetryMutation({ onSuccess: (result) => setPreview(result) });
  const send = useBulkRetryMutation({
    onSuccess: (result) => {
      notify({ messageId: 'webhooks.bulk.sent', values: { count: result.count }, variant: 'success' });
      onClose();
    },
  });
  const failed = count.error ?? send.error;

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-bulk-title">
      <DialogTitle id="webhook-bulk-title">
        <FormattedMessage id="webhooks.bulk.title" />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            <FormattedMessage id="webhooks.bulk.intro" />
          </Typography>
          <Button variant="outlined" component="label">
            <FormattedMessage id="webhooks.bulk.choose" />
            <input
              hidden
              type="file"
              accept=".csv,text/csv,text/plain"
              data-testid="webhook-bulk-file"
              onChange={(e) => {
                const chosen = e.target.files?.[0] ?? null;
                setFile(chosen);
                setPreview(null);
                if (chosen) count.mutate({ id: endpointId, file: chosen, dryRun: true });
              }}
            />
          </Button>
          {file && <Typography variant="body2">{file.name}</Typography>}
          {(count.isPending || send.isPending) && (
            <LinearProgress aria-label={intl.formatMessage({ id: 'list.loading' })} />
          )}
          {preview && (
            <Alert
              severity={preview.count > 0 ? 'info' : 'warning'}
              data-testid="webhook-bulk-count"
              data-count={preview.count}
            >
              <FormattedMessage
                id="webhooks.bulk.willSend"
                values={{ count: preview.count, read: preview.read }}
              />
            </Alert>
          )}
          {failed && (
            <Alert severity="error">
              <FormattedMessage id="webhooks.bulk.error" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="webhooks.action.cancel" />
        </Button>
        <Button
          variant="contained"
          disabled={!file || !preview || preview.count === 0 || send.isPending}
          onClick={() => file && send.mutate({ id: endpointId, file, dryRun: false })}
        >
          <FormattedMessage id="webhooks.bulk.send" values={{ count: preview?.count ?? 0 }} />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
