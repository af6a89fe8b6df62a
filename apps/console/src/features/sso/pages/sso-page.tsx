import type { TwoFactorSigninResult } from '@agora/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { fieldErrorText, generalErrorText } from '../../../core/http/error-text.ts';
import { signIn } from '../../../core/session/sign-in.ts';
import { setStack } from '../../../core/stack/stack-store.ts';
import { useSsoTicketMutation } from '../api/sso.ts';
import { isTwoFactorChallenge, CodeStepForm } from '../../two-factor/index.ts';

/** Where to go after signing in: a path of this console (never another site), else home. */
function safeNext(next: string | null): string {
  return next && next.startsWith('/') && !next.startsWith('//') && !next.includes('\\') ? next : '/';
}

/** /community/sso/?ticket=…: signs in with a ticket and opens the community it came from. */
export default function SsoPage() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const ticket = searchParams.get('ticket');
  const next = safeNext(searchParams.get('next'));
  const started = useRef(false);
  const [challenge, setChallenge] = useState<string | null>(null);
  const finish = (result: TwoFactorSigninResult) => {
    signIn(result);
    if (result.stack) setStack(result.stack);
    void navigate(next, { replace: true });
  };
  const exchange = useSsoTicketMutation({
    // An account with a second factor answers its code before the session is opened.
    onSuccess: (result) => (isTwoFactorChallenge(result) ? setChallenge(result.challenge) : finish(result)),
  });

  useEffect(() => {
    // A ticket is single-use: never send it twice (StrictMode runs effects twice in development).
    if (!ticket || started.current) return;
    started.current = true;
    exchange.mutate(ticket);
  }, [ticket, exchange]);

  const failed = !ticket || exchange.isError;
  if (challenge) {
    return (
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
      >
        <Box sx={{ width: '100%', maxWidth: 420 }}>
          <CodeStepForm
            challenge={challenge}
            onSuccess={finish}
            onRestart={() => void navigate('/signin', { replace: true })}
            restartLabelId="twoFactor.signin.toSignin"
          />
        </Box>
      </Box>
    );
  }
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      {failed ? (
        <Box sx={{ maxWidth: 440, display: 'grid', gap: 2, textAlign: 'center' }}>
          <Typography variant="h5" component="h1">
            <FormattedMessage id="sso.title" />
          </Typography>
          <Alert severity="error">
            {ticket
              ? (generalErrorText(intl, exchange.error) ??
                fieldErrorText(intl, exchange.error, 'ticket') ??
                intl.formatMessage({ id: 'sso.invalidTicket' }))
              : intl.formatMessage({ id: 'sso.missingTicket' })}
          </Alert>
          <Button component={Link} to="/signin" variant="contained">
            <FormattedMessage id="sso.goToSignin" />
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'grid', justifyItems: 'center', gap: 2 }}>
          <CircularProgress size={50} aria-hidden />
          <Typography color="text.secondary">
            <FormattedMessage id="sso.progress" />
          </Typography>
        </Box>
      )}
    </Box>
  );
}
