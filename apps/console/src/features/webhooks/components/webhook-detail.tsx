import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useExpireSecretMutation, useRevealSecretMutation, useWebhookQuery } from '../api/webhooks-api.ts';
import { AttemptList } from './attempt-list.tsx';
import { BulkRetryDialog } from './bulk-retry-dialog.tsx';
import { WebhookDialog } from './webhook-dialog.tsx';
import { percent } from './webhook-messages.ts';

function Fact({ label, children }: { label: ReactNode; children: ReactNode }) {
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={{ xs: 0, sm: 1 }}
      sx={{ alignItems: { sm: 'baseline' } }}
    >
      <Typography variant="body2" color="text.secondary" sx={{ minWidth: 140 }}>
        {label}
      </Typography>
      <Typography component="div" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
        {children}
      </Typography>
    </Stack>
  );
}

/** One endpoint: its facts, the signing secret (reveal, expire = rotate), the attempts, bulk retry. */
export function WebhookDetail() {
  const intl = useIntl();
  const id = Number(useParams().id);
  const query = useWebhookQuery(id);
  const [secret, setSecret] = useState<string | null>(null);
  const [confirmExpire, setConfirmExpire] = useState(false);
  const [editing, setEditing] = useState(false);
  const [bulk, setBulk] = useState(false);
  const reveal = useRevealSecretMutation({
    onSuccess: (value) => setSecret(value),
    onError: () => notify({ messageId: 'webhooks.error.secret', variant: 'error' }),
  });
  const expire = useExpireSecretMutation({
    onSuccess: () => {
      setConfirmExpire(false);
      setSecret(null);
      notify({ messageId: 'webhooks.secret.expired', variant: 'success' });
    },
    onError: () => notify({ messageId: 'webhooks.error.secret', variant: 'error' }),
  });
  const endpoint = query.data;

  const back = (
    <RouterLink to="/webhooks">
      <FormattedMessage id="webhooks.back" />
    </RouterLink>
  );
  if (query.isPending)
    return <CircularProgress aria-label={intl.formatMessage({ id: 'webhooks.loading' })} />;
  if (query.isError || !endpoint)
    return (
      <Stack spacing={2}>
        {back}
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void query.refetch()}>
              <FormattedMessage id="webhooks.action.retry" />
            </Button>
          }
        >
          <FormattedMessage id="webhooks.error.loadOne" />
        </Alert>
      </Stack>
    );

  return (
    <>
      {back}
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1" sx={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <FormattedMessage id="webhooks.detail.title" />
        </Typography>
        <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
          <Button variant="outlined" onClick={() => setEditing(true)}>
            <FormattedMessage id="webhooks.action.edit" />
          </Button>
          <Button variant="contained" onClick={() => setBulk(true)}>
            <FormattedMessage id="webhooks.action.bulk" />
          </Button>
        </Stack>
      </Stack>
      <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="webhook-facts">
        <Fact label={<FormattedMessage id="webhooks.field.target" />}>{endpoint.target}</Fact>
        {endpoint.description && (
          <Fact label={<FormattedMessage id="webhooks.field.description" />}>{endpoint.description}</Fact>
        )}
        <Fact label={<FormattedMessage id="webhooks.column.status" />}>
          <Chip
            size="small"
            variant="outlined"
            color={endpoint.is_active ? 'success' : 'default'}
            label={intl.formatMessage({
              id: endpoint.is_active ? 'webhooks.status.enabled' : 'webhooks.status.disabled',
            })}
          />
        </Fact>
        <Fact label={<FormattedMessage id="webhooks.column.created" />}>
          <FormattedDate value={endpoint.created_at} dateStyle="medium" timeStyle="short" />
        </Fact>
        <Fact label={<FormattedMessage id="webhooks.column.errorRate" />}>
          <span data-testid="webhook-error-rate">{percent(intl, endpoint.error_rate)}</span>{' '}
          <FormattedMessage id="webhooks.errorRateOf" values={{ count: endpoint.attempts_count }} />
        </Fact>
        <Fact label={<FormattedMessage id="webhooks.field.verifySsl" />}>
          <FormattedMessage id={endpoint.ssl_cert_verification ? 'webhooks.yes' : 'webhooks.no'} />
        </Fact>
        <Fact label={<FormattedMessage id="webhooks.field.events" />}>
          <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: 'wrap' }}>
            {endpoint.events.map((e) => (
              <Chip key={e.type} size="small" label={e.type} />
            ))}
          </Stack>
        </Fact>
        <Fact label={<FormattedMessage id="webhooks.secret.label" />}>
          <Stack spacing={1}>
            {secret && (
              <code data-testid="webhook-secret" style={{ overflowWrap: 'anywhere' }}>
                {secret}
              </code>
            )}
            <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
              <Button
                size="small"
                variant="outlined"
                onClick={() => (secret ? setSecret(null) : reveal.mutate(id))}
              >
                <FormattedMessage id={secret ? 'webhooks.secret.hide' : 'webhooks.secret.reveal'} />
              </Button>
              <Button size="small" color="warning" variant="outlined" onClick={() => setConfirmExpire(true)}>
                <FormattedMessage id="webhooks.secret.expire" />
              </Button>
            </Stack>
          </Stack>
        </Fact>
      </Paper>
      <AttemptList endpointId={id} />
      <ConfirmDialog
        open={confirmExpire}
        title={<FormattedMessage id="webhooks.secret.expireTitle" />}
        text={<FormattedMessage id="webhooks.secret.expireText" />}
        confirmLabel={<FormattedMessage id="webhooks.secret.expire" />}
        cancelLabel={<FormattedMessage id="webhooks.action.cancel" />}
        tone="error"
        busy={expire.isPending}
        onCancel={() => setConfirmExpire(false)}
        onConfirm={() => expire.mutate(id)}
        testId="webhook-expire-dialog"
      />
      {editing && (
        <WebhookDialog
          endpoint={endpoint}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ messageId: 'webhooks.saved', variant: 'success' });
          }}
        />
      )}
      {bulk && <BulkRetryDialog endpointId={id} onClose={() => setBulk(false)} />}
    </>
  );
}
