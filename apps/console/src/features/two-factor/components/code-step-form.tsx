import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { TwoFactorErrorCode, type TwoFactorSigninResult } from '@agora/contract';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { hasErrorCode, twoFactorErrorId } from '../api/two-factor-api.ts';
import { useCompleteSigninMutation } from '../api/use-two-factor-mutations.ts';
import { CodeField } from './code-field.tsx';

export interface CodeStepFormProps {
  challenge: string;
  onSuccess(result: TwoFactorSigninResult): void;
  /** The challenge expired or was spent: start again from the password (or the community). */
  onRestart(): void;
  restartLabelId: string;
}

/** The sign-in's second step: the code from the authenticator app, or a recovery code. */
export function CodeStepForm({ challenge, onSuccess, onRestart, restartLabelId }: CodeStepFormProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const [recovery, setRecovery] = useState(false);
  const step = useCompleteSigninMutation(challenge, { onSuccess });
  const expired = hasErrorCode(step.error, TwoFactorErrorCode.invalidChallenge);
  const errorId = step.error ? twoFactorErrorId(step.error) : null;
  const error = step.error
    ? errorId
      ? intl.formatMessage({ id: errorId })
      : generalErrorText(intl, step.error)
    : null;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (code.trim() !== '') step.mutate(code.trim());
  };

  return (
    <Box
      component="form"
      noValidate
      onSubmit={onSubmit}
      sx={{ display: 'grid', gap: 2 }}
      data-testid="code-step"
    >
      <Typography variant="h4" component="h1">
        <FormattedMessage id="twoFactor.signin.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id={recovery ? 'twoFactor.signin.recoveryHelp' : 'twoFactor.signin.help'} />
      </Typography>
      {expired ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={onRestart}>
              <FormattedMessage id={restartLabelId} />
            </Button>
          }
        >
          {error}
        </Alert>
      ) : (
        <CodeField
          id="signin-code"
          value={code}
          onChange={setCode}
          allowRecovery={recovery}
          error={error}
          autoFocus
        />
      )}
      {!expired && (
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={step.isPending || code.trim() === ''}
          startIcon={step.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          <FormattedMessage id="twoFactor.signin.submit" />
        </Button>
      )}
      {!expired && (
        <Link
          component="button"
          type="button"
          variant="body2"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            step.reset();
          }}
          sx={{ justifySelf: 'start' }}
        >
          <FormattedMessage id={recovery ? 'twoFactor.signin.useApp' : 'twoFactor.signin.useRecovery'} />
        </Link>
      )}
    </Box>
  );
}
