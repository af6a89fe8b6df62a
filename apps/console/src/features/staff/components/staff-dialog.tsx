import { STAFF_ROLES, type StaffMember, type StaffRole } from '@agora/contract';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { staffErrorId, useSaveStaffMemberMutation, useUserSearch, type StaffForm } from '../api/staff-api.ts';
import { NoMailNotice, useCanSendEmail } from '../../server-settings/index.ts';
import { RoleLabel } from '../../../core/roles/role-label.tsx';

const ATTRIBUTE_SWITCHES = [
  { name: 'badge', labelId: 'staff.attribute.badge' },
  { name: 'prioritize_content', labelId: 'staff.attribute.prioritizeContent' },
  { name: 'disable_notifications', labelId: 'staff.attribute.disableNotifications' },
  { name: 'gdpr_data_manager', labelId: 'staff.attribute.gdprDataManager' },
] as const;

function initialForm(member: StaffMember | null): StaffForm {
  return {
    username: member?.username ?? '',
    role: member?.role ?? 'moderator',
    badge: member?.badge ?? false,
    prioritize_content: member?.prioritize_content ?? false,
    disable_notifications: member?.disable_notifications ?? false,
    gdpr_data_manager: member?.gdpr_data_manager ?? false,
    gdpr_document_signed: member?.gdpr_document_signed ?? false,
    notify: false,
  };
}

/** Adds a member to the staff (member null) or edits a staff member's role and attributes. */
export function StaffDialog({
  open,
  member,
  selfUsername,
  onClose,
}: {
  open: boolean;
  member: StaffMember | null;
  selfUsername: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const canSendEmail = useCanSendEmail();
  const mode = member ? 'edit' : 'add';
  const [form, setForm] = useState<StaffForm>(() => initialForm(member));
  const [error, setError] = useState<string | null>(null);
  const [usernameError, setUsernameError] = useState(false);
  const [gdprError, setGdprError] = useState(false);
  const search = useUserSearch(mode === 'add' ? form.username : '');
  const set = <K extends keyof StaffForm>(name: K, value: StaffForm[K]) =>
    setForm((f) => ({ ...f, [name]: value }));

  const save = useSaveStaffMemberMutation(mode, {
    onSuccess: () => {
      notify({ messageId: 'staff.saved', variant: 'success' });
      onClose();
    },
    onError: (err) => {
      const id = staffErrorId(err);
      if (id === 'staff.error.mailFailed') {
        // The change is kept; only the email failed.
        notify({ messageId: id, variant: 'error' });
        onClose();
        return;
      }
      setError(id ? intl.formatMessage({ id }) : generalErrorText(intl, err));
    },
  });

  const submit = () => {
    setError(null);
    const missingUser = form.username.trim() === '';
    const missingDocument = form.gdpr_data_manager && !form.gdpr_document_signed;
    setUsernameError(missingUser);
    setGdprError(missingDocument);
    if (missingUser || missingDocument) return;
    save.mutate(form);
  };

  // Spec mgmt §6 "own role cannot be changed", §5 "the admin user's role cannot be changed".
  const ownRole = member !== null && member.username === selfUsername;
  const adminRole = member !== null && member.role === 'admin';
  const options = (search.data ?? []).map((u) => u.username);

  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm" data-testid="staff-dialog">
      <DialogTitle>
        <FormattedMessage id={mode === 'add' ? 'staff.addTitle' : 'staff.editTitle'} />
      </DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {error && (
            <Alert severity="error" data-testid="staff-dialog-error">
              {error}
            </Alert>
          )}
          {mode === 'add' ? (
            <Autocomplete
              freeSolo
              options={options}
              inputValue={form.username}
              onInputChange={(_, value) => set('username', value)}
              renderInput={(params) => (
                <TextField
                  {...params}
                  name="username"
                  label={intl.formatMessage({ id: 'staff.username' })}
                  error={usernameError}
                  helperText={
                    usernameError ? intl.formatMessage({ id: 'staff.usernameRequired' }) : undefined
                  }
                />
              )}
            />
          ) : (
            <TextField
              name="username"
              label={intl.formatMessage({ id: 'staff.username' })}
              value={form.username}
              disabled
            />
          )}
          <TextField
            select
            name="role"
            label={intl.formatMessage({ id: 'staff.role' })}
            value={form.role}
            disabled={ownRole || adminRole}
            helperText={
              adminRole && !ownRole ? intl.formatMessage({ id: 'staff.error.adminRole' }) : undefined
            }
            onChange={(event) => set('role', event.target.value as StaffRole)}
          >
            {STAFF_ROLES.map((role) => (
              <MenuItem key={role} value={role}>
                <RoleLabel role={role} />
              </MenuItem>
            ))}
          </TextField>
          {ATTRIBUTE_SWITCHES.map(({ name, labelId }) => (
            <FormControlLabel
              key={name}
              control={
                <Switch
                  name={name}
                  checked={form[name]}
                  onChange={(event) => set(name, event.target.checked)}
                />
              }
              label={intl.formatMessage({ id: labelId })}
            />
          ))}
          {form.gdpr_data_manager && (
            <FormControlLabel
              sx={{ color: gdprError ? 'error.main' : undefined }}
              control={
                <Checkbox
                  name="gdpr_document_signed"
                  checked={form.gdpr_document_signed}
                  onChange={(event) => set('gdpr_document_signed', event.target.checked)}
                />
              }
              label={intl.formatMessage({ id: 'staff.gdprDocumentSigned' })}
            />
          )}
          {gdprError && (
            <Alert severity="warning">
              <FormattedMessage id="staff.error.gdprDocument" />
            </Alert>
          )}
          <FormControlLabel
            control={
              <Checkbox
                name="notify"
                checked={form.notify && canSendEmail !== false}
                disabled={canSendEmail === false}
                onChange={(event) => set('notify', event.target.checked)}
              />
            }
            label={intl.formatMessage({ id: 'staff.notify' })}
          />
          <NoMailNotice messageId="staff.notifyNoMail" />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>
          <FormattedMessage id="staff.cancel" />
        </Button>
        <Button
          variant="contained"
          onClick={submit}
          disabled={save.isPending}
          data-testid="staff-dialog-save"
        >
          <FormattedMessage id="staff.save" />
        </Button>
      </DialogActions>
    </Dialog>
  );
}
