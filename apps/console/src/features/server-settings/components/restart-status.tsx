import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { StackStatus } from '@agora/contract';
import { FormattedMessage } from 'react-intl';
import { StackStatusChip } from '../../home/index.ts';

/** The community's status and, while it is not online, why the form waits (spec core §8). */
export function RestartStatus({ status }: { status: StackStatus | undefined }) {
  return (
    <Stack spacing={1.5}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography color="text.secondary">
          <FormattedMessage id="serverSettings.communityStatus" />
        </Typography>
        {status && <StackStatusChip status={status} />}
      </Stack>
      {status && status !== 'online' && (
        <Alert severity="warning" data-testid="restarting-warning">
          <FormattedMessage id="serverSettings.restarting" />
        </Alert>
      )}
    </Stack>
  );
}
