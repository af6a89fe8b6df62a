import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { INVITATION_ROLES, checkInvitationInput, type Invitation } from '@agora/contract';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { fieldErrorText, generalErrorText } from '../../../core/http/error-text.ts';
import type { Choice } from '../api/invitations-api.ts';
import { useInvitationChoicesQuery, useSaveInvitationMutation } from '../api/use-invitations.ts';
import { ROLE_MESSAGE } from './invitation-messages.ts';

const FIELD_MESSAGE: Record<string, string> = {
  email: 'invitations.error.email',
  username: 'invitations.error.username',
  role: 'invitations.error.role',
  name: 'invitations.error.name',
};

/** Create or edit an invitation: name, email, forced username, role, user tags, categories. */
export function InvitationDialog({
  invitation,
  onClose,
  onSaved,
}: {
  invitation: Invitation | null;
  onClose: () => void;
  onSaved: (saved: Invitation) => void;
}) {
  const intl = useIntl();
  const choices = useInvitationChoicesQuery();
  const [name, setName] = useState(invitation?.name ?? '');
  const [email, setEmail] = useState(invitation?.email ?? '');
  const [username, setUsername] = useState(invitation?.username ?? '');
  const [role, setRole] = useState<string>(invitation?.role ?? '');
  const [tags, setTags] = useState<Choice[]>(invitation?.tags ?? []);
  const [categories, setCategories] = useState<Choice[]>(invitation?.categories ?? []);
  const [checked, setChecked] = useState(false);
  const save = useSaveInvitationMutation({ onSuccess: onSaved });
  const local = Object.fromEntries(
    checkInvitationInput({ name, email, username, role }).map((p) => [p.field, FIELD_MESSAGE[p.field] ?? '']),
  );
  const errorOf = (field: string): string | null => {
    if (checked && local[field]) return intl.formatMessage({ id: local[field] });
    return save.error ? fieldErrorText(intl, save.error, field) : null;
  };
  const general =
    save.error &&
    !['email', 'username', 'role', 'name', 'tags', 'categories'].some((f) =>
      fieldErrorText(intl, save.error, f),
    )
      ? generalErrorText(intl, save.error)
      : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    if (Object.keys(local).length > 0) return;
    save.mutate({
      id: invitation?.id ?? null,
      values: {
        name,
        email,
        username,
        role: role === '' ? null : role,
        tags: tags.map((t) => t.id),
        categories: categories.map((c) => c.id),
      },
    });
  };

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="invitation-dialog-title">
      <form onSubmit={submit} noValidate data-testid="invitation-dialog">
        <DialogTitle id="invitation-dialog-title">
          <FormattedMessage id={invitation ? 'invitations.dialog.edit' : 'invitations.dialog.create'} />
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={intl.formatMessage({ id: 'invitations.field.name' })}
              name="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              error={!!errorOf('name')}
              helperText={errorOf('name')}
            />
            <TextField
              label={intl.formatMessage({ id: 'invitations.field.email' })}
              name="email"
              type="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              error={!!errorOf('email')}
              helperText={errorOf('email')}
            />
            <TextField
              label={intl.formatMessage({ id: 'invitations.field.username' })}
              name="username"
              required
              value={username}
              onChange={(e) => setUsername(e.target.value)}
              error={!!errorOf('username')}
              helperText={errorOf('username') ?? intl.formatMessage({ id: 'invitations.field.usernameHelp' })}
            />
            <TextField
              select
              label={intl.formatMessage({ id: 'invitations.field.role' })}
              name="role"
              value={role}
              onChange={(e) => setRole(e.target.value)}
              error={!!errorOf('role')}
              helperText={errorOf('role')}
              slotProps={{ select: { MenuProps: { disablePortal: false } } }}
            >
              <MenuItem value="">
                <FormattedMessage id="invitations.role.none" />
              </MenuItem>
              {INVITATION_ROLES.map((r) => (
                <MenuItem key={r} value={r}>
                  <FormattedMessage id={ROLE_MESSAGE[r]} />
                </MenuItem>
              ))}
            </TextField>
            <Autocomplete
              multiple
              options={choices.data?.tags ?? []}
              value={tags}
              onChange={(_, value) => setTags(value)}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={intl.formatMessage({ id: 'invitations.field.tags' })}
                  error={!!errorOf('tags')}
                  helperText={errorOf('tags')}
                />
              )}
            />
            <Autocomplete
              multiple
              options={choices.data?.categories ?? []}
              value={categories}
              onChange={(_, value) => setCategories(value)}
              getOptionLabel={(o) => o.name}
              isOptionEqualToValue={(a, b) => a.id === b.id}
              renderInput={(params) => (
                <TextField
                  {...params}
                  label={intl.formatMessage({ id: 'invitations.field.categories' })}
                  error={!!errorOf('categories')}
                  helperText={errorOf('categories')}
                />
              )}
            />
            {general && (
              <TextField
                value={general}
                error
                slotProps={{ input: { readOnly: true } }}
                aria-label={intl.formatMessage({ id: 'invitations.error.save' })}
              />
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>
            <FormattedMessage id="invitations.action.cancel" />
          </Button>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="invitation-save">
            <FormattedMessage id="invitations.action.save" />
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
