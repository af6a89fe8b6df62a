import type { FlagActionBody, FlagReason, ModerationContentType } from '@agora/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { notify } from '../../../core/notices/notice-store.ts';
import { useFlaggedQuery, useModerateMutation } from '../api/use-moderation-queries.ts';
import { ContentTypeLabel, FlaggedBy, REASON_IDS, ReasonChips, StatusChip } from './flag-labels.tsx';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';

const TYPES = ['discussion', 'post', 'status', 'comment', 'poll'];

/** One flagged content: its data and the moderation actions (spec mgmt §2, §4). */
export function FlagDetail() {
  const params = useParams();
  const type = params.type as ModerationContentType;
  const id = Number(params.id);
  const valid = TYPES.includes(type) && Number.isInteger(id) && id > 0;
  const intl = useIntl();
  const [motivation, setMotivation] = useState<FlagReason | ''>('');
  const [message, setMessage] = useState('');
  const [confirmDelete, setConfirmDelete] = useState(false);
  const query = useFlaggedQuery(type, id, valid);
  const mutation = useModerateMutation(type, id, {
    onSuccess: (_data, body) => {
      notify({
        messageId: body.action === 'warn' ? 'moderation.notice.warned' : 'moderation.notice.done',
        variant: 'success',
      });
      if (body.action === 'warn') setMessage('');
    },
    onError: (_error, body) =>
      notify({
        messageId: body.action === 'warn' ? 'moderation.error.warn' : 'moderation.error.generic',
        variant: 'error',
      }),
  });

  if (!valid || query.isError) {
    return (
      <Alert severity="error">
        <FormattedMessage id="moderation.error.generic" />
      </Alert>
    );
  }
  const item = query.data;
  if (!item) return <CircularProgress aria-label={intl.formatMessage({ id: 'moderation.loading' })} />;
  const run = (action: FlagActionBody['action']) =>
    mutation.mutate(
      action === 'hide' || action === 'delete'
        ? { action, motivation: motivation || undefined }
        : action === 'warn'
          ? { action, message }
          : { action },
    );
  const busy = mutation.isPending;

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }} data-testid="flag-detail">
      <Box>
        <Button component={Link} to="../.." relative="path">
          <FormattedMessage id="moderation.back" />
        </Button>
      </Box>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1, minWidth: 0 }}>
        <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="h6" component="h2">
            <ContentTypeLabel type={item.content_type} /> #{item.content_id}
          </Typography>
          <StatusChip status={item.status} />
        </Box>
        <Typography sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{item.excerpt}</Typography>
        <ReasonChips reasons={item.reasons} />
        <Box
          component="dl"
          sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5, m: 0 }}
        >
          <Field label={{ id: 'moderation.field.author' }}>{item.author?.username ?? '—'}</Field>
          <Field label={{ id: 'moderation.field.flaggedBy' }}>
            <FlaggedBy names={item.flagged_by} />
          </Field>
          <Field label={{ id: 'moderation.field.flagCount' }}>{item.flag_count}</Field>
          <Field label={{ id: 'moderation.field.lastFlagged' }}>
            <FormattedDate value={item.last_flagged_at} dateStyle="medium" timeStyle="short" />
          </Field>
          <Field label={{ id: 'moderation.field.lastModerated' }}>
            {item.last_moderated_at ? (
              <FormattedDate value={item.last_moderated_at} dateStyle="medium" timeStyle="short" />
            ) : (
              '—'
            )}
          </Field>
          <Field label={{ id: 'moderation.field.moderator' }}>{item.moderator ?? '—'}</Field>
          <Field label={{ id: 'moderation.field.motivation' }}>
            {item.motivation ? <FormattedMessage {...REASON_IDS[item.motivation]} /> : '—'}
          </Field>
          <Field label={{ id: 'moderation.field.votes' }}>{item.votes}</Field>
          <Field label={{ id: 'moderation.field.shares' }}>{item.shares}</Field>
        </Box>
      </Paper>

      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 2 }}>
        <Typography variant="subtitle1" component="h3">
          <FormattedMessage id="moderation.actions" />
        </Typography>
        <TextField
          select
          size="small"
          label={intl.formatMessage({ id: 'moderation.field.motivation' })}
          helperText={intl.formatMessage({ id: 'moderation.motivation.help' })}
          value={motivation}
          onChange={(e) => setMotivation(e.target.value as FlagReason)}
          sx={{ maxWidth: 320 }}
          slotProps={{ htmlInput: { 'data-testid': 'motivation-select' } }}
        >
          {item.reasons.map((r) => (
            <MenuItem key={r} value={r}>
              <FormattedMessage {...REASON_IDS[r]} />
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <Button variant="contained" disabled={busy || !motivation} onClick={() => run('hide')}>
            <FormattedMessage id="moderation.action.hide" />
          </Button>
          <Button
            variant="contained"
            color="error"
            disabled={busy || !motivation}
            onClick={() => setConfirmDelete(true)}
          >
            <FormattedMessage id="moderation.action.delete" />
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => run('restore')}>
            <FormattedMessage id="moderation.action.restore" />
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => run('ignore')}>
            <FormattedMessage id="moderation.action.ignore" />
          </Button>
          <Button variant="outlined" disabled={busy} onClick={() => run('open')}>
            <FormattedMessage id="moderation.action.open" />
          </Button>
        </Box>
        <TextField
          multiline
          minRows={2}
          label={intl.formatMessage({ id: 'moderation.warn.message' })}
          value={message}
          onChange={(e) => setMessage(e.target.value)}
        />
        <Box>
          <Button variant="outlined" disabled={busy || message.trim() === ''} onClick={() => run('warn')}>
            <FormattedMessage id="moderation.action.warn" />
          </Button>
        </Box>
      </Paper>

      <ConfirmDialog
        open={confirmDelete}
        title={<FormattedMessage id="moderation.confirmDelete.title" />}
        text={<FormattedMessage id="moderation.confirmDelete.text" />}
        cancelLabel={<FormattedMessage id="moderation.cancel" />}
        confirmLabel={<FormattedMessage id="moderation.action.delete" />}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          run('delete');
        }}
      />
    </Box>
  );
}

function Field({ label, children }: { label: { id: string }; children: ReactNode }) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        <FormattedMessage {...label} />
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </>
  );
}
