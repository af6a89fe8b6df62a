import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate, useSearchParams } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { signInWithSso, SignInError, type SignInRefusal } from '../session/site-auth.ts';
import { nextPath, REFUSAL_MESSAGE } from './sign-in-page.tsx';

/** The token in the address's fragment (`#token=…`): a fragment never reaches a server or its logs. */
function fragmentToken(): string | null {
  return new URLSearchParams(window.location.hash.replace(/^#/, '')).get('token');
}

/**
 * Single sign-on from the owner's own app: it sends the member to `/sso?next=/path#token=<JWT>`, the
 * JWT signed with the community's key. The page trades it for a session, forgets it from the address
 * and goes on to `next` (a path of this site only).
 */
export function SsoPage() {
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const params = useSearchParams();
  const [refusal, setRefusal] = useState<SignInRefusal | 'missing' | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const jwt = fragmentToken();
    // The token leaves the address (and the history) before anything else happens.
    window.history.replaceState(null, '', window.location.pathname + window.location.search);
    if (!jwt) {
      setRefusal('missing');
      return;
    }
    signInWithSso(site.base, site.sessions, jwt)
      .then(async () => {
        await client.invalidateQueries();
        void navigate(nextPath(params.get('next')), { replace: true });
      })
      .catch((error: unknown) => setRefusal(error instanceof SignInError ? error.reason : 'unavailable'));
  }, [client, navigate, params, site.base, site.sessions]);

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 440, mx: 'auto' }}>
      <Stack spacing={2.5} sx={{ alignItems: 'flex-start' }}>
        <Typography variant="h5" component="h1">
          <FormattedMessage id="site.sso.title" />
        </Typography>
        {refusal ? (
          <>
            <Alert severity="error" role="alert" sx={{ alignSelf: 'stretch' }}>
              <FormattedMessage
                id={
                  refusal === 'missing'
                    ? 'site.sso.missing'
                    : refusal === 'credentials'
                      ? 'site.sso.refused'
                      : REFUSAL_MESSAGE[refusal]
                }
              />
            </Alert>
            <Button variant="contained" component={RouterLink} to="/signin">
              <FormattedMessage id="site.signIn" />
            </Button>
          </>
        ) : (
          <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }} role="status">
            <CircularProgress size={24} aria-hidden />
            <Typography>
              <FormattedMessage id="site.sso.busy" />
            </Typography>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
