import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorOutlined from '@mui/icons-material/ErrorOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReadinessMonitoring } from '@agora/contract';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useMonitoringChecks } from '../api/readiness-check-api.ts';

const SENDER_TEXT = {
  custom: 'readinessChecks.monitoring.mailCustom',
  platform: 'readinessChecks.monitoring.mailPlatform',
  none: 'readinessChecks.monitoring.mailNone',
} as const;

function Row({
  ok,
  title,
  detail,
  testId,
}: {
  ok: boolean;
  title: ReactNode;
  detail: ReactNode;
  testId: string;
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: ok ? 'readinessChecks.ok' : 'readinessChecks.notOk' });
  return (
    <Box
      component="li"
      data-testid={testId}
      data-ok={String(ok)}
      sx={{
        display: 'flex',
        gap: 1.5,
        alignItems: 'flex-start',
        py: 1,
        borderTop: 1,
        borderColor: 'divider',
        '&:first-of-type': { borderTop: 0 },
      }}
    >
      {ok ? (
        <CheckCircle color="success" titleAccess={label} />
      ) : (
        <ErrorOutlined color="warning" titleAccess={label} />
      )}
      <Box sx={{ minWidth: 0 }}>
        <Typography>{title}</Typography>
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {detail}
        </Typography>
      </Box>
    </Box>
  );
}

function jobsDetail(jobs: ReadinessMonitoring['jobs']) {
  if (!jobs.available) return <FormattedMessage id="readinessChecks.monitoring.jobsUnavailable" />;
  return (
    <>
      <FormattedMessage
        id="readinessChecks.monitoring.jobsFailed"
        values={{ failed: jobs.failed_last_24h }}
      />{' '}
      {jobs.oldest_due_seconds === null ? (
        <FormattedMessage id="readinessChecks.monitoring.jobsIdle" />
      ) : (
        <FormattedMessage
          id="readinessChecks.monitoring.jobsWaiting"
          values={{ minutes: Math.floor(jobs.oldest_due_seconds / 60) }}
        />
      )}
    </>
  );
}

/** Whether the community's moving parts work now: database, background jobs, mail delivery. */
export function MonitoringPanel() {
  const query = useMonitoringChecks();
  const data = query.data;
  return (
    <Paper variant="outlined" component="section" data-testid="monitoring" sx={{ p: { xs: 2, sm: 2.5 } }}>
      <Typography variant="h6" component="h2" sx={{ mb: 0.5 }}>
        <FormattedMessage id="readinessChecks.monitoring.title" />
      </Typography>
      {query.isError && (
        <Alert severity="error">
          <FormattedMessage id="readinessChecks.loadError" />
        </Alert>
      )}
      {query.isPending && <Skeleton variant="rounded" height={120} />}
      {data && (
        <Stack component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          <Row
            testId="monitoring-database"
            ok={data.database.ok}
            title={<FormattedMessage id="readinessChecks.monitoring.database" />}
            detail={
              data.database.ok ? (
                <FormattedMessage
                  id="readinessChecks.monitoring.databaseOk"
                  values={{ ms: data.database.latency_ms ?? 0 }}
                />
              ) : (
                <FormattedMessage id="readinessChecks.monitoring.databaseDown" />
              )
            }
          />
          <Row
            testId="monitoring-jobs"
            ok={data.jobs.ok}
            title={<FormattedMessage id="readinessChecks.monitoring.jobs" />}
            detail={jobsDetail(data.jobs)}
          />
          <Row
            testId="monitoring-mail"
            ok={data.mail.ok}
            title={<FormattedMessage id="readinessChecks.monitoring.mail" />}
            detail={<FormattedMessage id={SENDER_TEXT[data.mail.sender]} />}
          />
        </Stack>
      )}
    </Paper>
  );
}
