import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  isStaffNotificationKey,
  STAFF_ROLES,
  type EmailTemplate,
  type StaffNotificationKey,
  type StaffRole,
} from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { useSaveRolesMutation } from '../api/use-email-manager-mutations.ts';

const HELP: Record<StaffNotificationKey, string> = {
  incubator_ready: 'emailManager.roles.help.incubator_ready',
  registration_alert: 'emailManager.roles.help.registration_alert',
  webhook_disabled: 'emailManager.roles.help.webhook_disabled',
};

/**
 * A staff notification's recipients (the email manager's `roles`): the staff roles it goes to, saved
 * on their own. Staff who turned internal notifications off never get it.
 */
export function TemplateRoles({ template }: { template: EmailTemplate & { roles: StaffRole[] } }) {
  const [roles, setRoles] = useState<StaffRole[]>(template.roles);
  const save = useSaveRolesMutation({
    onSuccess: () => notify({ messageId: 'emailManager.roles.saved', variant: 'success' }),
    onError: () => notify({ messageId: 'emailManager.error.rolesSave', variant: 'error' }),
  });
  const toggle = (role: StaffRole, on: boolean) =>
    setRoles((current) => STAFF_ROLES.filter((r) => (r === role ? on : current.includes(r))));
  return (
    <Box
      component="fieldset"
      data-testid="email-template-roles"
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        p: 1.5,
        m: 0,
        display: 'grid',
        gap: 1,
        minWidth: 0,
      }}
    >
      <Typography component="legend" variant="subtitle2" sx={{ px: 0.5 }}>
        <FormattedMessage id="emailManager.field.roles" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {isStaffNotificationKey(template.key) && <FormattedMessage id={HELP[template.key]} />}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 2 }}>
        {STAFF_ROLES.map((role) => (
          <FormControlLabel
            key={role}
            control={
              <Checkbox
                checked={roles.includes(role)}
                onChange={(e) => toggle(role, e.target.checked)}
                name={`role-${role}`}
              />
            }
            label={<FormattedMessage id={`role.${role}`} />}
          />
        ))}
      </Box>
      <Box>
        <Button
          variant="outlined"
          size="small"
          disabled={save.isPending}
          onClick={() => save.mutate({ id: template.id, roles })}
          data-testid="email-template-roles-save"
        >
          <FormattedMessage id="emailManager.action.saveRoles" />
        </Button>
      </Box>
    </Box>
  );
}
