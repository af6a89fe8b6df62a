import type { StackStatus } from '@agora/contract';
import Chip, { type ChipProps } from '@mui/material/Chip';
import { defineMessages, useIntl } from 'react-intl';

const STATUS_MESSAGES = defineMessages({
  progress: { id: 'stackStatus.progress' },
  stopped: { id: 'stackStatus.stopped' },
  freezed: { id: 'stackStatus.freezed' },
  started: { id: 'stackStatus.started' },
  online: { id: 'stackStatus.online' },
  error: { id: 'stackStatus.error' },
}) satisfies Record<StackStatus, unknown>;

const STATUS_COLORS: Record<StackStatus, ChipProps['color']> = {
  progress: 'info',
  stopped: 'default',
  freezed: 'warning',
  started: 'primary',
  online: 'success',
  error: 'error',
};

/** A community's status (spec core §4 stack status values) as a coloured, translated chip. */
export function StackStatusChip({ status }: { status: StackStatus }) {
  const intl = useIntl();
  return (
    <Chip
      data-testid="stack-status"
      data-status={status}
      size="small"
      color={STATUS_COLORS[status]}
      label={intl.formatMessage(STATUS_MESSAGES[status])}
    />
  );
}
