import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from '../app/site-router.tsx';
import { messagePath } from './message-path.ts';

/** Starts a conversation: the member names whom to write to (their username). */
export function MessagesSearch() {
  const intl = useIntl();
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const username = name.trim().replace(/^@/, '');
    if (username) void navigate(messagePath(username));
  };
  return (
    <Stack component="form" direction="row" spacing={1} sx={{ mb: 3 }} onSubmit={submit}>
      <TextField
        size="small"
        value={name}
        onChange={(event) => setName(event.target.value)}
        label={intl.formatMessage({ id: 'site.messages.newTo' })}
        slotProps={{ htmlInput: { maxLength: 150, autoComplete: 'off' } }}
        sx={{ flexGrow: 1 }}
      />
      <Button type="submit" variant="outlined" sx={{ textTransform: 'none', flexShrink: 0 }}>
        <FormattedMessage id="site.messages.write" />
      </Button>
    </Stack>
  );
}
