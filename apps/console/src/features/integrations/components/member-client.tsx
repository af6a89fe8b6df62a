import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMemberApiClientQuery } from '../api/integration-api.ts';

/** Where members' apps sign in: the community's public OAuth client id and the API's addresses. */
export function MemberClient() {
  const intl = useIntl();
  const client = useMemberApiClientQuery();
  if (client.isError) {
    return (
      <Typography color="error">
        <FormattedMessage id="integrations.api.clientError" />
      </Typography>
    );
  }
  const field = (labelId: string, value: string | undefined, testId: string) => (
    <TextField
      fullWidth
      size="small"
      label={intl.formatMessage({ id: labelId })}
      value={value ?? ''}
      slotProps={{
        htmlInput: {
          readOnly: true,
          spellCheck: false,
          style: { fontFamily: 'monospace' },
          'data-testid': testId,
        },
      }}
    />
  );
  return (
    <Stack spacing={2} data-testid="member-client" sx={{ pt: 2, borderTop: 1, borderColor: 'divider' }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        <FormattedMessage id="integrations.api.clientTitle" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="integrations.api.clientIntro" />
      </Typography>
      {field('integrations.api.clientId', client.data?.client_id, 'member-client-id')}
      {field('integrations.api.tokenUrl', client.data?.token_url, 'member-token-url')}
      {field('integrations.api.apiUrl', client.data?.api_url, 'member-api-url')}
    </Stack>
  );
}
