import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { REGISTRATION_ALERT_LEVELS, type RegistrationAlertState } from '@agora/contract';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';

const DAY_MS = 86_400_000;

function WindowText({ state }: { state: RegistrationAlertState }) {
  if (!state.window_from || !state.window_to)
    return <FormattedMessage id="registrationAlerts.usage.forever" />;
  const from = new Date(state.window_from);
  const last = new Date(new Date(state.window_to).getTime() - DAY_MS);
  const date = (value: Date) => (
    <FormattedDate value={value} year="numeric" month="short" day="numeric" timeZone="UTC" />
  );
  return (
    <FormattedMessage id="registrationAlerts.usage.window" values={{ from: date(from), to: date(last) }} />
  );
}

/** Registrations of the current window against the threshold, with the 80, 90 and 100 % marks. */
export function RegistrationUsage({ state }: { state: RegistrationAlertState }) {
  const intl = useIntl();
  const value = Math.min(100, state.percent);
  const color = state.percent >= 100 ? 'error' : state.percent >= 80 ? 'warning' : 'primary';
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="registration-usage">
      <Typography variant="h6" component="h2">
        <FormattedMessage id="registrationAlerts.usage.title" />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        <WindowText state={state} />
      </Typography>
      <Typography sx={{ fontWeight: 600 }} data-testid="registration-count">
        <FormattedMessage
          id="registrationAlerts.usage.count"
          values={{ count: state.count, threshold: state.threshold, percent: state.percent }}
        />
      </Typography>
      <Box sx={{ position: 'relative', mt: 3.5, mb: 3.5 }}>
        <LinearProgress
          variant="determinate"
          value={value}
          color={color}
          aria-label={intl.formatMessage({ id: 'registrationAlerts.usage.title' })}
          sx={{ height: 12, borderRadius: 6 }}
        />
        {REGISTRATION_ALERT_LEVELS.map((level) => {
          // 90 % sits close to its neighbours: its label goes above the bar; 100 % ends at the bar's edge.
          const above = level === 90;
          const shift = level === 100 ? '-100%' : '-50%';
          return (
            <Box
              key={level}
              data-testid={`usage-mark-${level}`}
              sx={{ position: 'absolute', left: `${level}%`, top: -3, height: 18 }}
            >
              <Box
                sx={{
                  width: 2,
                  height: 18,
                  transform: 'translateX(-50%)',
                  bgcolor: state.percent >= level ? 'text.primary' : 'text.disabled',
                }}
              />
              <Typography
                variant="caption"
                color="text.secondary"
                sx={{
                  position: 'absolute',
                  left: 0,
                  transform: `translateX(${shift})`,
                  whiteSpace: 'nowrap',
                  lineHeight: 1.4,
                  ...(above ? { bottom: '100%' } : { top: '100%' }),
                }}
              >
                {level}%
              </Typography>
            </Box>
          );
        })}
      </Box>
      {state.levels_sent.length > 0 && (
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          {state.levels_sent.map((level) => (
            <Chip
              key={level}
              size="small"
              label={<FormattedMessage id="registrationAlerts.usage.alertSent" values={{ level }} />}
            />
          ))}
        </Stack>
      )}
      {state.registrations_blocked && (
        <Alert severity="warning" sx={{ mt: 1.5 }}>
          <FormattedMessage id="registrationAlerts.usage.blocked" />
        </Alert>
      )}
    </Paper>
  );
}
