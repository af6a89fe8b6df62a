import Android from '@mui/icons-material/Android';
import Apple from '@mui/icons-material/Apple';
import Send from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  AppSettingsErrorCode,
  APP_ACCOUNT_FIELDS,
  APP_MIN_OS,
  APP_STORE_URL_PREFERENCE,
  checkAppAccounts,
  type AppPlatform,
  type AppRequest,
} from '@agora/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { preferenceErrorText } from '../../../core/dynamic-preferences/preference-error-text.ts';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import {
  saveDynamicPreferences,
  useDynamicPreferences,
} from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useAppRequest, useSendAppRequestMutation } from '../api/app-settings-api.ts';
import { AppRequestTimeline, STATUS_LABELS } from './app-request-timeline.tsx';

const PLATFORM_TEXT = {
  android: { store: 'appSettings.android.store', os: 'appSettings.android.os' },
  ios: { store: 'appSettings.ios.store', os: 'appSettings.ios.os' },
} as const;

const FIELD_LABELS: Record<string, string> = {
  google_play_developer_id: 'appSettings.field.google_play_developer_id',
  google_play_account_email: 'appSettings.field.google_play_account_email',
  apple_team_id: 'appSettings.field.apple_team_id',
  apple_account_email: 'appSettings.field.apple_account_email',
};

const FIELD_HELP: Record<string, string> = {
  google_play_developer_id: 'appSettings.help.google_play_developer_id',
  apple_team_id: 'appSettings.help.apple_team_id',
};

const FIELD_INVALID: Record<string, string> = {
  google_play_developer_id: 'appSettings.error.developerId',
  google_play_account_email: 'appSettings.error.invalidEmail',
  apple_team_id: 'appSettings.error.teamId',
  apple_account_email: 'appSettings.error.invalidEmail',
};

type Problems = Record<string, 'required' | 'invalid'>;

function problemText(intl: IntlShape, field: string, code: 'required' | 'invalid' | undefined) {
  if (!code) return undefined;
  return intl.formatMessage({
    id: code === 'required' ? 'common.requiredError' : (FIELD_INVALID[field] ?? 'appSettings.error.invalid'),
  });
}

function StatusChip({ request }: { request: AppRequest }) {
  const color =
    request.status === 'completed'
      ? 'success'
      : request.status === 'rejected'
        ? 'error'
        : request.status
          ? 'info'
          : 'default';
  return (
    <Chip
      size="small"
      color={color}
      data-testid={`status-${request.platform}`}
      label={
        <FormattedMessage id={request.status ? STATUS_LABELS[request.status] : 'appSettings.status.none'} />
      }
    />
  );
}

/** The store badge URL: a dynamic preference, shown and saved with the shared store. */
function StoreUrlField({ platform }: { platform: AppPlatform }) {
  const intl = useIntl();
  const name = APP_STORE_URL_PREFERENCE[platform];
  const { values, errors, loading, updating } = useDynamicPreferences([name]);
  const [value, setValue] = useState('');
  const stored = values[name];
  useEffect(() => {
    if (typeof stored === 'string') setValue(stored);
  }, [stored]);
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event: FormEvent) => {
        event.preventDefault();
        void saveDynamicPreferences({ [name]: value.trim() });
      }}
    >
      <Stack spacing={1.5}>
        <TextField
          name={name}
          size="small"
          label={intl.formatMessage({ id: 'appSettings.storeUrl' })}
          placeholder={
            platform === 'android'
              ? 'https://play.google.com/store/apps/details?id=…'
              : 'https://apps.apple.com/app/…'
          }
          value={value}
          onChange={(event) => setValue(event.target.value)}
          disabled={loading}
          error={Boolean(errors[name])}
          helperText={
            preferenceErrorText(intl, errors[name]) ?? intl.formatMessage({ id: 'appSettings.storeUrlHelp' })
          }
          fullWidth
        />
        <Box>
          <SaveButton saving={updating} disabled={loading} />
        </Box>
      </Stack>
    </Box>
  );
}

/** One store: the request's state and timeline, the accounts form and the store badge URL. */
export function AppRequestCard({ platform }: { platform: AppPlatform }) {
  const intl = useIntl();
  const query = useAppRequest(platform);
  const fields = APP_ACCOUNT_FIELDS[platform];
  const [account, setAccount] = useState<Record<string, string>>({});
  const [problems, setProblems] = useState<Problems>({});
  const request = query.data;

  useEffect(() => {
    if (request) setAccount(Object.fromEntries(fields.map((field) => [field, request.account[field] ?? ''])));
  }, [request, fields]);

  const refuse = (found: Problems) => {
    setProblems(found);
    notify({ messageId: 'appSettings.sendError', variant: 'error' });
  };

  const send = useSendAppRequestMutation(platform, {
    onSuccess: () => notify({ messageId: 'appSettings.sent', variant: 'success' }),
    onError: (error) => {
      const parsed = isHttpError(error) ? error.parsed : null;
      const found: Problems = {};
      for (const [field, code] of Object.entries(parsed?.fieldCodes ?? {})) {
        found[field] = code === 'required' ? 'required' : 'invalid';
      }
      // The request moved on meanwhile: the hook asks for it again.
      if (parsed?.codes.includes(AppSettingsErrorCode.invalidTransition)) {
        notify({ messageId: 'appSettings.busy', variant: 'error' });
      } else {
        refuse(found);
      }
    },
  });
  const sending = send.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkAppAccounts(platform, account);
    if (!check.ok) {
      refuse(Object.fromEntries(check.problems.map((p) => [p.field, p.code])));
      return;
    }
    setProblems({});
    send.mutate(check.account);
  };

  const Icon = platform === 'android' ? Android : Apple;
  const canSend = request?.can_send ?? false;
  return (
    <Paper
      variant="outlined"
      component="section"
      data-testid={`app-card-${platform}`}
      sx={{ p: { xs: 2, sm: 2.5 }, minWidth: 0 }}
    >
      <Stack
        direction="row"
        sx={{ alignItems: 'center', mb: 1, flexWrap: 'wrap', columnGap: 1.5, rowGap: 1 }}
      >
        <Icon sx={{ fontSize: 36, color: platform === 'android' ? '#3ddc84' : 'text.primary' }} />
        <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
          <Typography variant="h6" component="h2">
            <FormattedMessage id={PLATFORM_TEXT[platform].store} />
          </Typography>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id={PLATFORM_TEXT[platform].os} values={{ version: APP_MIN_OS[platform] }} />
          </Typography>
        </Box>
        {request && <StatusChip request={request} />}
      </Stack>
      {query.isError && (
        <Alert severity="error">
          <FormattedMessage id="common.genericError" />
        </Alert>
      )}
      {query.isPending && <Skeleton variant="rounded" height={200} />}
      {request && (
        <>
          {request.status ? (
            <AppRequestTimeline request={request} />
          ) : (
            <Typography color="text.secondary" sx={{ my: 1 }}>
              <FormattedMessage id="appSettings.notRequested" />
            </Typography>
          )}
          <Divider sx={{ my: 2 }} />
          <Box component="form" noValidate onSubmit={submit} data-testid={`app-form-${platform}`}>
            <Stack spacing={2}>
              <Typography variant="subtitle2" component="h3">
                <FormattedMessage id="appSettings.accounts" />
              </Typography>
              {fields.map((field) => (
                <TextField
                  key={field}
                  name={field}
                  size="small"
                  label={intl.formatMessage({ id: FIELD_LABELS[field] ?? 'appSettings.field.unknown' })}
                  value={account[field] ?? ''}
                  onChange={(event) => setAccount((current) => ({ ...current, [field]: event.target.value }))}
                  disabled={!canSend || sending}
                  error={Boolean(problems[field])}
                  helperText={
                    problemText(intl, field, problems[field]) ??
                    (FIELD_HELP[field] ? intl.formatMessage({ id: FIELD_HELP[field] }) : undefined)
                  }
                  type={field.endsWith('email') ? 'email' : 'text'}
                  autoComplete="off"
                  fullWidth
                />
              ))}
              {!canSend && (
                <Alert severity="info">
                  <FormattedMessage id="appSettings.inProgress" />
                </Alert>
              )}
              <Box>
                <Button
                  type="submit"
                  variant="contained"
                  disabled={!canSend || sending}
                  startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : <Send />}
                  data-testid={`app-send-${platform}`}
                >
                  <FormattedMessage id={request.status ? 'appSettings.sendAgain' : 'appSettings.send'} />
                </Button>
              </Box>
            </Stack>
          </Box>
          <Divider sx={{ my: 2 }} />
          <StoreUrlField platform={platform} />
        </>
      )}
    </Paper>
  );
}
