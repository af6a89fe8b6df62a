import { useDeferredValue, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { ApprovalAction, ApprovalFilter, ApprovalRequest, ApprovalStatus } from '@agora/contract';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  APPROVAL_PAGE_SIZE,
  useApprovalPage,
  useManageApprovalMutation,
} from '../api/registration-approval-api.ts';
import { IgnoreConfirmDialog } from '../components/ignore-confirm-dialog.tsx';
import { RegistrationSettingsCard } from '../components/registration-settings-card.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { textOnColour } from '../../../core/colours/text-on-colour.ts';
import { NoMailNotice, useCanSendEmail } from '../../server-settings/index.ts';

const STATUS_LABEL: Record<ApprovalStatus, string> = {
  approved: 'registrationApproval.status.approved',
  pending: 'registrationApproval.status.pending',
  ignored: 'registrationApproval.status.ignored',
};

const DONE: Record<ApprovalAction, string> = {
  approve: 'registrationApproval.done.approve',
  ignore: 'registrationApproval.done.ignore',
  restore: 'registrationApproval.done.restore',
};

const STATUS_COLOR: Record<ApprovalStatus, 'success' | 'warning' | 'default'> = {
  approved: 'success',
  pending: 'warning',
  ignored: 'default',
};

/** Admin-only: members awaiting approval, with approve / ignore / restore (spec mgmt §2, §4). */
export default function RegistrationApprovalPage() {
  const intl = useIntl();
  const [status, setStatus] = useState<ApprovalFilter>('pending');
  const [search, setSearch] = useState('');
  const deferredSearch = useDeferredValue(search);
  const [offset, setOffset] = useState(0);
  const [ignoring, setIgnoring] = useState<ApprovalRequest | null>(null);
  const list = useApprovalPage(status, deferredSearch, offset);
  const page = list.data;
  const count = page?.count ?? 0;
  const narrow = useMediaQuery(useTheme().breakpoints.down('sm'));
  const canSendEmail = useCanSendEmail();

  const manage = useManageApprovalMutation({
    onSuccess: (_request, { action }) => {
      setIgnoring(null);
      const told =
        action === 'approve' && canSendEmail === false
          ? 'registrationApproval.done.approveNoMail'
          : DONE[action];
      notify({ messageId: told, variant: 'success' });
    },
    onError: (error) => {
      setIgnoring(null);
      const conflict = isHttpError(error) && error.status === 409;
      notify({
        messageId: conflict ? 'registrationApproval.error.transition' : 'registrationApproval.error.generic',
        variant: 'error',
      });
    },
  });
  const busy = manage.isPending ? manage.variables.userId : null;
  const act = (request: ApprovalRequest, action: ApprovalAction) =>
    manage.mutate({ userId: request.id, action });

  const actionsOf = (request: ApprovalRequest) => (
    <>
      {request.status === 'pending' ? (
        <>
          <Button
            size="small"
            variant="contained"
            disabled={busy === request.id}
            onClick={() => act(request, 'approve')}
            data-testid={`approval-approve-${request.username}`}
          >
            <FormattedMessage id="registrationApproval.action.approve" />
          </Button>{' '}
          <Button
            size="small"
            color="warning"
            disabled={busy === request.id}
            onClick={() => setIgnoring(request)}
            data-testid={`approval-ignore-${request.username}`}
          >
            <FormattedMessage id="registrationApproval.action.ignore" />
          </Button>
        </>
      ) : null}
      {request.status === 'ignored' ? (
        <Button
          size="small"
          disabled={busy === request.id}
          onClick={() => act(request, 'restore')}
          data-testid={`approval-restore-${request.username}`}
        >
          <FormattedMessage id="registrationApproval.action.restore" />
        </Button>
      ) : null}
    </>
  );
  const tagsOf = (request: ApprovalRequest) => (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {request.tags.map((tag) => (
        <Chip
          key={tag.id}
          size="small"
          label={tag.name}
          sx={{ bgcolor: tag.color, color: textOnColour(tag.color) }}
        />
      ))}
    </Box>
  );
  const statusOf = (request: ApprovalRequest) => (
    <Chip
      size="small"
      variant="outlined"
      color={STATUS_COLOR[request.status]}
      label={intl.formatMessage({ id: STATUS_LABEL[request.status] })}
    />
  );

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="registrationApproval.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage
          id={canSendEmail === false ? 'registrationApproval.introNoMail' : 'registrationApproval.intro'}
        />
      </Typography>
      <NoMailNotice messageId="registrationApproval.noMail" />
      <RegistrationSettingsCard />
      <ListScaffold
        query={list}
        empty={page?.results.length === 0}
        errorText={<FormattedMessage id="registrationApproval.loadError" />}
        emptyText={
          <span data-testid="approval-empty">
            <FormattedMessage id="registrationApproval.empty" />
          </span>
        }
        filters={
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={2}
            useFlexGap
            sx={{ alignItems: { sm: 'center' } }}
          >
            <ToggleButtonGroup
              exclusive
              size="small"
              color="primary"
              value={status}
              onChange={(_event, value: ApprovalFilter | null) => {
                if (value) {
                  setStatus(value);
                  setOffset(0);
                }
              }}
              aria-label={intl.formatMessage({ id: 'registrationApproval.filter.label' })}
            >
              <ToggleButton value="pending" data-testid="approval-filter-pending">
                <FormattedMessage id="registrationApproval.filter.pending" />
              </ToggleButton>
              <ToggleButton value="ignored" data-testid="approval-filter-ignored">
                <FormattedMessage id="registrationApproval.filter.ignored" />
              </ToggleButton>
            </ToggleButtonGroup>
            <TextField
              name="search"
              size="small"
              type="search"
              label={intl.formatMessage({ id: 'registrationApproval.search' })}
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setOffset(0);
              }}
              sx={{ minWidth: { sm: 280 } }}
            />
          </Stack>
        }
        pager={<ListPager offset={offset} pageSize={APPROVAL_PAGE_SIZE} count={count} onOffset={setOffset} />}
      >
        {narrow ? (
          <Stack spacing={1.5} data-testid="approval-cards">
            {(page?.results ?? []).map((request) => (
              <Paper
                key={request.id}
                variant="outlined"
                sx={{ p: 2 }}
                data-testid={`approval-row-${request.username}`}
              >
                <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 1, alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 500, wordBreak: 'break-all' }}>{request.username}</Typography>
                  {statusOf(request)}
                </Box>
                <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
                  {request.email}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="registrationApproval.column.submitted" />
                  {': '}
                  <FormattedDate value={request.submitted_at} dateStyle="medium" />
                </Typography>
                {request.tags.length > 0 ? <Box sx={{ mt: 1 }}>{tagsOf(request)}</Box> : null}
                <Box sx={{ mt: 1.5, display: 'flex', justifyContent: 'flex-end' }}>{actionsOf(request)}</Box>
              </Paper>
            ))}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%', overflowX: 'auto' }}>
            <Table size="small" data-testid="approval-table">
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="registrationApproval.column.username" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="registrationApproval.column.email" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="registrationApproval.column.tags" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="registrationApproval.column.submitted" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="registrationApproval.column.status" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="registrationApproval.column.actions" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {(page?.results ?? []).map((request) => (
                  <TableRow key={request.id} data-testid={`approval-row-${request.username}`}>
                    <TableCell sx={{ fontWeight: 500 }}>{request.username}</TableCell>
                    <TableCell sx={{ wordBreak: 'break-all', minWidth: 160 }}>{request.email}</TableCell>
                    <TableCell>{tagsOf(request)}</TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <FormattedDate value={request.submitted_at} dateStyle="medium" />
                    </TableCell>
                    <TableCell>{statusOf(request)}</TableCell>
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {actionsOf(request)}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListScaffold>
      <IgnoreConfirmDialog
        username={ignoring?.username ?? null}
        busy={busy !== null}
        onCancel={() => setIgnoring(null)}
        onConfirm={() => {
          if (ignoring) act(ignoring, 'ignore');
        }}
      />
    </Stack>
  );
}
