import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';
import { fieldRefusal } from '../components/field-errors.ts';
import { RefusalText } from '../components/refusal-text.tsx';

interface TokenAnswer {
  token: { access_token: string; refresh_token: string };
}

function Frame({ title, children }: { title: ReactNode; children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 480, mx: 'auto' }}>
      <Stack spacing={2.5}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        {children}
      </Stack>
    </Paper>
  );
}

/** The link of the verification email: the address is confirmed and the member signed in. */
export function VerifyEmailPage() {
  const site = useSite();
  const client = useQueryClient();
  const params = useSearchParams();
  const code = params.get('token') ?? '';
  const asked = useRef(false);
  const verify = useMutation({
    mutationFn: async () =>
      (await site.call('account/verify/', {
        method: 'POST',
        body: { validation_code: code },
      })) as TokenAnswer,
    onSuccess: async (answer) => {
      site.sessions.set({ access: answer.token.access_token, refresh: answer.token.refresh_token });
      await client.invalidateQueries();
    },
  });
  useEffect(() => {
    if (!asked.current && code) {
      asked.current = true;
      verify.mutate();
    }
  }, [code, verify]);
  return (
    <Frame title={<FormattedMessage id="site.verify.title" />}>
      {verify.isSuccess && (
        <Alert severity="success">
          <FormattedMessage id="site.verify.done" />
        </Alert>
      )}
      {(verify.isError || !code) && (
        <Alert severity="error" role="alert">
          <FormattedMessage id="site.verify.refused" />
        </Alert>
      )}
      {verify.isPending && (
        <Typography>
          <FormattedMessage id="site.verify.busy" />
        </Typography>
      )}
      <div>
        <Button variant="contained" href={`${site.base}/`}>
          <FormattedMessage id="site.notFound.home" />
        </Button>
      </div>
    </Frame>
  );
}

/** A member who forgot their password asks for a link by email. */
export function ForgotPasswordPage() {
  const intl = useIntl();
  const site = useSite();
  const [email, setEmail] = useState('');
  const recover = useMutation({
    mutationFn: () => site.call('account/recover/', { method: 'POST', body: { email: email.trim() } }),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) recover.mutate();
  };
  return (
    <Frame title={<FormattedMessage id="site.recover.title" />}>
      {recover.isSuccess ? (
        <Alert severity="success">
          <FormattedMessage id="site.recover.sent" values={{ email: email.trim() }} />
        </Alert>
      ) : (
        <Stack component="form" spacing={2} onSubmit={submit}>
          <Typography>
            <FormattedMessage id="site.recover.explain" />
          </Typography>
          <TextField
            label={intl.formatMessage({ id: 'site.signUp.email' })}
            type="email"
            autoComplete="email"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            required
          />
          {recover.isError && (
            <Alert severity="error" role="alert">
              {recover.error.message}
            </Alert>
          )}
          <Button type="submit" variant="contained" disabled={!email.trim() || recover.isPending}>
            <FormattedMessage id="site.recover.send" />
          </Button>
        </Stack>
      )}
    </Frame>
  );
}

/** The link of the recovery email: a new password, then the member is signed in. */
export function ResetPasswordPage() {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const params = useSearchParams();
  const code = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const reset = useMutation({
    mutationFn: async () =>
      (await site.call('account/reset/', {
        method: 'POST',
        body: { validation_code: code, password },
      })) as TokenAnswer,
    onSuccess: async (answer) => {
      site.sessions.set({ access: answer.token.access_token, refresh: answer.token.refresh_token });
      await client.invalidateQueries();
      void navigate('/', { replace: true });
    },
  });
  const refusal = reset.error ? fieldRefusal(reset.error) : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (password) reset.mutate();
  };
  return (
    <Frame title={<FormattedMessage id="site.reset.title" />}>
      {(!code || refusal?.fields.validation_code) && (
        <Alert severity="error" role="alert">
          <FormattedMessage id="site.reset.refused" />
        </Alert>
      )}
      <Stack component="form" spacing={2} onSubmit={submit}>
        <TextField
          label={intl.formatMessage({ id: 'site.reset.password' })}
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          error={Boolean(refusal?.fields.password)}
          helperText={<RefusalText refusal={refusal?.fields.password} />}
          required
        />
        <Button type="submit" variant="contained" disabled={!code || !password || reset.isPending}>
          <FormattedMessage id="site.reset.save" />
        </Button>
      </Stack>
    </Frame>
  );
}
