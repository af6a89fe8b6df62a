import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { PRIZE_REQUEST_STATUSES, type PrizeRequest, type PrizeRequestStatus } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  LOYALTY_PAGE,
  useDecideRequestMutation,
  useExportRequestsMutation,
  useRequestsQuery,
} from '../api/loyalty-api.ts';

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

const STATUS_COLOR = { pending: 'default', accepted: 'success', refused: 'error' } as const;
const STATUS_LABEL: Record<PrizeRequestStatus, string> = {
  pending: 'loyalty.status.pending',
  accepted: 'loyalty.status.accepted',
  refused: 'loyalty.status.refused',
};
const COLUMNS = [
  'loyalty.requests.column.user',
  'loyalty.requests.column.date',
  'loyalty.requests.column.prize',
  'loyalty.requests.column.status',
  'loyalty.requests.column.actions',
] as const;
/** On a phone one column holds the whole request (as the invitations table does): no sideways scroll. */
const COMPACT_COLUMNS = ['loyalty.requests.column.request'] as const;
const DECIDED = { accepted: 'loyalty.request.accepted', refused: 'loyalty.request.refused' } as const;
const CONFIRM = {
  accepted: { title: 'loyalty.confirm.accepted.title', text: 'loyalty.confirm.accepted.text' },
  refused: { title: 'loyalty.confirm.refused.title', text: 'loyalty.confirm.refused.text' },
} as const;

/** Prize requests (manage tab): status filter, accept or refuse after a confirmation, CSV of the selected. */
export function RequestsPanel() {
  const intl = useIntl();
  const [status, setStatus] = useState<PrizeRequestStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deciding, setDeciding] = useState<{ request: PrizeRequest; status: 'accepted' | 'refused' } | null>(
    null,
  );
  const query = useRequestsQuery(status, offset);
  const rows = query.data?.results ?? [];
  const decide = useDecideRequestMutation({
    onSuccess: (saved) => {
      notify({
        messageId: DECIDED[saved.status === 'refused' ? 'refused' : 'accepted'],
        values: { user: saved.user.username },
        variant: 'success',
      });
      setDeciding(null);
    },
    onError: () => {
      notify({ messageId: 'loyalty.error.requestUpdate', variant: 'error' });
      setDeciding(null);
    },
  });
  const exportCsv = useExportRequestsMutation({
    onSuccess: (text) => saveFile('prize-requests.csv', text),
    onError: () => notify({ messageId: 'loyalty.error.export', variant: 'error' }),
  });
  const toggle = (id: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const date = (r: PrizeRequest) => <FormattedDate value={r.created_at} dateStyle="medium" />;
  const prize = (r: PrizeRequest) => `${r.prize.title} (${r.prize_points})`;
  const statusChip = (r: PrizeRequest) => (
    <Chip
      size="small"
      color={STATUS_COLOR[r.status]}
      variant="outlined"
      label={intl.formatMessage({ id: STATUS_LABEL[r.status] })}
    />
  );
  const actions = (r: PrizeRequest) =>
    r.status === 'pending' && (
      <Stack direction="row" spacing={1}>
        <Button size="small" onClick={() => setDeciding({ request: r, status: 'accepted' })}>
          <FormattedMessage id="loyalty.action.accept" />
        </Button>
        <Button size="small" color="error" onClick={() => setDeciding({ request: r, status: 'refused' })}>
          <FormattedMessage id="loyalty.action.refuse" />
        </Button>
      </Stack>
    );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="loyalty.error.load" />}
        emptyText={<FormattedMessage id="loyalty.requests.empty" />}
        testId="request-list"
        filters={
          <Stack direction="row" useFlexGap sx={{ gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
            <TextField
              select
              size="small"
              sx={{ minWidth: 180 }}
              label={intl.formatMessage({ id: 'loyalty.requests.status' })}
              // 'All' shows when no status is chosen (the label would sit over an empty field).
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
              value={status}
              onChange={(e) => {
                setStatus(e.target.value as PrizeRequestStatus | '');
                setOffset(0);
              }}
            >
              <MenuItem value="">
                <FormattedMessage id="loyalty.requests.all" />
              </MenuItem>
              {PRIZE_REQUEST_STATUSES.map((s) => (
                <MenuItem key={s} value={s}>
                  <FormattedMessage id={STATUS_LABEL[s]} />
                </MenuItem>
              ))}
            </TextField>
            <Button
              variant="outlined"
              disabled={exportCsv.isPending}
              onClick={() => {
                if (selected.size === 0)
                  notify({ messageId: 'loyalty.error.exportEmpty', variant: 'warning' });
                else exportCsv.mutate([...selected]);
              }}
            >
              <FormattedMessage id="loyalty.action.export" values={{ count: selected.size }} />
            </Button>
          </Stack>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={LOYALTY_PAGE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allOnPage}
                    onChange={(e) => rows.forEach((r) => toggle(r.id, e.target.checked))}
                    slotProps={{
                      input: { 'aria-label': intl.formatMessage({ id: 'loyalty.requests.selectPage' }) },
                    }}
                  />
                </TableCell>
                {(compact ? COMPACT_COLUMNS : COLUMNS).map((c) => (
                  <TableCell key={c}>
                    <FormattedMessage id={c} />
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((r) => (
                <TableRow key={r.id} data-testid="request-row">
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(r.id)}
                      onChange={(e) => toggle(r.id, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': intl.formatMessage(
                            { id: 'loyalty.requests.select' },
                            { user: r.user.username, prize: r.prize.title },
                          ),
                        },
                      }}
                    />
                  </TableCell>
                  {compact ? (
                    <TableCell sx={{ overflowWrap: 'anywhere' }}>
                      <Typography variant="body2" sx={{ fontWeight: 600 }}>
                        {r.user.username}
                      </Typography>
                      <Typography variant="body2" color="text.secondary">
                        {prize(r)} · {date(r)}
                      </Typography>
                      <Stack
                        direction="row"
                        useFlexGap
                        sx={{ gap: 1, mt: 0.5, alignItems: 'center', flexWrap: 'wrap' }}
                      >
                        {statusChip(r)}
                        {actions(r)}
                      </Stack>
                    </TableCell>
                  ) : (
                    <>
                      <TableCell>{r.user.username}</TableCell>
                      <TableCell>{date(r)}</TableCell>
                      <TableCell>{prize(r)}</TableCell>
                      <TableCell>{statusChip(r)}</TableCell>
                      <TableCell>{actions(r)}</TableCell>
                    </>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <ConfirmDialog
        open={deciding !== null}
        title={<FormattedMessage id={CONFIRM[deciding?.status ?? 'accepted'].title} />}
        text={
          <FormattedMessage
            id={CONFIRM[deciding?.status ?? 'accepted'].text}
            values={{
              user: deciding?.request.user.username ?? '',
              prize: deciding?.request.prize.title ?? '',
              points: deciding?.request.prize_points ?? 0,
            }}
          />
        }
        confirmLabel={
          <FormattedMessage
            id={deciding?.status === 'refused' ? 'loyalty.action.refuse' : 'loyalty.action.accept'}
          />
        }
        cancelLabel={<FormattedMessage id="loyalty.action.cancel" />}
        tone={deciding?.status === 'refused' ? 'error' : 'warning'}
        busy={decide.isPending}
        onCancel={() => setDeciding(null)}
        onConfirm={() => deciding && decide.mutate({ id: deciding.request.id, status: deciding.status })}
        testId="request-decide-dialog"
      />
    </Box>
  );
}
