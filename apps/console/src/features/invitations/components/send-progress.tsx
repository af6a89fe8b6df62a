import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSendProgressQuery } from '../api/use-invitations.ts';

/** A sending task's progress: sent and failed of its total, until it is done. */
export function SendProgress({ id }: { id: number }) {
  const intl = useIntl();
  const send = useSendProgressQuery(id).data;
  if (!send) return null;
  const done = send.sent + send.failed;
  const percent = send.total === 0 ? 100 : Math.round((done / send.total) * 100);
  return (
    <Stack spacing={1} data-testid="invitation-send-progress" aria-live="polite">
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={intl.formatMessage({ id: 'invitations.send.progressLabel' })}
      />
      <Alert severity={send.status === 'done' ? (send.failed > 0 ? 'warning' : 'success') : 'info'}>
        <FormattedMessage
          id={send.status === 'done' ? 'invitations.send.done' : 'invitations.send.running'}
          values={{ sent: send.sent, failed: send.failed, total: send.total }}
        />
      </Alert>
    </Stack>
  );
}
