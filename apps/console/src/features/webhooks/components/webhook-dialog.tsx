import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { WEBHOOK_DESCRIPTION_MAX, type WebhookEndpoint } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSaveWebhookMutation, useWebhookEventTypesQuery } from '../api/webhooks-api.ts';
import { WEBHOOK_FIELDS, webhookFieldError, type WebhookField } from './webhook-messages.ts';

interface Props {
  /** The endpoint to edit, or null to add one. */
  endpoint: WebhookEndpoint | null;
  onClose: () => void;
  onSaved: (saved: WebhookEndpoint) => void;
}

const looksLikeUrl = (text: string) => /^https?:\/\/[^\s/]+/i.test(text.trim());

/** Add or edit an endpoint: target URL, description, events, verify SSL certificate, enabled. */
export function WebhookDialog({ endpoint, onClose, onSaved }: Props) {
  const intl = useIntl();
  const catalogue = useWebhookEventTypesQuery();
  const [target, setTarget] = useState(endpoint?.target ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [events, setEvents] = useState<string[]>(endpoint?.events.map((e) => e.type) ?? []);
  const [verifySsl, setVerifySsl] = useState(endpoint?.ssl_cert_verification ?? true);
  const [enabled, setEnabled] = useState(endpoint?.is_active ?? true);
  const [touched, setTouched] = useState(false);
  const save = useSaveWebhookMutation({ onSuccess: (saved) => onSaved(saved) });

  const local: Partial<Record<WebhookField, string>> = {};
  if (!looksLikeUrl(target)) local.target = intl.formatMessage({ id: 'webhooks.error.target' });
  if (description.length > WEBHOOK_DESCRIPTION_MAX)
    local.description = intl.formatMessage({ id: 'webhooks.error.description' });
  if (events.length === 0) local.events = intl.formatMessage({ id: 'webhooks.error.events' });
  const errorOf = (field: WebhookField) =>
    (touched ? local[field] : undefined) ?? (save.error ? webhookFieldError(intl, save.error, field) : null);
  const fieldFailure =
    save.error && WEBHOOK_FIELDS.some((f) => webhookFieldError(intl, save.error, f) !== null);

  const submit = () => {
    setTouched(true);
    if (Object.keys(local).length > 0) return;
    save.mutate({
      id: endpoint?.id ?? null,
      change: {
        target: target.trim(),
        description: description.trim(),
        events,
        ssl_cert_verification: verifySsl,
        is_active: enabled,
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="webhook-dialog-title">
      <DialogTitle id="webhook-dialog-title">
        <FormattedMessage id={endpoint ? 'webhooks.dialog.editTitle' : 'webhooks.dialog.addTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            label={intl.formatMessage({ id: 'webhooks.field.target' })}
            value={target}
            onChange={(e) => setTarget(e.target.value)}
            required
            type="url"
            placeholder="https://example.com/webhooks"
            error={Boolean(errorOf('target'))}
            helperText={errorOf('target') ?? intl.formatMessage({ id: 'webhooks.field.targetHelp' })}
          />
          <TextField
            label={intl.formatMessage({ id: 'webhooks.field.description' })}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            multiline
            minRows={2}
            error={Boolean(errorOf('description'))}
            helperText={errorOf('description') ?? ' '}
          />
          <Autocomplete
            multiple
            options={catalogue.data ?? []}
            loading={catalogue.isPending}
            value={events}
            onChange={(_, value) => setEvents(value)}
            renderInput={(params) => (
              <TextField
                {...params}
                label={intl.formatMessage({ id: 'webhooks.field.events' })}
                required={events.length === 0}
                error={Boolean(errorOf('events'))}
                helperText={errorOf('events') ?? intl.formatMessage({ id: 'webhooks.field.eventsHelp' })}
              />
            )}
          />
          {catalogue.isError && (
            <Alert
              severity="error"
              action={
                <Button onClick={() => void catalogue.refetch()}>
                  <FormattedMessage id="webhooks.action.retry" />
                </Button>
              }
            >
              <FormattedMessage id="webhooks.error.events.load" />
            </Alert>
          )}
          <FormControlLabel
            control={<Switch checked={verifySsl} onChange={(e) => setVerifySsl(e.target.checked)} />}
            label={intl.formatMessage({ id: 'webhooks.field.verifySsl' })}
          />
          <FormControlLabel
            control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
            label={intl.formatMessage({ id: 'webhooks.field.enabled' })}
          />
          {save.error && !fieldFailure && (
            <Alert severity="error">
              <FormattedMessage id="webhooks.error.save" />
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="webhooks.action.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending}>
          <FormattedMessage id="webhooks.action.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
