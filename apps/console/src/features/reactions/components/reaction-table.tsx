import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { Reaction, ReactionSentiment } from '@agora/contract';
import { FormattedDate, FormattedMessage, FormattedNumber, FormattedTime, useIntl } from 'react-intl';
import { SENTIMENT_MESSAGE } from './reaction-messages.ts';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';

interface Props {
  reactions: Reaction[];
  onEdit: (reaction: Reaction) => void;
  onActive: (reaction: Reaction, active: boolean) => void;
  onMakeDefault: (reaction: Reaction) => void;
  busy: boolean;
}

const HEADERS = [
  { id: 'reactions.column.image' },
  { id: 'reactions.column.label' },
  { id: 'reactions.column.sentiment' },
  { id: 'reactions.column.status' },
  { id: 'reactions.column.id', numeric: true },
  { id: 'reactions.column.updated' },
  { id: 'reactions.column.total', numeric: true },
  { id: 'reactions.column.actions' },
] as const;

/** The reactions table of spec mgmt §2: label, image, sentiment, status, id, updated at and by, total. */
export function ReactionTable({ reactions, onEdit, onActive, onMakeDefault, busy }: Props) {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" aria-label={intl.formatMessage({ id: 'reactions.title' })}>
        <TableHead>
          <TableRow>
            {HEADERS.map((h) => (
              <TableCell key={h.id} align={'numeric' in h ? 'right' : 'left'}>
                <FormattedMessage id={h.id} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {reactions.map((r) => {
            const statusLabel = intl.formatMessage({ id: 'reactions.activeOf' }, { label: r.label });
            const status = (
              <Switch
                checked={r.active}
                disabled={r.is_default || busy}
                onChange={(e) => onActive(r, e.target.checked)}
                slotProps={{ input: { 'aria-label': statusLabel } }}
              />
            );
            return (
              <TableRow key={r.id} data-testid={`reaction-row-${r.id}`}>
                <TableCell>
                  <img src={mediaUrl(r.image)} alt="" width={32} height={32} style={{ display: 'block' }} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                    <span>{r.label}</span>
                    {r.is_default && (
                      <Chip
                        size="small"
                        color="primary"
                        label={intl.formatMessage({ id: 'reactions.default' })}
                      />
                    )}
                  </Stack>
                </TableCell>
                <TableCell>
                  <FormattedMessage id={SENTIMENT_MESSAGE[r.sentiment as ReactionSentiment]} />
                </TableCell>
                <TableCell>
                  {r.is_default ? (
                    <Tooltip title={intl.formatMessage({ id: 'reactions.defaultAlwaysActive' })}>
                      <span>{status}</span>
                    </Tooltip>
                  ) : (
                    status
                  )}
                  {r.is_default && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      <FormattedMessage id="reactions.defaultAlwaysActiveShort" />
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">{r.id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>
                  <FormattedDate value={r.updated_at} dateStyle="medium" />{' '}
                  <FormattedTime value={r.updated_at} timeStyle="short" />
                  {r.updated_by && (
                    <Typography variant="caption" component="div" color="text.secondary">
                      <FormattedMessage id="reactions.updatedBy" values={{ name: r.updated_by.username }} />
                    </Typography>
                  )}
                </TableCell>
                <TableCell align="right">
                  <FormattedNumber value={r.total} />
                </TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1}>
                    <Button
                      size="small"
                      onClick={() => onEdit(r)}
                      aria-label={intl.formatMessage({ id: 'reactions.action.editOf' }, { label: r.label })}
                    >
                      <FormattedMessage id="reactions.action.edit" />
                    </Button>
                    {!r.is_default && r.active && (
                      <Button
                        size="small"
                        disabled={busy}
                        onClick={() => onMakeDefault(r)}
                        aria-label={intl.formatMessage(
                          { id: 'reactions.action.makeDefaultOf' },
                          { label: r.label },
                        )}
                      >
                        <FormattedMessage id="reactions.action.makeDefault" />
                      </Button>
                    )}
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
