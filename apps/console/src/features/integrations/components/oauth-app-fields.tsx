import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  OAUTH_APP_DESCRIPTION_MAX,
  OAUTH_APP_GRANT_TYPES,
  OAUTH_APP_NAME_MAX,
  isAdvisedRedirectUri,
  parseRedirectUris,
  type OAuthClientType,
} from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import type { OAuthAppChange } from '../api/oauth-apps-api.ts';

export type AppDraft = Omit<OAuthAppChange, 'client_type'>;
export type FieldErrors = Partial<Record<keyof OAuthAppChange, string | null>>;

const GRANT_LABEL: Record<(typeof OAUTH_APP_GRANT_TYPES)[number], string> = {
  authorization_code: 'integrations.oauth.grant.authorizationCode',
  refresh_token: 'integrations.oauth.grant.refreshToken',
  client_credentials: 'integrations.oauth.grant.clientCredentials',
};

/** What the form itself can tell before sending (the server checks everything again). */
export function localErrors(
  draft: AppDraft,
  clientType: OAuthClientType,
  messages: (id: string) => string,
): FieldErrors {
  const errors: FieldErrors = {};
  if (!draft.name.trim()) errors.name = messages('integrations.oauth.error.name');
  if (draft.grant_types.length === 0) errors.grant_types = messages('integrations.oauth.error.grantTypes');
  else if (clientType === 'public' && draft.grant_types.includes('client_credentials')) {
    errors.grant_types = messages('integrations.oauth.error.publicClientCredentials');
  }
  const uris = parseRedirectUris(draft.redirect_uris);
  if (!uris) errors.redirect_uris = messages('integrations.oauth.error.redirectUris');
  else if (uris.length === 0 && draft.grant_types.includes('authorization_code')) {
    errors.redirect_uris = messages('integrations.oauth.error.redirectUrisRequired');
  }
  return errors;
}

interface Props {
  draft: AppDraft;
  onChange: (draft: AppDraft) => void;
  errors: FieldErrors;
}

/** Name (required), description, image address. */
export function AppInfoFields({ draft, onChange, errors }: Props) {
  const intl = useIntl();
  return (
    <Stack spacing={2}>
      <TextField
        label={intl.formatMessage({ id: 'integrations.oauth.field.name' })}
        value={draft.name}
        onChange={(e) => onChange({ ...draft, name: e.target.value })}
        required
        slotProps={{ htmlInput: { maxLength: OAUTH_APP_NAME_MAX, 'data-testid': 'oauth-app-name' } }}
        error={!!errors.name}
        helperText={errors.name ?? ' '}
      />
      <TextField
        label={intl.formatMessage({ id: 'integrations.oauth.field.description' })}
        value={draft.description}
        onChange={(e) => onChange({ ...draft, description: e.target.value })}
        multiline
        minRows={2}
        slotProps={{ htmlInput: { maxLength: OAUTH_APP_DESCRIPTION_MAX } }}
        error={!!errors.description}
        helperText={errors.description ?? intl.formatMessage({ id: 'integrations.oauth.field.optional' })}
      />
      <TextField
        label={intl.formatMessage({ id: 'integrations.oauth.field.image' })}
        value={draft.image}
        onChange={(e) => onChange({ ...draft, image: e.target.value })}
        type="url"
        placeholder="https://"
        error={!!errors.image}
        helperText={errors.image ?? intl.formatMessage({ id: 'integrations.oauth.field.imageHelp' })}
      />
    </Stack>
  );
}

/** The grants an app may use; client credentials only for a confidential app. */
export function GrantTypeFields({
  draft,
  onChange,
  errors,
  clientType,
}: Props & { clientType: OAuthClientType }) {
  const intl = useIntl();
  const toggle = (grant: string, on: boolean) =>
    onChange({
      ...draft,
      grant_types: on ? [...draft.grant_types, grant] : draft.grant_types.filter((g) => g !== grant),
    });
  return (
    <FormControl error={!!errors.grant_types} component="fieldset" variant="standard">
      <FormLabel component="legend">
        <FormattedMessage id="integrations.oauth.field.grantTypes" />
      </FormLabel>
      <FormGroup>
        {OAUTH_APP_GRANT_TYPES.filter((g) => clientType === 'confidential' || g !== 'client_credentials').map(
          (grant) => (
            <FormControlLabel
              key={grant}
              control={
                <Checkbox
                  checked={draft.grant_types.includes(grant)}
                  onChange={(e) => toggle(grant, e.target.checked)}
                  slotProps={{ input: { 'data-testid': `oauth-grant-${grant}` } as object }}
                />
              }
              label={intl.formatMessage({ id: GRANT_LABEL[grant] })}
            />
          ),
        )}
      </FormGroup>
      {errors.grant_types && <FormHelperText>{errors.grant_types}</FormHelperText>}
    </FormControl>
  );
}

/** Redirect URIs: a space-separated list of valid URLs; HTTPS advised (a warning, not a refusal). */
export function RedirectUrisField({ draft, onChange, errors }: Props) {
  const intl = useIntl();
  const uris = parseRedirectUris(draft.redirect_uris) ?? [];
  const notAdvised = uris.filter((uri) => !isAdvisedRedirectUri(uri));
  return (
    <Stack spacing={2}>
      <TextField
        label={intl.formatMessage({ id: 'integrations.oauth.field.redirectUris' })}
        value={draft.redirect_uris}
        onChange={(e) => onChange({ ...draft, redirect_uris: e.target.value })}
        multiline
        minRows={3}
        slotProps={{ htmlInput: { spellCheck: false, 'data-testid': 'oauth-app-redirect-uris' } }}
        error={!!errors.redirect_uris}
        helperText={
          errors.redirect_uris ?? intl.formatMessage({ id: 'integrations.oauth.field.redirectUrisHelp' })
        }
      />
      {notAdvised.length > 0 && (
        <Alert severity="warning" data-testid="oauth-https-advice">
          <FormattedMessage id="integrations.oauth.httpsAdvice" values={{ uris: notAdvised.join(' ') }} />
        </Alert>
      )}
    </Stack>
  );
}
