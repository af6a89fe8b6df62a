import AddOutlined from '@mui/icons-material/AddOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { BroadcastMessage, BroadcastStatus } from '@agora/contract';
import { useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { BROADCAST_PAGE_SIZE } from '../api/broadcast-api.ts';
import {
  useCopyBroadcastMutation,
  useDeleteBroadcastMutation,
  useSendBroadcastMutation,
} from '../api/use-broadcast-mutations.ts';
import { useAudienceCountQuery, useBroadcastPageQuery } from '../api/use-broadcast-queries.ts';
import { BroadcastDialog } from './broadcast-dialog.tsx';
import { ScheduleDialog } from './schedule-dialog.tsx';
import { serverMessages } from './broadcast-problems.ts';

const when = (at: string | null) =>
  at ? (
    <>
      <FormattedDate value={at} dateStyle="medium" /> <FormattedTime value={at} timeStyle="short" />
    </>
  ) : (
    '—'
  );

function audienceText(message: BroadcastMessage): ReactNode {
  if (message.audience === 'tags') return message.audience_tags.map((t) => t.name).join(', ');
  if (message.audience === 'users') return message.audience_users.map((u) => u.username).join(', ');
  return <FormattedMessage id="broadcast.audience.all" />;
}

const EMPTY_TEXT: Record<BroadcastStatus, string> = {
  template: 'broadcast.list.empty.template',
  scheduled: 'broadcast.list.empty.scheduled',
  sent: 'broadcast.list.empty.sent',
};

const failed = (id: string) => (error: Error) =>
  notify({ messageId: serverMessages(error, id).general ?? id, variant: 'error' });

/** One tab: templates, scheduled or sent messages, with their actions (spec mgmt §2, §4). */
export function BroadcastList({ status }: { status: BroadcastStatus }) {
  const intl = useIntl();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [editing, setEditing] = useState<BroadcastMessage | 'new' | null>(null);
  const [scheduling, setScheduling] = useState<BroadcastMessage | null>(null);
  const [sending, setSending] = useState<BroadcastMessage | null>(null);
  const [removing, setRemoving] = useState<BroadcastMessage | null>(null);
  const page = useBroadcastPageQuery({ status, search: search.trim(), offset });
  const audience = useAudienceCountQuery(sending?.id ?? null);
  const send = useSendBroadcastMutation({
    onSuccess: () => {
      setSending(null);
      notify({ messageId: 'broadcast.sent', variant: 'success' });
    },
    onError: (error) => {
      setSending(null);
      failed('broadcast.error.send')(error);
    },
  });
  const copy = useCopyBroadcastMutation({
    onSuccess: (message) => setEditing(message),
    onError: failed('broadcast.error.save'),
  });
  const remove = useDeleteBroadcastMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'broadcast.deleted', variant: 'success' });
    },
    onError: failed('broadcast.error.delete'),
  });
  const messages = page.data?.results ?? [];
  const action = (label: string, icon: ReactNode, onClick: () => void, testId: string, name: string) => (
    <IconButton
      aria-label={`${intl.formatMessage({ id: label })} ${name}`}
      onClick={onClick}
      data-testid={testId}
    >
      {icon}
    </IconButton>
  );
  const dateColumn =
    status === 'sent'
      ? 'broadcast.col.sentAt'
      : status === 'scheduled'
        ? 'broadcast.col.scheduledAt'
        : 'broadcast.col.updatedAt';
  const dateOf = (m: BroadcastMessage) =>
    status === 'sent' ? m.sent_at : status === 'scheduled' ? m.scheduled_at : m.updated_at;

  return (
    <>
      <ListScaffold
        query={page}
        empty={messages.length === 0}
        testId={`broadcast-list-${status}`}
        errorText={<FormattedMessage id="broadcast.list.error" />}
        emptyText={<FormattedMessage id={EMPTY_TEXT[status]} />}
        filters={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              type="search"
              name="search"
              label={intl.formatMessage({ id: 'broadcast.search' })}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              sx={{ flex: '1 1 200px' }}
            />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setEditing('new')}
              data-testid="broadcast-create"
            >
              <FormattedMessage id="broadcast.action.add" />
            </Button>
          </Box>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={BROADCAST_PAGE_SIZE}
            count={page.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="broadcast.col.message" />
                </TableCell>
                {!compact && (
                  <>
                    <TableCell>
                      <FormattedMessage id="broadcast.col.audience" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id={dateColumn} />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="broadcast.col.sender" />
                    </TableCell>
                  </>
                )}
                <TableCell>
                  <FormattedMessage id="broadcast.col.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {messages.map((m) => (
                <TableRow key={m.id} data-testid={`broadcast-row-${m.id}`}>
                  <TableCell sx={{ minWidth: 140 }}>
                    <Typography variant="body2" sx={{ fontWeight: 600 }}>
                      {m.name}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {m.title}
                    </Typography>
                    {compact && (
                      <Typography variant="body2" color="text.secondary">
                        {audienceText(m)} · {when(dateOf(m))}
                      </Typography>
                    )}
                  </TableCell>
                  {!compact && (
                    <>
                      <TableCell>{audienceText(m)}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(dateOf(m))}</TableCell>
                      <TableCell>{m.sender?.username ?? '—'}</TableCell>
                    </>
                  )}
                  <TableCell>
                    <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                      {status !== 'sent' && (
                        <>
                          {action(
                            'broadcast.action.edit',
                            <EditOutlined fontSize="small" />,
                            () => setEditing(m),
                            `broadcast-edit-${m.id}`,
                            m.name,
                          )}
                          {action(
                            'broadcast.action.send',
                            <SendOutlined fontSize="small" />,
                            () => setSending(m),
                            `broadcast-send-${m.id}`,
                            m.name,
                          )}
                          {action(
                            status === 'scheduled'
                              ? 'broadcast.action.reschedule'
                              : 'broadcast.action.schedule',
                            <ScheduleOutlined fontSize="small" />,
                            () => setScheduling(m),
                            `broadcast-schedule-${m.id}`,
                            m.name,
                          )}
                        </>
                      )}
                      {status === 'sent' &&
                        action(
                          'broadcast.action.copy',
                          <ContentCopyOutlined fontSize="small" />,
                          () => copy.mutate(m.id),
                          `broadcast-copy-${m.id}`,
                          m.name,
                        )}
                      {action(
                        'broadcast.action.delete',
                        <DeleteOutlined fontSize="small" />,
                        () => setRemoving(m),
                        `broadcast-delete-${m.id}`,
                        m.name,
                      )}
                    </Box>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      {editing && (
        <BroadcastDialog
          message={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify({ messageId: 'broadcast.saved', variant: 'success' });
          }}
        />
      )}
      {scheduling && (
        <ScheduleDialog
          message={scheduling}
          onClose={() => setScheduling(null)}
          onDone={() => {
            setScheduling(null);
            notify({ messageId: 'broadcast.scheduled', variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={sending !== null}
        tone="warning"
        title={<FormattedMessage id="broadcast.confirm.send" values={{ name: sending?.name ?? '' }} />}
        text={
          audience.isError ? (
            <FormattedMessage id="broadcast.confirm.sendUnknown" />
          ) : audience.data === undefined ? (
            <FormattedMessage id="broadcast.confirm.counting" />
          ) : (
            <FormattedMessage id="broadcast.confirm.sendText" values={{ count: audience.data }} />
          )
        }
        confirmDisabled={audience.data === undefined && !audience.isError}
        confirmLabel={<FormattedMessage id="broadcast.action.send" />}
        cancelLabel={<FormattedMessage id="broadcast.action.cancel" />}
        busy={send.isPending}
        onCancel={() => setSending(null)}
        onConfirm={() => sending && send.mutate(sending.id)}
        testId="broadcast-send-dialog"
        confirmTestId="broadcast-send-confirm"
      />
      <ConfirmDialog
        open={removing !== null}
        tone="error"
        title={<FormattedMessage id="broadcast.confirm.delete" values={{ name: removing?.name ?? '' }} />}
        text={
          <FormattedMessage
            id={
              removing?.status === 'sent'
                ? 'broadcast.confirm.deleteSentText'
                : 'broadcast.confirm.deleteText'
            }
          />
        }
        confirmLabel={<FormattedMessage id="broadcast.action.delete" />}
        cancelLabel={<FormattedMessage id="broadcast.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="broadcast-delete-dialog"
        confirmTestId="broadcast-delete-confirm"
      />
    </>
  );
}
