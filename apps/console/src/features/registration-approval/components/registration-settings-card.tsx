import { useEffect, useState } from 'react';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { REGISTRATION_MODES, type RegistrationMode } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  saveDynamicPreferences,
  useDynamicPreferences,
} from '../../../core/dynamic-preferences/dynamic-preference-store.ts';
import { SaveButton } from '../../../core/dynamic-preferences/save-button.tsx';
import { PreferenceLoadFailure } from '../../../core/dynamic-preferences/preference-load-failure.tsx';
import { useStackStore } from '../../../core/stack/stack-store.ts';

const NAMES = ['registration_mode', 'users_approval_enabled'];

const MODE_LABEL: Record<RegistrationMode, string> = {
  open: 'registrationApproval.settings.mode.open',
  invitation_only: 'registrationApproval.settings.mode.invitationOnly',
};
const MODE_HELP: Record<RegistrationMode, string> = {
  open: 'registrationApproval.settings.mode.openHelp',
  invitation_only: 'registrationApproval.settings.mode.invitationOnlyHelp',
};

const modeOf = (value: unknown): RegistrationMode =>
  value === 'invitation_only' ? 'invitation_only' : 'open';

/** Admins: how new members join (open or by invitation) and whether an admin approves them first. */
export function RegistrationSettingsCard() {
  const intl = useIntl();
  const isAdmin = useStackStore((state) => state.selected?.roles.includes('admin') ?? false);
  const preferences = useDynamicPreferences(NAMES);
  const stored = {
    mode: modeOf(preferences.values.registration_mode),
    approval: preferences.values.users_approval_enabled === true,
  };
  const [mode, setMode] = useState<RegistrationMode>(stored.mode);
  const [approval, setApproval] = useState(stored.approval);
  useEffect(() => {
    setMode(stored.mode);
    setApproval(stored.approval);
  }, [stored.mode, stored.approval]);
  if (!isAdmin) return null;
  const changed = mode !== stored.mode || approval !== stored.approval;

  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="registration-settings">
      <Stack spacing={2}>
        <Typography variant="h6" component="h2">
          <FormattedMessage id="registrationApproval.settings.title" />
        </Typography>
        {preferences.failed ? (
          <PreferenceLoadFailure onRetry={() => void preferences.retry()} />
        ) : preferences.loading ? (
          <Skeleton variant="rounded" height={96} />
        ) : (
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={{ xs: 2, md: 4 }} useFlexGap>
            <FormControl sx={{ flex: 1, minWidth: 0 }}>
              <FormLabel id="registration-mode-label">
                <FormattedMessage id="registrationApproval.settings.mode.label" />
              </FormLabel>
              <RadioGroup
                aria-labelledby="registration-mode-label"
                name="registration_mode"
                value={mode}
                onChange={(_event, value) => setMode(modeOf(value))}
              >
                {REGISTRATION_MODES.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio data-testid={`registration-mode-${value}`} />}
                    label={intl.formatMessage({ id: MODE_LABEL[value] })}
                  />
                ))}
              </RadioGroup>
              <FormHelperText sx={{ mx: 0 }}>
                <FormattedMessage id={MODE_HELP[mode]} />
              </FormHelperText>
            </FormControl>
            <FormControl sx={{ flex: 1, minWidth: 0 }}>
              <FormLabel>
                <FormattedMessage id="registrationApproval.settings.approval.label" />
              </FormLabel>
              <FormControlLabel
                control={
                  <Switch
                    checked={approval}
                    onChange={(event) => setApproval(event.target.checked)}
                    slotProps={{ input: { 'aria-describedby': 'registration-approval-help' } }}
                    data-testid="registration-approval-switch"
                  />
                }
                label={intl.formatMessage({
                  id: approval
                    ? 'registrationApproval.settings.approval.on'
                    : 'registrationApproval.settings.approval.off',
                })}
              />
              <FormHelperText id="registration-approval-help" sx={{ mx: 0 }}>
                <FormattedMessage id="registrationApproval.settings.approval.help" />
              </FormHelperText>
            </FormControl>
          </Stack>
        )}
        <div>
          <SaveButton
            saving={preferences.updating}
            disabled={preferences.loading || preferences.failed || !changed}
            onClick={() =>
              void saveDynamicPreferences({ registration_mode: mode, users_approval_enabled: approval })
            }
          />
        </div>
      </Stack>
    </Paper>
  );
}
