import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReadinessCheck, ReadinessGroup } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { CHECK_LABELS, GROUP_HINTS, GROUP_LABELS } from './check-labels.ts';

function CheckIcon({ ok, group }: { ok: boolean | null; group: ReadinessGroup }) {
  const intl = useIntl();
  // Not available yet: what it checks does not exist in the product; neither passed nor failed.
  if (ok === null) {
    return (
      <HourglassEmptyOutlined
        color="disabled"
        titleAccess={intl.formatMessage({ id: 'readinessChecks.notAvailable' })}
      />
    );
  }
  const label = intl.formatMessage({ id: ok ? 'readinessChecks.ok' : 'readinessChecks.notOk' });
  if (ok) return <CheckCircle color="success" titleAccess={label} />;
  if (group === 'required') return <CancelOutlined color="error" titleAccess={label} />;
  return <ErrorOutlined color="warning" titleAccess={label} />;
}

/** One group of checks: each with its state and, when not done, a link to the screen that fixes it. */
export function CheckGroup({ group, checks }: { group: ReadinessGroup; checks: ReadinessCheck[] }) {
  const passed = checks.filter((check) => check.ok === true).length;
  const total = checks.filter((check) => check.ok !== null).length;
  return (
    <Paper
      variant="outlined"
      component="section"
      data-testid={`check-group-${group}`}
      sx={{ p: { xs: 2, sm: 2.5 } }}
    >
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 0.5 }}
      >
        <Typography variant="h6" component="h2">
          <FormattedMessage id={GROUP_LABELS[group]} />
        </Typography>
        <Chip
          size="small"
          color={passed === total ? 'success' : 'default'}
          label={<FormattedMessage id="readinessChecks.groupSummary" values={{ passed, total }} />}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        <FormattedMessage id={GROUP_HINTS[group]} />
      </Typography>
      <Stack component="ul" spacing={0} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {checks.map((check) => (
          <Box
            component="li"
            key={check.id}
            data-testid={`check-${check.id}`}
            data-ok={String(check.ok)}
            sx={{
              display: 'flex',
              alignItems: 'center',
              gap: 1.5,
              py: 1,
              borderTop: 1,
              borderColor: 'divider',
              '&:first-of-type': { borderTop: 0 },
            }}
          >
            <CheckIcon ok={check.ok} group={group} />
            <Box sx={{ flex: 1, minWidth: 0 }}>
              <Typography sx={{ overflowWrap: 'anywhere' }}>
                <FormattedMessage
                  id={CHECK_LABELS[check.id] ?? 'readinessChecks.check.unknown'}
                  values={{ id: check.id }}
                />
              </Typography>
            </Box>
            {check.ok === false && (
              <Button
                component={Link}
                to={check.link}
                size="small"
                variant="outlined"
                data-testid={`check-fix-${check.id}`}
                sx={{ flexShrink: 0 }}
              >
                <FormattedMessage id="readinessChecks.fix" />
              </Button>
            )}
          </Box>
        ))}
      </Stack>
    </Paper>
  );
}
