import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import {
  INCUBATOR_STATUSES,
  type Incubator,
  type IncubatorAction,
  type IncubatorStatus,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { INCUBATOR_PAGE_SIZE } from '../api/incubator-api.ts';
import { useIncubatorActionMutation } from '../api/incubator-mutations.ts';
import { useIncubatorPageQuery } from '../api/incubator-queries.ts';
import {
  INCUBATOR_ACTION_LABEL,
  INCUBATOR_CONFIRM,
  INCUBATOR_STATUS_LABEL,
} from '../model/incubator-labels.ts';
import { IncubatorRow } from './incubator-row.tsx';
import { IncubatorThreshold } from './incubator-threshold.tsx';

interface Pending {
  proposal: Incubator;
  action: IncubatorAction;
}

/**
 * The incubator tab (mgmt §3): members' category proposals with their adhesions, filtered by status;
 * publish (creates the category), votable, hide, ignore and restore, the destructive ones asked first;
 * the threshold of adhesions above.
 */
export function IncubatorList() {
  const intl = useIntl();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const [status, setStatus] = useState<IncubatorStatus | ''>('');
  const [offset, setOffset] = useState(0);
  const [asking, setAsking] = useState<Pending | null>(null);
  const page = useIncubatorPageQuery({ status, offset });
  const proposals = page.data?.results ?? [];
  const act = useIncubatorActionMutation({
    onSuccess: (saved, input) => {
      setAsking(null);
      notify({
        messageId:
          input.action === 'publish'
            ? 'categories.incubator.notice.published'
            : 'categories.incubator.notice.changed',
        values: { name: saved.name },
        variant: 'success',
      });
    },
    onError: (error) => {
      setAsking(null);
      const nameTaken = parsedErrorsOf(error)?.fieldCodes.name === 'unique';
      notify({
        messageId: nameTaken ? 'categories.incubator.error.nameTaken' : 'categories.incubator.error.status',
        variant: 'error',
      });
    },
  });
  const request = (proposal: Incubator, action: IncubatorAction) => {
    if (INCUBATOR_CONFIRM[action]) setAsking({ proposal, action });
    else act.mutate({ id: proposal.id, action });
  };
  const confirm = asking ? INCUBATOR_CONFIRM[asking.action] : undefined;

  return (
    <Box data-testid="incubator-list" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="categories.incubator.intro" />
      </Typography>
      <IncubatorThreshold />
      <ListScaffold
        query={page}
        empty={proposals.length === 0}
        errorText={<FormattedMessage id="categories.incubator.error.load" />}
        emptyText={<FormattedMessage id="categories.incubator.empty" />}
        filters={
          <TextField
            select
            size="small"
            label={intl.formatMessage({ id: 'categories.incubator.filter.status' })}
            value={status}
            onChange={(event) => {
              setStatus(event.target.value as IncubatorStatus | '');
              setOffset(0);
            }}
            slotProps={{ select: { inputProps: { 'data-testid': 'incubator-status-filter' } } }}
            sx={{ minWidth: 200, maxWidth: 320 }}
          >
            <MenuItem value="">
              <FormattedMessage id="categories.incubator.filter.all" />
            </MenuItem>
            {INCUBATOR_STATUSES.map((s) => (
              <MenuItem key={s} value={s}>
                <FormattedMessage id={INCUBATOR_STATUS_LABEL[s]} />
              </MenuItem>
            ))}
          </TextField>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={INCUBATOR_PAGE_SIZE}
            count={page.data?.count ?? 0}
            onOffset={setOffset}
            testId="incubator-pager"
          />
        }
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={intl.formatMessage({ id: 'categories.tab.incubator' })}>
            {!compact && (
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.id" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.title" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.status" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="categories.incubator.col.adhesions" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.user" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.date" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.incubator.col.actions" />
                  </TableCell>
                </TableRow>
              </TableHead>
            )}
            <TableBody>
              {proposals.map((proposal) => (
                <IncubatorRow
                  key={proposal.id}
                  proposal={proposal}
                  busy={act.isPending}
                  onAction={(action) => request(proposal, action)}
                  compact={compact}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <ConfirmDialog
        open={asking !== null && confirm !== undefined}
        title={
          confirm ? (
            <FormattedMessage id={confirm.title} values={{ name: asking?.proposal.name ?? '' }} />
          ) : (
            ''
          )
        }
        text={
          confirm ? <FormattedMessage id={confirm.text} values={{ name: asking?.proposal.name ?? '' }} /> : ''
        }
        confirmLabel={asking ? <FormattedMessage id={INCUBATOR_ACTION_LABEL[asking.action].label} /> : ''}
        cancelLabel={<FormattedMessage id="categories.action.cancel" />}
        tone={asking?.action === 'publish' ? 'warning' : 'error'}
        busy={act.isPending}
        onCancel={() => setAsking(null)}
        onConfirm={() => asking && act.mutate({ id: asking.proposal.id, action: asking.action })}
        testId="incubator-confirm"
        confirmTestId="incubator-confirm-ok"
      />
    </Box>
  );
}
