import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
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

/** What one reaction shows, the same in a table row and in a phone's card. */
function useReactionParts({ onEdit, onActive, onMakeDefault, busy }: Omit<Props, 'reactions'>) {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  return (r: Reaction) => {
    const statusLabel = intl.formatMessage({ id: 'reactions.activeOf' }, { label: r.label });
    const toggle = (
      <Switch
        checked={r.active}
        disabled={r.is_default || busy}
        onChange={(e) => onActive(r, e.target.checked)}
        slotProps={{ input: { 'aria-label': statusLabel } }}
      />
    );
    return {
      image: <img src={mediaUrl(r.image)} alt="" width={32} height={32} style={{ display: 'block' }} />,
      label: (
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <span>{r.label}</span>
          {r.is_default && (
            <Chip size="small" color="primary" label={intl.formatMessage({ id: 'reactions.default' })} />
          )}
        </Stack>
      ),
      sentiment: <FormattedMessage id={SENTIMENT_MESSAGE[r.sentiment as ReactionSentiment]} />,
      status: (
        <>
          {r.is_default ? (
            <Tooltip title={intl.formatMessage({ id: 'reactions.defaultAlwaysActive' })}>
              <span>{toggle}</span>
            </Tooltip>
          ) : (
            toggle
          )}
          {r.is_default && (
            <Typography variant="caption" component="div" color="text.secondary">
              <FormattedMessage id="reactions.defaultAlwaysActiveShort" />
            </Typography>
          )}
        </>
      ),
      updated: (
        <>
          <FormattedDate value={r.updated_at} dateStyle="medium" />{' '}
          <FormattedTime value={r.updated_at} timeStyle="short" />
          {r.updated_by && (
            <Typography variant="caption" component="div" color="text.secondary">
              <FormattedMessage id="reactions.updatedBy" values={{ name: r.updated_by.username }} />
            </Typography>
          )}
        </>
      ),
      total: <FormattedNumber value={r.total} />,
      actions: (
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
              aria-label={intl.formatMessage({ id: 'reactions.action.makeDefaultOf' }, { label: r.label })}
            >
              <FormattedMessage id="reactions.action.makeDefault" />
            </Button>
          )}
        </Stack>
      ),
    };
  };
}

/**
 * The reactions table of spec mgmt §2: label, image, sentiment, status, id, updated at and by, total.
 * On a phone each reaction is a card with the same parts, so nothing hides past the screen's edge.
 */
export function ReactionTable({ reactions, ...actions }: Props) {
  const intl = useIntl();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const partsOf = useReactionParts(actions);
  if (compact) {
    return (
      <Stack component="ul" spacing={1} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {reactions.map((r) => {
          const parts = partsOf(r);
          return (
            <Paper
              component="li"
              variant="outlined"
              key={r.id}
              sx={{ p: 1.5 }}
              data-testid={`reaction-row-${r.id}`}
            >
              <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
                {parts.image}
                <Box sx={{ flex: 1, minWidth: 0 }}>{parts.label}</Box>
                {parts.status}
              </Stack>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {parts.sentiment} · <FormattedMessage id="reactions.column.total" />: {parts.total} ·{' '}
                <FormattedMessage id="reactions.column.id" /> {r.id}
              </Typography>
              <Typography variant="body2" color="text.secondary" component="div">
                {parts.updated}
              </Typography>
              <Box sx={{ mt: 1 }}>{parts.actions}</Box>
            </Paper>
          );
        })}
      </Stack>
    );
  }
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
            const parts = partsOf(r);
            return (
              <TableRow key={r.id} data-testid={`reaction-row-${r.id}`}>
                <TableCell>{parts.image}</TableCell>
                <TableCell>{parts.label}</TableCell>
                <TableCell>{parts.sentiment}</TableCell>
                <TableCell>{parts.status}</TableCell>
                <TableCell align="right">{r.id}</TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{parts.updated}</TableCell>
                <TableCell align="right">{parts.total}</TableCell>
                <TableCell>{parts.actions}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
