import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { incubatorActionsOf, type Incubator, type IncubatorAction } from '@agora/contract';
import { FormattedDate, FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { INCUBATOR_ACTION_LABEL, INCUBATOR_STATUS_LABEL } from '../model/incubator-labels.ts';

interface Props {
  proposal: Incubator;
  busy: boolean;
  onAction: (action: IncubatorAction) => void;
  /** A phone: one cell per row, the proposal's facts above its buttons. */
  compact: boolean;
}

/** One category proposal: its facts and the status actions that apply to it. */
export function IncubatorRow({ proposal, busy, onAction, compact }: Props) {
  const intl = useIntl();
  const status = (
    <Chip
      size="small"
      color={proposal.status === 'ready' ? 'success' : 'default'}
      variant={proposal.status === 'ready' ? 'filled' : 'outlined'}
      label={intl.formatMessage({ id: INCUBATOR_STATUS_LABEL[proposal.status] })}
      data-testid="incubator-status"
    />
  );
  const user = proposal.user?.username ?? intl.formatMessage({ id: 'categories.incubator.user.none' });
  const date = <FormattedDate value={proposal.created_at} dateStyle="medium" />;
  const actions = (
    <Box
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 0.5,
        justifyContent: compact ? 'flex-end' : 'flex-start',
      }}
    >
      {incubatorActionsOf(proposal.status).map((action) => (
        <Button
          key={action}
          size="small"
          variant={action === 'publish' ? 'contained' : 'text'}
          disabled={busy}
          onClick={() => onAction(action)}
          aria-label={intl.formatMessage(
            { id: INCUBATOR_ACTION_LABEL[action].named },
            { name: proposal.name },
          )}
          data-testid={`incubator-${action}-${proposal.id}`}
        >
          <FormattedMessage id={INCUBATOR_ACTION_LABEL[action].label} />
        </Button>
      ))}
    </Box>
  );
  if (compact) {
    return (
      <TableRow data-testid={`incubator-row-${proposal.id}`}>
        <TableCell sx={{ px: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, justifyContent: 'space-between' }}>
            <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="incubator-name">
              {proposal.name}
            </Box>
            {status}
          </Box>
          <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
            <FormattedMessage
              id="categories.incubator.row.summary"
              values={{ id: proposal.id, count: proposal.subscribers_count, user, date }}
            />
          </Box>
          {actions}
        </TableCell>
      </TableRow>
    );
  }
  return (
    <TableRow data-testid={`incubator-row-${proposal.id}`}>
      <TableCell>{proposal.id}</TableCell>
      <TableCell sx={{ minWidth: 140, fontWeight: 500 }} data-testid="incubator-name">
        {proposal.name}
      </TableCell>
      <TableCell>{status}</TableCell>
      <TableCell align="right" data-testid="incubator-adhesions">
        <FormattedNumber value={proposal.subscribers_count} />
      </TableCell>
      <TableCell>{user}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{date}</TableCell>
      <TableCell>{actions}</TableCell>
    </TableRow>
  );
}
