import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import Link from '@mui/material/Link';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { TWO_FACTOR_PATH, twoFactorErrorId, useTwoFactorRequirement } from '../api/two-factor-api.ts';
import { useSaveRequirementMutation } from '../api/use-two-factor-mutations.ts';

/** On the staff screen: the owner requires a second factor from every staff member of the community. */
export function TwoFactorRequirementCard() {
  const intl = useIntl();
  const requirement = useTwoFactorRequirement();
  const save = useSaveRequirementMutation({
    onSuccess: (result) => {
      notifyToggled({
        messageId: result.required ? 'twoFactor.requirement.turnedOn' : 'twoFactor.requirement.turnedOff',
        undo: () => save.mutate(!result.required),
      });
    },
  });
  const errorId = save.error ? twoFactorErrorId(save.error) : null;
  const missing = requirement.data?.staff_without_two_factor ?? [];

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 1.5 }}
      data-testid="two-factor-requirement"
    >
      <Typography variant="h6" component="h2">
        <FormattedMessage id="twoFactor.requirement.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="twoFactor.requirement.help" />
      </Typography>
      {requirement.isPending && <Skeleton variant="rounded" height={40} />}
      {requirement.isError && (
        <Alert severity="error">
          <FormattedMessage id="twoFactor.requirement.loadError" />
        </Alert>
      )}
      {requirement.data && (
        <>
          <FormControlLabel
            control={
              <Switch
                checked={requirement.data.required}
                disabled={save.isPending}
                onChange={(event) => save.mutate(event.target.checked)}
                slotProps={{ input: { 'data-testid': 'two-factor-requirement-switch' } as object }}
              />
            }
            label={intl.formatMessage({ id: 'twoFactor.requirement.label' })}
          />
          {save.error !== null && (
            <Alert severity="error">
              {errorId === 'twoFactor.error.notEnabled' ? (
                <FormattedMessage
                  id="twoFactor.requirement.ownFirst"
                  values={{
                    link: (chunks) => (
                      <Link component={RouterLink} to={TWO_FACTOR_PATH}>
                        {chunks}
                      </Link>
                    ),
                  }}
                />
              ) : (
                generalErrorText(intl, save.error)
              )}
            </Alert>
          )}
          <Box data-testid="two-factor-missing">
            {missing.length === 0 ? (
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage id="twoFactor.requirement.allEnabled" />
              </Typography>
            ) : (
              <Typography variant="body2" color="text.secondary">
                <FormattedMessage
                  id="twoFactor.requirement.missing"
                  values={{ count: missing.length, usernames: missing.join(', ') }}
                />
              </Typography>
            )}
          </Box>
        </>
      )}
    </Paper>
  );
}
