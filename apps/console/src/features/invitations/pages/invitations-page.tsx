import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import SendOutlined from '@mui/icons-material/SendOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Invitation, InvitationStatus, InvitationTab } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { INVITATIONS_PAGE_SIZE } from '../api/invitations-api.ts';
import {
  useDeleteInvitationsMutation,
  useInvitationPageQuery,
  useSendInvitationsMutation,
} from '../api/use-invitations.ts';
import { ImportDialog } from '../components/import-dialog.tsx';
import { InvitationDialog } from '../components/invitation-dialog.tsx';
import { InvitationTable } from '../components/invitation-table.tsx';
import { SendProgress } from '../components/send-progress.tsx';

/** Email invitations (spec mgmt §2; issue 14 §3): management and registered tabs, create, import, send. */
export default function InvitationsPage() {
  const intl = useIntl();
  const [tab, setTab] = useState<InvitationTab>('processing');
  const [status, setStatus] = useState<InvitationStatus | ''>('');
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [editing, setEditing] = useState<Invitation | 'new' | null>(null);
  const [importing, setImporting] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [sendId, setSendId] = useState<number | null>(null);
  const accepted = tab === 'accepted';
  const page = useInvitationPageQuery({ tab, status: accepted ? '' : status, search: search.trim(), offset });
  const rows = page.data?.results ?? [];
  const failed = (error: Error) =>
    notify({
      messageId: 'invitations.error.notice',
      values: { message: generalErrorText(intl, error) ?? '' },
      variant: 'error',
    });
  const remove = useDeleteInvitationsMutation({
    onSuccess: (deleted) => {
      setConfirmDelete(false);
      setSelected(new Set());
      notify({ messageId: 'invitations.deleted', values: { count: deleted }, variant: 'success' });
    },
    onError: failed,
  });
  const send = useSendInvitationsMutation({
    onSuccess: (task) => {
      setSendId(task.id);
      setSelected(new Set());
    },
    onError: failed,
  });
  const select = (ids: number[], on: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (on) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const reset = () => {
    setOffset(0);
    setSelected(new Set());
  };

  return (
    <Box data-testid="invitations-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="invitations.title" />
        </Typography>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" startIcon={<UploadFileOutlined />} onClick={() => setImporting(true)}>
            <FormattedMessage id="invitations.action.import" />
          </Button>
          <Button
            variant="contained"
            startIcon={<AddOutlined />}
            onClick={() => setEditing('new')}
            data-testid="invitation-create"
          >
            <FormattedMessage id="invitations.action.create" />
          </Button>
        </Stack>
      </Stack>
      <Tabs
        value={tab}
        onChange={(_, value: InvitationTab) => {
          setTab(value);
          reset();
        }}
        variant="scrollable"
        allowScrollButtonsMobile
        aria-label={intl.formatMessage({ id: 'invitations.tabs' })}
      >
        <Tab value="processing" label={intl.formatMessage({ id: 'invitations.tab.processing' })} />
        <Tab value="accepted" label={intl.formatMessage({ id: 'invitations.tab.accepted' })} />
      </Tabs>
      {sendId !== null && <SendProgress id={sendId} />}
      <ListScaffold
        query={page}
        empty={rows.length === 0}
        testId="invitation-list"
        errorText={<FormattedMessage id="invitations.error.load" />}
        emptyText={<FormattedMessage id={accepted ? 'invitations.emptyAccepted' : 'invitations.empty'} />}
        filters={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              type="search"
              name="search"
              label={intl.formatMessage({ id: 'invitations.search' })}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                reset();
              }}
              sx={{ flex: '1 1 200px' }}
            />
            {!accepted && (
              <>
                <TextField
                  select
                  size="small"
                  name="status"
                  label={intl.formatMessage({ id: 'invitations.col.status' })}
                  value={status}
                  onChange={(e) => {
                    setStatus(e.target.value as InvitationStatus | '');
                    reset();
                  }}
                  sx={{ minWidth: 160 }}
                >
                  <MenuItem value="">
                    <FormattedMessage id="invitations.status.all" />
                  </MenuItem>
                  <MenuItem value="to_send">
                    <FormattedMessage id="invitations.status.to_send" />
                  </MenuItem>
                  <MenuItem value="sent">
                    <FormattedMessage id="invitations.status.sent" />
                  </MenuItem>
                </TextField>
                <Button
                  variant="outlined"
                  startIcon={<SendOutlined />}
                  disabled={selected.size === 0 || send.isPending}
                  onClick={() => send.mutate([...selected])}
                  data-testid="invitation-send"
                >
                  <FormattedMessage id="invitations.action.send" values={{ count: selected.size }} />
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  startIcon={<DeleteOutlined />}
                  disabled={selected.size === 0}
                  onClick={() => setConfirmDelete(true)}
                  data-testid="invitation-delete"
                >
                  <FormattedMessage id="invitations.action.delete" values={{ count: selected.size }} />
                </Button>
              </>
            )}
          </Box>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={INVITATIONS_PAGE_SIZE}
            count={page.data?.count ?? 0}
            onOffset={(next) => {
              setOffset(next);
            }}
          />
        }
      >
        <InvitationTable
          rows={rows}
          accepted={accepted}
          selected={selected}
          onSelect={select}
          onEdit={setEditing}
        />
      </ListScaffold>
      {editing !== null && (
        <InvitationDialog
          key={editing === 'new' ? 'new' : editing.id}
          invitation={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify({ messageId: 'invitations.saved', variant: 'success' });
          }}
        />
      )}
      {importing && <ImportDialog onClose={() => setImporting(false)} />}
      <ConfirmDialog
        open={confirmDelete}
        title={<FormattedMessage id="invitations.confirm.delete" values={{ count: selected.size }} />}
        text={<FormattedMessage id="invitations.confirm.deleteText" />}
        confirmLabel={<FormattedMessage id="invitations.action.confirmDelete" />}
        cancelLabel={<FormattedMessage id="invitations.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => remove.mutate([...selected])}
        testId="invitation-delete-dialog"
        confirmTestId="invitation-delete-confirm"
      />
    </Box>
  );
}
