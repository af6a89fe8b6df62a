import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SendOutlined from '@mui/icons-material/SendOutlined';
import { checkMailServer, DEFAULT_SMTP_PORT, type MailSender } from '@agora/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useMailServerQuery, useSaveMailServerMutation } from '../api/server-settings-api.ts';
import {
  generalProblemText,
  problemsOfEntries,
  problemsOfError,
  problemText,
  type FieldProblems,
} from './server-error-text.ts';
import { EMPTY_MAIL_SERVER_VALUES, mailServerValuesOf, type MailServerValues } from './mail-server-values.ts';
import { TestEmailDialog } from './test-email-dialog.tsx';

type TextFieldName = 'host' | 'port' | 'username' | 'password' | 'from_email' | 'from_name';

/** The community's SMTP server (spec mgmt §2, §3); saving restarts the community. */
export function MailServerForm({ online }: { online: boolean }) {
  const intl = useIntl();
  const query = useMailServerQuery();
  const [values, setValues] = useState<MailServerValues>(EMPTY_MAIL_SERVER_VALUES);
  const [problems, setProblems] = useState<FieldProblems>({});
  const [general, setGeneral] = useState<string>();
  const [testOpen, setTestOpen] = useState(false);
  const save = useSaveMailServerMutation({
    onSuccess: (saved) => {
      setValues(mailServerValuesOf(saved));
      notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' });
    },
    onError: (error) => {
      setProblems(problemsOfError(error));
      setGeneral(generalProblemText(intl, error));
    },
  });
  const saving = save.isPending;

  useEffect(() => {
    if (query.data) setValues(mailServerValuesOf(query.data));
  }, [query.data]);

  const set = <K extends keyof MailServerValues>(name: K, value: MailServerValues[K]) =>
    setValues((current) => ({ ...current, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    const check = checkMailServer(values);
    if (!check.ok) {
      setProblems(problemsOfEntries(check.errors));
      return;
    }
    setProblems({});
    save.mutate(values);
  };

  const disabled = !online || saving || query.isPending;
  const text = (
    name: TextFieldName,
    labelId: string,
    extra: Partial<Parameters<typeof TextField>[0]> = {},
  ) => (
    <TextField
      name={name}
      label={intl.formatMessage({ id: labelId })}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      disabled={disabled}
      error={Boolean(problems[name])}
      helperText={problemText(intl, problems[name]) ?? extra.helperText}
      fullWidth
      {...extra}
    />
  );

  return (
    <>
      <Box component="form" noValidate onSubmit={submit} data-testid="mail-server-form">
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <Typography color="text.secondary">
            <FormattedMessage id="serverSettings.mail.intro" />
          </Typography>
          {query.isError && <Alert severity="error">{generalProblemText(intl, query.error)}</Alert>}
          {general && <Alert severity="error">{general}</Alert>}
          <FormControl disabled={disabled} error={Boolean(problems.sender)}>
            <FormLabel id="mail-sender-label">
              <FormattedMessage id="serverSettings.mail.sender" />
            </FormLabel>
            <RadioGroup
              row
              aria-labelledby="mail-sender-label"
              name="sender"
              value={values.sender}
              onChange={(event) => set('sender', event.target.value as MailSender)}
            >
              <FormControlLabel
                value="default"
                control={<Radio />}
                label={intl.formatMessage({ id: 'serverSettings.mail.senderDefault' })}
              />
              <FormControlLabel
                value="custom"
                control={<Radio />}
                label={intl.formatMessage({ id: 'serverSettings.mail.senderCustom' })}
              />
            </RadioGroup>
            <FormHelperText>
              {problemText(intl, problems.sender) ??
                intl.formatMessage({
                  id:
                    values.sender === 'custom'
                      ? 'serverSettings.mail.senderCustomHelp'
                      : 'serverSettings.mail.senderDefaultHelp',
                })}
            </FormHelperText>
          </FormControl>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('host', 'serverSettings.mail.host', {
              placeholder: 'smtp.example.com',
              autoComplete: 'off',
            })}
            {text('port', 'serverSettings.mail.port', {
              placeholder: String(DEFAULT_SMTP_PORT),
              inputMode: 'numeric',
              sx: { maxWidth: { sm: 160 } },
            })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 0, sm: 3 }}>
            <FormControlLabel
              control={
                <Switch
                  name="use_tls"
                  checked={values.use_tls}
                  onChange={(event) => set('use_tls', event.target.checked)}
                  disabled={disabled}
                />
              }
              label={intl.formatMessage({ id: 'serverSettings.mail.useTls' })}
            />
            <FormControlLabel
              control={
                <Switch
                  name="use_ssl"
                  checked={values.use_ssl}
                  onChange={(event) => set('use_ssl', event.target.checked)}
                  disabled={disabled}
                />
              }
              label={intl.formatMessage({ id: 'serverSettings.mail.useSsl' })}
            />
          </Stack>
          {problems.use_ssl && (
            <Alert severity="error" data-testid="tls-error">
              {problemText(intl, problems.use_ssl)}
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('username', 'serverSettings.mail.username', { autoComplete: 'off' })}
            {text('password', 'serverSettings.mail.password', {
              type: 'password',
              autoComplete: 'new-password',
              placeholder: query.data?.has_password ? '••••' : '',
              helperText: query.data?.has_password
                ? intl.formatMessage({ id: 'serverSettings.mail.passwordKept' })
                : undefined,
            })}
          </Stack>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {text('from_email', 'serverSettings.mail.fromEmail', {
              type: 'email',
              placeholder: 'news@example.com',
            })}
            {text('from_name', 'serverSettings.mail.fromName')}
          </Stack>
          <Stack direction="row" spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <SaveButton saving={saving} disabled={disabled} />
            <Button
              variant="outlined"
              startIcon={<SendOutlined />}
              onClick={() => setTestOpen(true)}
              disabled={saving || query.isPending}
              data-testid="open-test-email"
            >
              <FormattedMessage id="serverSettings.test.open" />
            </Button>
          </Stack>
        </Stack>
      </Box>
      {/* Outside the form: a dialog is portalled, but React events still bubble through its parents. */}
      <TestEmailDialog open={testOpen} onClose={() => setTestOpen(false)} values={values} />
    </>
  );
}
