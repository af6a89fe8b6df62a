import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { useCommunityName } from '../components/community-name.ts';
import { OtherDoor } from '../components/other-door.tsx';
import { signIn, SignInError, type SignInRefusal } from '../session/site-auth.ts';

export const REFUSAL_MESSAGE: Record<SignInRefusal, string> = {
  credentials: 'site.signIn.refused',
  throttled: 'site.signIn.throttled',
  unavailable: 'site.signIn.unavailable',
  pending: 'site.signIn.pending',
  blocked: 'site.signIn.blocked',
};

/** Where to go after signing in: a path of this site only (never another origin). */
export function nextPath(value: string | null): string {
  return value && value.startsWith('/') && !value.startsWith('//') ? value : '/';
}

/** A member signs in with their username (or email) and password. */
export function SignInPage() {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const params = useSearchParams();
  const community = useCommunityName();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [refusal, setRefusal] = useState<SignInRefusal | null>(null);
  const [until, setUntil] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setRefusal(null);
    try {
      await signIn(site.base, site.clientId, site.sessions, username.trim(), password);
      await client.invalidateQueries();
      void navigate(nextPath(params.get('next')), { replace: true });
    } catch (error) {
      setRefusal(error instanceof SignInError ? error.reason : 'unavailable');
      setUntil(error instanceof SignInError ? error.until : null);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 440, mx: 'auto' }}>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <Typography variant="h5" component="h1">
          <FormattedMessage id="site.signIn.title" values={{ community }} />
        </Typography>
        {refusal && (
          <Alert severity="error" role="alert">
            {refusal === 'blocked' && until ? (
              <FormattedMessage
                id="site.signIn.blockedUntil"
                values={{ until: <FormattedDate value={until} dateStyle="long" timeStyle="short" /> }}
              />
            ) : (
              <FormattedMessage id={REFUSAL_MESSAGE[refusal]} />
            )}
          </Alert>
        )}
        <TextField
          label={intl.formatMessage({ id: 'site.signIn.username' })}
          name="username"
          autoComplete="username"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          required
          autoFocus
        />
        <TextField
          label={intl.formatMessage({ id: 'site.signIn.password' })}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          required
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          disabled={busy || !username.trim() || !password}
        >
          <FormattedMessage id={busy ? 'site.signIn.busy' : 'site.signIn'} />
        </Button>
        <Stack direction="row" sx={{ justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            <FormattedMessage id="site.signIn.forgot" />
          </Link>
          <OtherDoor sentence="site.signIn.noAccount" to="/signup" label="site.signUp" />
        </Stack>
      </Stack>
    </Paper>
  );
}
