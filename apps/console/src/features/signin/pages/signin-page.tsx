import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { fieldErrorText, generalErrorText } from '../../../core/http/error-text.ts';
import { PlainTextField } from '../../../core/forms/plain-text-field.tsx';
import { LocaleSwitch } from '../../../core/locale/locale-switch.tsx';
import { PRODUCT_NAME } from '../../../core/page-title/page-title.ts';
import { safeNextPath, type SigninRedirectState } from '../../../core/session/next-path.ts';
import { signIn } from '../../../core/session/sign-in.ts';
import { useSessionStore } from '../../../core/session/session-store.ts';
import { useSigninMutation } from '../api/signin.ts';
import { preloadSigninErrorAlert, SigninErrorAlert } from '../components/signin-error-alert.tsx';
import { isTwoFactorChallenge, CodeStepForm } from '../../two-factor/index.ts';

function useNextPath(): string {
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const from = (location.state as SigninRedirectState | null)?.from ?? searchParams.get('next');
  return safeNextPath(from, window.location.origin);
}

/** /signin: username or email and password (spec core §2). */
export default function SigninPage() {
  const intl = useIntl();
  const isLogged = useSessionStore((state) => state.isLogged);
  const nextPath = useNextPath();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  // An account with a second factor answers a challenge: the code step replaces the form.
  const [challenge, setChallenge] = useState<string | null>(null);
  const signin = useSigninMutation({
    onSuccess: (result) => (isTwoFactorChallenge(result) ? setChallenge(result.challenge) : signIn(result)),
  });

  if (isLogged) return <Navigate to={nextPath} replace />;

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    preloadSigninErrorAlert();
    signin.mutate({ username: username.trim(), password });
  };
  const usernameError = signin.error ? fieldErrorText(intl, signin.error, 'username') : null;
  const passwordError = signin.error ? fieldErrorText(intl, signin.error, 'password') : null;
  const generalError = signin.error ? generalErrorText(intl, signin.error) : null;

  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        bgcolor: 'grey.100',
        p: 2,
      }}
    >
      <Paper component="main" elevation={2} sx={{ width: '100%', maxWidth: 420, p: { xs: 3, sm: 4 } }}>
        <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mb: 3 }}>
          <Typography variant="h5" component="div" color="primary" sx={{ fontWeight: 700 }}>
            {PRODUCT_NAME}
          </Typography>
          <LocaleSwitch />
        </Box>
        {challenge ? (
          <CodeStepForm
            challenge={challenge}
            onSuccess={signIn}
            onRestart={() => {
              setChallenge(null);
              setPassword('');
              signin.reset();
            }}
            restartLabelId="twoFactor.signin.restart"
          />
        ) : (
          <>
            <Typography variant="h4" component="h1" gutterBottom>
              <FormattedMessage id="signin.title" />
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              <FormattedMessage id="signin.subtitle" />
            </Typography>
            <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2 }}>
              {generalError && <SigninErrorAlert>{generalError}</SigninErrorAlert>}
              <PlainTextField
                id="signin-username"
                name="username"
                label={intl.formatMessage({ id: 'signin.username' })}
                autoComplete="username"
                autoFocus
                value={username}
                onChange={(event) => setUsername(event.target.value)}
                error={Boolean(usernameError)}
                helperText={usernameError ?? ' '}
              />
              <PlainTextField
                id="signin-password"
                name="password"
                type="password"
                label={intl.formatMessage({ id: 'signin.password' })}
                autoComplete="current-password"
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                error={Boolean(passwordError)}
                helperText={passwordError ?? ' '}
              />
              <Button
                type="submit"
                variant="contained"
                size="large"
                disabled={signin.isPending}
                startIcon={
                  signin.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
                }
              >
                <FormattedMessage id="signin.submit" />
              </Button>
            </Box>
          </>
        )}
      </Paper>
    </Box>
  );
}
