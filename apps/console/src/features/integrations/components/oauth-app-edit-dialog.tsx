import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { OAuthApp } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { useUpdateOAuthAppMutation } from '../api/oauth-apps-api.ts';
import {
  AppInfoFields,
  GrantTypeFields,
  RedirectUrisField,
  localErrors,
  type AppDraft,
  type FieldErrors,
} from './oauth-app-fields.tsx';
import { OAUTH_APP_FIELDS, oauthErrorList, oauthFieldError } from './oauth-app-messages.ts';

/** Edit an app: everything but its client type (chosen once) and its credentials. */
export function OAuthAppEditDialog({
  app,
  onClose,
  onSaved,
}: {
  app: OAuthApp;
  onClose: () => void;
  onSaved: (app: OAuthApp) => void;
}) {
  const intl = useIntl();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [draft, setDraft] = useState<AppDraft>({
    name: app.name,
    description: app.description,
    image: app.image,
    grant_types: app.grant_types,
    redirect_uris: app.redirect_uris,
  });
  const [touched, setTouched] = useState(false);
  const save = useUpdateOAuthAppMutation({ onSuccess: (saved) => onSaved(saved) });
  const local = localErrors(draft, app.client_type, (id) => intl.formatMessage({ id }));
  const errors: FieldErrors = {};
  for (const field of OAUTH_APP_FIELDS) {
    errors[field] =
      (touched ? local[field] : undefined) ?? (save.error ? oauthFieldError(intl, save.error, field) : null);
  }
  const failures = save.error ? oauthErrorList(intl, save.error) : [];
  const general = save.error && failures.length === 0 ? generalErrorText(intl, save.error) : null;
  const submit = () => {
    setTouched(true);
    if (Object.values(local).some(Boolean)) return;
    save.mutate({ id: app.id, change: { ...draft, name: draft.name.trim() } });
  };
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby="oauth-edit-title"
    >
      <DialogTitle id="oauth-edit-title">
        <FormattedMessage id="integrations.oauth.editTitle" values={{ name: app.name }} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <AppInfoFields draft={draft} onChange={setDraft} errors={errors} />
          <GrantTypeFields draft={draft} onChange={setDraft} errors={errors} clientType={app.client_type} />
          <RedirectUrisField draft={draft} onChange={setDraft} errors={errors} />
          {(failures.length > 0 || general) && (
            <Alert severity="error">
              <AlertTitle>
                <FormattedMessage id="integrations.oauth.updateFailed" />
              </AlertTitle>
              {general ?? (
                <ul style={{ margin: 0, paddingLeft: '1.2em' }}>
                  {failures.map((line) => (
                    <li key={line}>{line}</li>
                  ))}
                </ul>
              )}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="integrations.oauth.cancel" />
        </Button>
        <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="oauth-edit-save">
          <FormattedMessage id="integrations.oauth.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
