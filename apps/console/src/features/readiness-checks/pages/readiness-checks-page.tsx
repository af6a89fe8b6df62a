import Refresh from '@mui/icons-material/Refresh';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { READINESS_GROUPS } from '@agora/contract';
import { FormattedMessage } from 'react-intl';
import { useConfigurationChecks, useRefreshReadinessChecks } from '../api/readiness-check-api.ts';
import { CheckGroup } from '../components/check-group.tsx';
import { MonitoringPanel } from '../components/monitoring-panel.tsx';

/** Readiness checks (spec mgmt §1): required, recommended and best practices, with links to fix them. */
export default function ReadinessChecksPage() {
  const refresh = useRefreshReadinessChecks();
  const query = useConfigurationChecks();
  const data = query.data;
  // A check not available yet (ok null) is neither passed nor left to do: it is not counted.
  const all = data
    ? READINESS_GROUPS.flatMap((group) => data[group]).filter((check) => check.ok !== null)
    : [];
  const passed = all.filter((check) => check.ok).length;
  const requiredLeft = data ? data.required.filter((check) => check.ok === false).length : 0;
  const percent = all.length > 0 ? Math.round((passed * 100) / all.length) : 0;

  return (
    <Box data-testid="readiness-checks-page" sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 960 }}>
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="nav.readinessChecks" />
        </Typography>
        <Button startIcon={<Refresh />} onClick={() => void refresh()} disabled={query.isFetching}>
          <FormattedMessage id="readinessChecks.refresh" />
        </Button>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="readinessChecks.intro" />
      </Typography>
      {query.isError && (
        <Alert severity="error">
          <FormattedMessage id="readinessChecks.loadError" />
        </Alert>
      )}
      {query.isPending && <Skeleton variant="rounded" height={280} />}
      {data && (
        <>
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="readiness-summary">
            <Stack
              direction="row"
              sx={{ justifyContent: 'space-between', alignItems: 'baseline', gap: 1, flexWrap: 'wrap' }}
            >
              <Typography variant="subtitle1" component="p" sx={{ fontWeight: 600 }}>
                <FormattedMessage id="readinessChecks.summary" values={{ passed, total: all.length }} />
              </Typography>
              <Typography variant="body2" color={requiredLeft > 0 ? 'error' : 'success.main'}>
                {requiredLeft > 0 ? (
                  <FormattedMessage id="readinessChecks.requiredLeft" values={{ count: requiredLeft }} />
                ) : (
                  <FormattedMessage id="readinessChecks.requiredDone" />
                )}
              </Typography>
            </Stack>
            <LinearProgress
              variant="determinate"
              value={percent}
              color={requiredLeft > 0 ? 'warning' : 'success'}
              aria-label={`${percent}%`}
              sx={{ mt: 1.5, height: 8, borderRadius: 4 }}
            />
          </Paper>
          {READINESS_GROUPS.map((group) => (
            <CheckGroup key={group} group={group} checks={data[group]} />
          ))}
        </>
      )}
      <MonitoringPanel />
    </Box>
  );
}
