import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkRegistrationAlertInput,
  REGISTRATION_ALERT_MAX_RECIPIENTS,
  REGISTRATION_ALERT_SPANS,
  type RegistrationAlertProblem,
  type RegistrationAlertState,
} from '@agora/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { DateField } from '../../../core/forms/date-field.tsx';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useUpdateRegistrationAlertsMutation } from '../api/registration-alert-api.ts';

type Field = RegistrationAlertProblem['field'];
type Code = RegistrationAlertProblem['code'];

const SPAN_LABELS: Record<(typeof REGISTRATION_ALERT_SPANS)[number], string> = {
  daily: 'registrationAlerts.span.daily',
  weekly: 'registrationAlerts.span.weekly',
  monthly: 'registrationAlerts.span.monthly',
  forever: 'registrationAlerts.span.forever',
  specific_dates: 'registrationAlerts.span.specific_dates',
};

const INVALID_BY_FIELD: Partial<Record<Field, string>> = {
  threshold: 'registrationAlerts.error.threshold',
  span: 'registrationAlerts.error.span',
  date_from: 'registrationAlerts.error.date',
  date_to: 'registrationAlerts.error.date',
};

const BY_CODE: Partial<Record<Code, string>> = {
  required: 'common.requiredError',
  invalid_email: 'registrationAlerts.error.invalidEmail',
  too_many: 'registrationAlerts.error.tooMany',
  date_order: 'registrationAlerts.error.dateOrder',
};

function problemText(intl: IntlShape, field: Field, code: Code | undefined): string | undefined {
  if (!code) return undefined;
  const id = BY_CODE[code] ?? INVALID_BY_FIELD[field] ?? 'registrationAlerts.error.invalid';
  return intl.formatMessage({ id }, { max: REGISTRATION_ALERT_MAX_RECIPIENTS });
}

interface FormValues {
  active: boolean;
  span: string;
  date_from: string;
  date_to: string;
  threshold: string;
  recipients: string;
  block: boolean;
}

function valuesOf(state: RegistrationAlertState): FormValues {
  return {
    active: state.active,
    span: state.span,
    date_from: state.date_from ?? '',
    date_to: state.date_to ?? '',
    threshold: String(state.threshold),
    recipients: state.recipients.join('\n'),
    block: state.block,
  };
}

/** The registration threshold (spec mgmt §2-§3): on/off, period, threshold, recipients, block. */
export function RegistrationAlertForm({ state }: { state: RegistrationAlertState }) {
  const intl = useIntl();
  const [values, setValues] = useState<FormValues>(() => valuesOf(state));
  const [problems, setProblems] = useState<Partial<Record<Field, Code>>>({});

  useEffect(() => setValues(valuesOf(state)), [state]);

  const set = <K extends keyof FormValues>(name: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const fail = (found: Partial<Record<Field, Code>>) => {
    setProblems(found);
    notify({ messageId: 'registrationAlerts.updateError', variant: 'error' });
  };

  const update = useUpdateRegistrationAlertsMutation({
    onSuccess: () => notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' }),
    onError: (error) => {
      const parsed = isHttpError(error) ? error.parsed : null;
      fail(
        Object.fromEntries(
          Object.entries(parsed?.fieldCodes ?? {}).map(([field, code]) => [field, code as Code]),
        ),
      );
    },
  });
  const saving = update.isPending;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = checkRegistrationAlertInput({ ...values });
    if (!check.ok) {
      fail(Object.fromEntries(check.problems.map((p) => [p.field, p.code])));
      return;
    }
    setProblems({});
    update.mutate(check.settings);
  };

  const field = (name: Field) => ({
    error: Boolean(problems[name]),
    helperText: problemText(intl, name, problems[name]),
  });

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Box component="form" noValidate onSubmit={submit} data-testid="registration-alert-form">
        <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
          <FormControlLabel
            control={
              <Switch
                name="active"
                checked={values.active}
                onChange={(event) => set('active', event.target.checked)}
              />
            }
            label={intl.formatMessage({ id: 'registrationAlerts.active' })}
          />
          <TextField
            select
            name="span"
            label={intl.formatMessage({ id: 'registrationAlerts.span' })}
            value={values.span}
            onChange={(event) => set('span', event.target.value)}
            {...field('span')}
            fullWidth
          >
            {REGISTRATION_ALERT_SPANS.map((span) => (
              <MenuItem key={span} value={span}>
                <FormattedMessage id={SPAN_LABELS[span]} />
              </MenuItem>
            ))}
          </TextField>
          {values.span === 'specific_dates' && (
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <DateField
                name="date_from"
                testId="registration-alert-date-from"
                label={intl.formatMessage({ id: 'registrationAlerts.dateFrom' })}
                value={values.date_from}
                onChange={(day) => set('date_from', day)}
                {...field('date_from')}
                fullWidth
              />
              <DateField
                name="date_to"
                testId="registration-alert-date-to"
                label={intl.formatMessage({ id: 'registrationAlerts.dateTo' })}
                value={values.date_to}
                onChange={(day) => set('date_to', day)}
                {...field('date_to')}
                fullWidth
              />
            </Stack>
          )}
          <TextField
            name="threshold"
            label={intl.formatMessage({ id: 'registrationAlerts.threshold' })}
            value={values.threshold}
            onChange={(event) => set('threshold', event.target.value)}
            slotProps={{ htmlInput: { inputMode: 'numeric' } }}
            {...field('threshold')}
            helperText={
              field('threshold').helperText ?? intl.formatMessage({ id: 'registrationAlerts.thresholdHelp' })
            }
            fullWidth
          />
          <TextField
            name="recipients"
            label={intl.formatMessage({ id: 'registrationAlerts.recipients' })}
            value={values.recipients}
            onChange={(event) => set('recipients', event.target.value)}
            multiline
            minRows={3}
            {...field('recipients')}
            helperText={
              field('recipients').helperText ??
              intl.formatMessage(
                { id: 'registrationAlerts.recipientsHelp' },
                { max: REGISTRATION_ALERT_MAX_RECIPIENTS },
              )
            }
            fullWidth
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  name="block"
                  checked={values.block}
                  onChange={(event) => set('block', event.target.checked)}
                />
              }
              label={intl.formatMessage({ id: 'registrationAlerts.block' })}
            />
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="registrationAlerts.blockHelp" />
            </Typography>
          </Box>
          <Box>
            <SaveButton saving={saving} />
          </Box>
        </Stack>
      </Box>
    </Paper>
  );
}
