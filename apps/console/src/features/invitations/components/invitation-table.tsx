import EditOutlined from '@mui/icons-material/EditOutlined';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Invitation } from '@agora/contract';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ROLE_MESSAGE, STATUS_MESSAGE } from './invitation-messages.ts';

const date = (at: string | null) => (at ? <FormattedDate value={at} dateStyle="medium" /> : '—');

/** A tab's invitations: select for delete and send (processing), edit one; dates by status. */
export function InvitationTable({
  rows,
  accepted,
  selected,
  onSelect,
  onEdit,
}: {
  rows: Invitation[];
  accepted: boolean;
  selected: ReadonlySet<number>;
  onSelect: (ids: number[], on: boolean) => void;
  onEdit: (invitation: Invitation) => void;
}) {
  const intl = useIntl();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const all = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const status = (r: Invitation) => (
    <Chip
      size="small"
      color={r.status === 'to_send' ? 'default' : 'success'}
      variant="outlined"
      label={intl.formatMessage({ id: STATUS_MESSAGE[r.status] })}
    />
  );
  const role = (r: Invitation) => intl.formatMessage({ id: ROLE_MESSAGE[r.role ?? 'none'] });

  return (
    <TableContainer sx={{ overflowX: 'auto' }}>
      <Table size="small" data-testid="invitation-table">
        <TableHead>
          <TableRow>
            {!accepted && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all}
                  indeterminate={!all && rows.some((r) => selected.has(r.id))}
                  onChange={(e) =>
                    onSelect(
                      rows.map((r) => r.id),
                      e.target.checked,
                    )
                  }
                  slotProps={{ input: { 'aria-label': intl.formatMessage({ id: 'invitations.selectAll' }) } }}
                />
              </TableCell>
            )}
            <TableCell>
              <FormattedMessage id="invitations.col.person" />
            </TableCell>
            {!compact && (
              <>
                <TableCell>
                  <FormattedMessage id="invitations.col.role" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="invitations.col.status" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id={accepted ? 'invitations.col.used' : 'invitations.col.created'} />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="invitations.col.sent" />
                </TableCell>
              </>
            )}
            {!accepted && (
              <TableCell>
                <FormattedMessage id="invitations.col.actions" />
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={r.id} data-testid={`invitation-row-${r.id}`} selected={selected.has(r.id)}>
              {!accepted && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selected.has(r.id)}
                    onChange={(e) => onSelect([r.id], e.target.checked)}
                    slotProps={{
                      input: {
                        'aria-label': intl.formatMessage({ id: 'invitations.select' }, { email: r.email }),
                      },
                    }}
                  />
                </TableCell>
              )}
              <TableCell sx={{ wordBreak: 'break-word' }}>
                <Typography variant="body2">{r.name || r.username}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {r.email} · @{r.username}
                </Typography>
                {(r.tags.length > 0 || r.categories.length > 0) && (
                  <Typography variant="body2" color="text.secondary">
                    {[...r.tags, ...r.categories].map((t) => t.name).join(', ')}
                  </Typography>
                )}
                {compact && (
                  <Typography variant="body2" color="text.secondary" component="div" sx={{ mt: 0.5 }}>
                    {role(r)} · {status(r)}
                  </Typography>
                )}
              </TableCell>
              {!compact && (
                <>
                  <TableCell>{role(r)}</TableCell>
                  <TableCell>{status(r)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {date(accepted ? r.used_at : r.created_at)}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{date(r.sent_at)}</TableCell>
                </>
              )}
              {!accepted && (
                <TableCell>
                  <IconButton
                    aria-label={intl.formatMessage({ id: 'invitations.action.edit' }, { email: r.email })}
                    onClick={() => onEdit(r)}
                  >
                    <EditOutlined fontSize="small" />
                  </IconButton>
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
