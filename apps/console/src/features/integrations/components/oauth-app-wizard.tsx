import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { OAuthAppWithSecret, OAuthClientType } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { useCreateOAuthAppMutation } from '../api/oauth-apps-api.ts';
import { CopyField } from './copy-field.tsx';
import {
  AppInfoFields,
  GrantTypeFields,
  RedirectUrisField,
  localErrors,
  type AppDraft,
  type FieldErrors,
} from './oauth-app-fields.tsx';
import { OAUTH_APP_FIELDS, oauthErrorList, oauthFieldError } from './oauth-app-messages.ts';

const STEPS = [
  'integrations.oauth.step.clientType',
  'integrations.oauth.step.appInfo',
  'integrations.oauth.step.redirectUris',
  'integrations.oauth.step.success',
] as const;
/** The fields each step holds (Next checks them). */
const STEP_FIELDS: (keyof FieldErrors)[][] = [
  ['grant_types'],
  ['name', 'description', 'image'],
  ['redirect_uris'],
];

/** The client id and the secret, shown this once. */
export function AppCredentials({ app }: { app: OAuthAppWithSecret }) {
  const intl = useIntl();
  return (
    <Stack spacing={2} data-testid="oauth-app-credentials">
      {app.client_secret && (
        <Alert severity="warning">
          <FormattedMessage id="integrations.oauth.secretOnce" />
        </Alert>
      )}
      <CopyField
        label={intl.formatMessage({ id: 'integrations.oauth.clientId' })}
        value={app.client_id}
        testId="oauth-client-id"
      />
      {app.client_secret ? (
        <CopyField
          label={intl.formatMessage({ id: 'integrations.oauth.clientSecret' })}
          value={app.client_secret}
          testId="oauth-client-secret"
        />
      ) : (
        <Typography color="text.secondary">
          <FormattedMessage id="integrations.oauth.noSecret" />
        </Typography>
      )}
    </Stack>
  );
}

/** The OAuth app wizard (spec mgmt §2): client type, app info, redirect URIs, success. */
export function OAuthAppWizard({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [step, setStep] = useState(0);
  const [clientType, setClientType] = useState<OAuthClientType>('confidential');
  const [draft, setDraft] = useState<AppDraft>({
    name: '',
    description: '',
    image: '',
    grant_types: ['authorization_code', 'refresh_token'],
    redirect_uris: '',
  });
  const [checked, setChecked] = useState<number[]>([]);
  const [created, setCreated] = useState<OAuthAppWithSecret | null>(null);
  const create = useCreateOAuthAppMutation({
    onSuccess: (app) => {
      setCreated(app);
      setStep(3);
    },
  });

  const local = localErrors(draft, clientType, (id) => intl.formatMessage({ id }));
  const errors: FieldErrors = {};
  for (const field of OAUTH_APP_FIELDS) {
    const stepOf = STEP_FIELDS.findIndex((fields) => fields.includes(field));
    const mine = checked.includes(stepOf) ? local[field] : undefined;
    errors[field] = mine ?? (create.error ? oauthFieldError(intl, create.error, field) : null);
  }
  const failures = create.error ? oauthErrorList(intl, create.error) : [];
  const general = create.error && failures.length === 0 ? generalErrorText(intl, create.error) : null;

  const next = () => {
    setChecked((c) => [...new Set([...c, step])]);
    if (STEP_FIELDS[step]?.some((field) => local[field])) return;
    if (step < 2) {
      setStep(step + 1);
      return;
    }
    create.mutate({ ...draft, name: draft.name.trim(), client_type: clientType });
  };

  const chooseType = (type: OAuthClientType) => {
    setClientType(type);
    if (type === 'public') {
      setDraft({ ...draft, grant_types: draft.grant_types.filter((g) => g !== 'client_credentials') });
    }
  };

  return (
    <Dialog
      open
      onClose={created ? onClose : undefined}
      fullWidth
      fullScreen={phone}
      maxWidth="sm"
      aria-labelledby="oauth-wizard-title"
      data-testid="oauth-app-wizard"
    >
      <DialogTitle id="oauth-wizard-title">
        <FormattedMessage id="integrations.oauth.wizardTitle" />
      </DialogTitle>
      <DialogContent>
        <Stepper activeStep={step} alternativeLabel sx={{ mb: 3, mt: 1 }}>
          {STEPS.map((id) => (
            <Step key={id}>
              <StepLabel>
                <FormattedMessage id={id} />
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 0 && (
          <Stack spacing={3}>
            <FormControl>
              <FormLabel id="oauth-client-type-label">
                <FormattedMessage id="integrations.oauth.field.clientType" />
              </FormLabel>
              <RadioGroup
                aria-labelledby="oauth-client-type-label"
                value={clientType}
                onChange={(e) => chooseType(e.target.value as OAuthClientType)}
              >
                <FormControlLabel
                  value="confidential"
                  control={<Radio />}
                  data-testid="oauth-type-confidential"
                  label={
                    <span>
                      <FormattedMessage id="integrations.oauth.type.confidential" />
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        <FormattedMessage id="integrations.oauth.type.confidentialHelp" />
                      </Typography>
                    </span>
                  }
                />
                <FormControlLabel
                  value="public"
                  control={<Radio />}
                  data-testid="oauth-type-public"
                  label={
                    <span>
                      <FormattedMessage id="integrations.oauth.type.public" />
                      <Typography
                        variant="body2"
                        color="text.secondary"
                        component="span"
                        sx={{ display: 'block' }}
                      >
                        <FormattedMessage id="integrations.oauth.type.publicHelp" />
                      </Typography>
                    </span>
                  }
                />
              </RadioGroup>
            </FormControl>
            <GrantTypeFields draft={draft} onChange={setDraft} errors={errors} clientType={clientType} />
          </Stack>
        )}
        {step === 1 && <AppInfoFields draft={draft} onChange={setDraft} errors={errors} />}
        {step === 2 && <RedirectUrisField draft={draft} onChange={setDraft} errors={errors} />}
        {step === 3 && created && <AppCredentials app={created} />}
        {(failures.length > 0 || general) && step < 3 && (
          <Alert severity="error" sx={{ mt: 2 }} data-testid="oauth-create-failure">
            <AlertTitle>
              <FormattedMessage id="integrations.oauth.createFailed" />
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
      </DialogContent>
      <DialogActions>
        {step < 3 ? (
          <>
            <Button onClick={onClose}>
              <FormattedMessage id="integrations.oauth.cancel" />
            </Button>
            {step > 0 && (
              <Button onClick={() => setStep(step - 1)}>
                <FormattedMessage id="integrations.oauth.back" />
              </Button>
            )}
            <Button
              variant="contained"
              onClick={next}
              disabled={create.isPending}
              data-testid="oauth-wizard-next"
            >
              <FormattedMessage id={step === 2 ? 'integrations.oauth.create' : 'integrations.oauth.next'} />
            </Button>
          </>
        ) : (
          <Button variant="contained" onClick={onClose} data-testid="oauth-wizard-done">
            <FormattedMessage id="integrations.oauth.done" />
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
