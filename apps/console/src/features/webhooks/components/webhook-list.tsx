import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { WebhookEndpoint } from '@agora/contract';
import { useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useDeleteWebhookMutation, useWebhooksQuery, WEBHOOK_LIST_PAGE } from '../api/webhooks-api.ts';
import { WebhookDialog } from './webhook-dialog.tsx';
import { percent } from './webhook-messages.ts';

const COLUMNS = ['target', 'events', 'status', 'errorRate', 'created', 'actions'] as const;
type Column = (typeof COLUMNS)[number];
const COLUMN_LABEL: Record<Column, string> = {
  target: 'webhooks.column.target',
  events: 'webhooks.column.events',
  status: 'webhooks.column.status',
  errorRate: 'webhooks.column.errorRate',
  created: 'webhooks.column.created',
  actions: 'webhooks.column.actions',
};

/** The endpoint list: target (opens the detail), events, status, error rate, created at; add, edit, delete. */
export function WebhookList() {
  const intl = useIntl();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [offset, setOffset] = useState(0);
  const query = useWebhooksQuery(offset);
  const [editing, setEditing] = useState<WebhookEndpoint | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookEndpoint | null>(null);
  const remove = useDeleteWebhookMutation({
    onSuccess: () => {
      notify({ messageId: 'webhooks.deleted', variant: 'success' });
      setDeleting(null);
    },
    onError: () => notify({ messageId: 'webhooks.error.save', variant: 'error' }),
  });
  const rows = query.data?.results ?? [];
  const cells = (r: WebhookEndpoint): Record<Column, ReactNode> => ({
    target: (
      <Stack sx={{ minWidth: 0 }}>
        <RouterLink to={`/webhooks/${r.id}`} style={{ overflowWrap: 'anywhere' }}>
          {r.target}
        </RouterLink>
        {r.description && (
          <Typography variant="body2" color="text.secondary">
            {r.description}
          </Typography>
        )}
      </Stack>
    ),
    events: <FormattedMessage id="webhooks.eventsCount" values={{ count: r.events.length }} />,
    status: (
      <Chip
        size="small"
        color={r.is_active ? 'success' : 'default'}
        variant="outlined"
        label={intl.formatMessage({
          id: r.is_active ? 'webhooks.status.enabled' : 'webhooks.status.disabled',
        })}
      />
    ),
    errorRate: percent(intl, r.error_rate),
    created: <FormattedDate value={r.created_at} dateStyle="medium" />,
    actions: (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          onClick={() => setEditing(r)}
          aria-label={intl.formatMessage({ id: 'webhooks.action.editOf' }, { target: r.target })}
        >
          <FormattedMessage id="webhooks.action.edit" />
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => setDeleting(r)}
          aria-label={intl.formatMessage({ id: 'webhooks.action.deleteOf' }, { target: r.target })}
        >
          <FormattedMessage id="webhooks.action.delete" />
        </Button>
      </Stack>
    ),
  });

  return (
    <>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="webhooks.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <FormattedMessage id="webhooks.action.add" />
        </Button>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="webhooks.intro" />
      </Typography>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="webhooks.error.load" />}
        emptyText={<FormattedMessage id="webhooks.empty" />}
        testId="webhooks-list"
        pager={
          <ListPager
            offset={offset}
            pageSize={WEBHOOK_LIST_PAGE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        {phone ? (
          <Stack spacing={1}>
            {rows.map((r) => {
              const c = cells(r);
              return (
                <Paper
                  key={r.id}
                  variant="outlined"
                  sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
                  data-testid="webhook-row"
                >
                  {c.target}
                  <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
                    {c.status}
                    <Typography variant="body2">{c.events}</Typography>
                    <Typography variant="body2">
                      <FormattedMessage id="webhooks.column.errorRate" />: {c.errorRate}
                    </Typography>
                  </Stack>
                  {c.actions}
                </Paper>
              );
            })}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small">
              <TableHead>
                <TableRow>
                  {COLUMNS.map((col) => (
                    <TableCell key={col}>
                      <FormattedMessage id={COLUMN_LABEL[col]} />
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((r) => {
                  const c = cells(r);
                  return (
                    <TableRow key={r.id} data-testid="webhook-row">
                      {COLUMNS.map((col) => (
                        <TableCell key={col} sx={col === 'target' ? { maxWidth: 360 } : undefined}>
                          {c[col]}
                        </TableCell>
                      ))}
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListScaffold>
      {editing !== null && (
        <WebhookDialog
          key={editing === 'new' ? 'new' : editing.id}
          endpoint={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            notify({ messageId: 'webhooks.saved', variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="webhooks.delete.title" />}
        text={<FormattedMessage id="webhooks.delete.text" values={{ target: deleting?.target ?? '' }} />}
        confirmLabel={<FormattedMessage id="webhooks.action.delete" />}
        cancelLabel={<FormattedMessage id="webhooks.action.cancel" />}
        tone="error"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        testId="webhook-delete-dialog"
      />
    </>
  );
}
