import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { checkTestRecipient, ServerSettingsErrorCode, type MailServerTestResult } from '@agora/contract';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { isHttpError } from '../../../core/http/http-error.ts';
import { sendTestEmail } from '../api/server-settings-api.ts';
import type { MailServerValues } from './mail-server-values.ts';
import { generalProblemText, problemText, problemsOfEntries, problemsOfError } from './server-error-text.ts';

type Outcome = { ok: true; result: MailServerTestResult } | { ok: false; text: string };

/**
 * Sends a test email through the settings in the form (the stored password when none is typed)
 * and shows the SMTP server's own answer or error.
 */
export function TestEmailDialog({
  open,
  onClose,
  values,
}: {
  open: boolean;
  onClose: () => void;
  values: MailServerValues;
}) {
  const intl = useIntl();
  const [to, setTo] = useState('');
  const [toError, setToError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const send = async (event: FormEvent) => {
    event.preventDefault();
    event.stopPropagation();
    setOutcome(undefined);
    const check = checkTestRecipient(to);
    if (!check.ok) {
      setToError(problemText(intl, problemsOfEntries(check.errors).to));
      return;
    }
    setToError(undefined);
    setSending(true);
    try {
      const settings = values.host.trim() ? { ...values, sender: 'custom' as const } : {};
      setOutcome({ ok: true, result: await sendTestEmail({ ...settings, to: check.value }) });
    } catch (error) {
      const problems = problemsOfError(error);
      if (problems.to) setToError(problemText(intl, problems.to));
      // Settings problems belong to the form behind the dialog: name the missing host plainly.
      const fieldText = Object.entries(problems)
        .filter(([field]) => field !== 'to')
        .map(([field, problem]) =>
          field === 'host' && problem.code === 'required'
            ? intl.formatMessage({ id: 'serverSettings.test.hostRequired' })
            : problemText(intl, problem),
        )
        .join(' ');
      const smtp =
        isHttpError(error) && error.parsed.generalCode === ServerSettingsErrorCode.smtpError
          ? error.parsed.general
          : undefined;
      const text = smtp
        ? intl.formatMessage({ id: 'serverSettings.test.failed' }, { answer: smtp })
        : fieldText || generalProblemText(intl, error);
      if (text) setOutcome({ ok: false, text });
    } finally {
      setSending(false);
    }
  };

  const close = () => {
    setOutcome(undefined);
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" data-testid="test-email-dialog">
      <Box component="form" noValidate onSubmit={(event) => void send(event)}>
        <DialogTitle>
          <FormattedMessage id="serverSettings.test.title" />
        </DialogTitle>
        <DialogContent sx={{ display: 'grid', gap: 2 }}>
          <DialogContentText>
            <FormattedMessage id="serverSettings.test.intro" />
          </DialogContentText>
          <TextField
            name="to"
            type="email"
            label={intl.formatMessage({ id: 'serverSettings.test.recipient' })}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(toError)}
            helperText={toError}
            disabled={sending}
            autoFocus
            fullWidth
            sx={{ mt: 1 }}
          />
          {outcome?.ok && (
            <Alert severity="success" data-testid="test-email-result">
              <FormattedMessage id="serverSettings.test.sent" />
              <Box
                component="div"
                sx={{ fontFamily: 'monospace', fontSize: 13, mt: 0.5, wordBreak: 'break-word' }}
              >
                {outcome.result.response}
              </Box>
            </Alert>
          )}
          {outcome && !outcome.ok && (
            <Alert severity="error" data-testid="test-email-result" sx={{ wordBreak: 'break-word' }}>
              {outcome.text}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>
            <FormattedMessage id="serverSettings.test.close" />
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={sending}
            startIcon={sending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            data-testid="send-test-email"
          >
            <FormattedMessage id="serverSettings.test.send" />
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
