import type { EmailTask } from '@agora/contract';
import Alert from '@mui/material/Alert';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import { FormattedMessage, useIntl } from 'react-intl';

/** How far a task is: sent and failed of its total; 'Email sent successfully' once all are sent. */
export function EmailSendProgress({ task }: { task: EmailTask }) {
  const intl = useIntl();
  const done = task.sent + task.failed;
  const percent = task.total === 0 ? 100 : Math.round((done / task.total) * 100);
  const finished = task.status === 'done';
  const values = { sent: task.sent, failed: task.failed, total: task.total };
  return (
    <Stack spacing={1} data-testid="email-send-progress" data-status={task.status}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={intl.formatMessage({ id: 'emailSends.progress.label' })}
      />
      <Alert severity={!finished ? 'info' : task.failed > 0 ? 'warning' : 'success'} role="status">
        {!finished && <FormattedMessage id="emailSends.progress.running" values={values} />}
        {finished && task.failed === 0 && <FormattedMessage id="emailSends.progress.sent" />}
        {finished && task.failed > 0 && (
          <FormattedMessage id="emailSends.progress.doneWithFailures" values={values} />
        )}
      </Alert>
    </Stack>
  );
}
