import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { useCommunityName } from '../components/community-name.ts';
import { OtherDoor } from '../components/other-door.tsx';
import { fieldRefusal } from '../components/field-errors.ts';
import { RefusalText } from '../components/refusal-text.tsx';
import { signIn } from '../session/site-auth.ts';
import { NO_PREFERENCES, preferenceText } from '../site-api/site-queries.ts';

/**
 * A visitor joins: username, email and password; the invite code when the community is by invitation
 * only (taken from the invitation's link); a promo code; the legal pages to accept. A community with
 * approval shows the waiting message; otherwise the new member is signed in.
 */
export function SignUpPage() {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const navigate = useNavigate();
  const params = useSearchParams();
  const community = useCommunityName();
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  const legal = useQuery(site.queries.legalPages());
  const byInvitation = preferenceText(preferences, 'registration_mode') === 'invitation_only';
  const [values, setValues] = useState({
    username: '',
    email: '',
    password: '',
    invite_code: params.get('invite_code') ?? '',
    promo_code: params.get('promo_code') ?? '',
  });
  const [accepted, setAccepted] = useState<number[]>([]);
  const [waiting, setWaiting] = useState(false);
  const set = (name: keyof typeof values) => (e: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [name]: e.target.value }));

  const create = useMutation({
    mutationFn: async () =>
      (await site.call('account/create/', {
        method: 'POST',
        body: {
          username: values.username.trim(),
          email: values.email.trim(),
          password: values.password,
          language: site.locale,
          legal_pages: accepted,
          ...(values.invite_code.trim() ? { invite_code: values.invite_code.trim() } : {}),
          ...(values.promo_code.trim() ? { promo_code: values.promo_code.trim() } : {}),
        },
      })) as { reg_approved?: boolean },
    onSuccess: async (member) => {
      if (member.reg_approved === false) {
        setWaiting(true);
        return;
      }
      await signIn(site.base, site.clientId, site.sessions, values.username.trim(), values.password);
      await client.invalidateQueries();
      void navigate('/', { replace: true });
    },
  });
  const refusal = create.error ? fieldRefusal(create.error) : undefined;
  const pages = legal.data ?? [];
  const ready =
    values.username.trim() &&
    values.email.trim() &&
    values.password &&
    (!byInvitation || values.invite_code.trim()) &&
    pages.every((page) => accepted.includes(page.id));

  if (waiting) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 520, mx: 'auto' }}>
        <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
          <FormattedMessage id="site.signUp.waitingTitle" />
        </Typography>
        <Typography>
          <FormattedMessage id="site.signUp.waiting" values={{ community }} />
        </Typography>
      </Paper>
    );
  }

  const field = (name: keyof typeof values, label: string, extra: Record<string, unknown> = {}) => (
    <TextField
      label={label}
      name={name}
      value={values[name]}
      onChange={set(name)}
      error={Boolean(refusal?.fields[name])}
      helperText={<RefusalText refusal={refusal?.fields[name]} />}
      {...extra}
    />
  );
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (ready) create.mutate();
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 4 }, maxWidth: 520, mx: 'auto' }}>
      <Stack component="form" spacing={2.5} onSubmit={submit} noValidate>
        <Typography variant="h5" component="h1">
          <FormattedMessage id="site.signUp.title" values={{ community }} />
        </Typography>
        {refusal && refusal.general.length > 0 && (
          <Alert severity="error" role="alert">
            {refusal.general.join(' ')}
          </Alert>
        )}
        {field('username', intl.formatMessage({ id: 'site.signUp.username' }), {
          autoComplete: 'username',
          required: true,
        })}
        {field('email', intl.formatMessage({ id: 'site.signUp.email' }), {
          type: 'email',
          autoComplete: 'email',
          required: true,
        })}
        {field('password', intl.formatMessage({ id: 'site.signIn.password' }), {
          type: 'password',
          autoComplete: 'new-password',
          required: true,
        })}
        {byInvitation &&
          field('invite_code', intl.formatMessage({ id: 'site.signUp.inviteCode' }), { required: true })}
        {field('promo_code', intl.formatMessage({ id: 'site.signUp.promoCode' }))}
        {pages.map((page) => (
          <FormControlLabel
            key={page.id}
            control={
              <Checkbox
                checked={accepted.includes(page.id)}
                onChange={(e) =>
                  setAccepted((list) =>
                    e.target.checked ? [...list, page.id] : list.filter((id) => id !== page.id),
                  )
                }
              />
            }
            label={
              <FormattedMessage
                id="site.signUp.accept"
                values={{
                  page: (
                    <Link component={RouterLink} to={`/legal/${page.slug}`} target="_blank">
                      {page.title}
                    </Link>
                  ),
                }}
              />
            }
          />
        ))}
        {refusal?.fields.legal_pages && (
          <Alert severity="error">
            <RefusalText refusal={refusal.fields.legal_pages} />
          </Alert>
        )}
        <Button type="submit" variant="contained" size="large" disabled={!ready || create.isPending}>
          <FormattedMessage id={create.isPending ? 'site.signUp.busy' : 'site.signUp'} />
        </Button>
        <OtherDoor sentence="site.signUp.haveAccount" to="/signin" label="site.signIn" />
      </Stack>
    </Paper>
  );
}
