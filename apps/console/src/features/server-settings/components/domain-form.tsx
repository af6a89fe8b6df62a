import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { checkDomain } from '@agora/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useDomainQuery, useSaveDomainMutation } from '../api/server-settings-api.ts';
import {
  generalProblemText,
  problemsOfEntries,
  problemsOfError,
  problemText,
  type FieldProblems,
} from './server-error-text.ts';

/** The community's own domain (spec mgmt §2 "Domain settings"); saving restarts the community. */
export function DomainForm({ online }: { online: boolean }) {
  const intl = useIntl();
  const query = useDomainQuery();
  const [domain, setDomain] = useState('');
  const [problems, setProblems] = useState<FieldProblems>({});
  const [general, setGeneral] = useState<string>();
  const save = useSaveDomainMutation({
    onSuccess: (saved) => {
      setDomain(saved.domain ?? '');
      notify({ messageId: 'stackSettings.savedSettingsMessage', variant: 'success' });
    },
    onError: (error) => {
      setProblems(problemsOfError(error));
      setGeneral(generalProblemText(intl, error));
    },
  });
  const saving = save.isPending;

  useEffect(() => {
    if (query.data) setDomain(query.data.domain ?? '');
  }, [query.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setGeneral(undefined);
    const check = checkDomain(domain);
    if (!check.ok) {
      setProblems(problemsOfEntries(check.errors));
      return;
    }
    setProblems({});
    save.mutate(domain);
  };

  const disabled = !online || saving || query.isPending;
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="domain-form">
      <Stack spacing={2.5} sx={{ maxWidth: 560 }}>
        <Typography color="text.secondary">
          <FormattedMessage id="serverSettings.domain.intro" />
        </Typography>
        {query.isError && <Alert severity="error">{generalProblemText(intl, query.error)}</Alert>}
        {general && <Alert severity="error">{general}</Alert>}
        <TextField
          name="domain"
          label={intl.formatMessage({ id: 'serverSettings.domain.label' })}
          placeholder="community.example.com"
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          disabled={disabled}
          error={Boolean(problems.domain)}
          helperText={
            problemText(intl, problems.domain) ?? intl.formatMessage({ id: 'serverSettings.domain.help' })
          }
          autoComplete="off"
          fullWidth
        />
        <Box>
          <SaveButton saving={saving} disabled={disabled} />
        </Box>
      </Stack>
    </Box>
  );
}
