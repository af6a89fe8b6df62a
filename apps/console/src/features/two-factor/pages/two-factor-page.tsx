import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import GppMaybeOutlined from '@mui/icons-material/GppMaybeOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RecoveryCodes, TwoFactorEnrolment, TwoFactorStatus } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { twoFactorErrorId, useTwoFactorStatus } from '../api/two-factor-api.ts';
import {
  useDisableTwoFactorMutation,
  useRegenerateRecoveryCodesMutation,
  useStartEnrolmentMutation,
} from '../api/use-two-factor-mutations.ts';
import { CodeDialog } from '../components/code-dialog.tsx';
import { EnrolmentPanel } from '../components/enrolment-panel.tsx';
import { RecoveryCodesPanel } from '../components/recovery-codes-panel.tsx';

/** Below this many unused recovery codes the screen suggests new ones. */
const FEW_CODES = 3;

type View =
  | { kind: 'status' }
  | { kind: 'enrolling'; enrolment: TwoFactorEnrolment }
  | { kind: 'codes'; codes: readonly string[] };

function RequiredNotice({ status }: { status: TwoFactorStatus }) {
  if (status.enabled || status.required_by.length === 0) return null;
  const names = status.required_by.map((community) => community.name).join(', ');
  return (
    <Alert severity="warning" data-testid="two-factor-required">
      <FormattedMessage
        id="twoFactor.requiredBy"
        values={{ communities: names, count: status.required_by.length }}
      />
    </Alert>
  );
}

function StatusCard(props: {
  status: TwoFactorStatus;
  onStart(): void;
  starting: boolean;
  startError: unknown;
  onRegenerate(): void;
  onDisable(): void;
}) {
  const intl = useIntl();
  const { status } = props;
  const startErrorId = props.startError ? twoFactorErrorId(props.startError) : null;
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      data-testid="two-factor-status"
    >
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
        {status.enabled ? (
          <CheckCircleOutlined color="success" aria-hidden />
        ) : (
          <GppMaybeOutlined color="warning" aria-hidden />
        )}
        <Typography variant="h6" component="h2">
          <FormattedMessage id={status.enabled ? 'twoFactor.status.on' : 'twoFactor.status.off'} />
        </Typography>
      </Stack>
      {status.enabled ? (
        <>
          {status.enabled_at && (
            <Typography color="text.secondary">
              <FormattedMessage
                id="twoFactor.status.since"
                values={{ date: <FormattedDate value={status.enabled_at} dateStyle="long" /> }}
              />
            </Typography>
          )}
          <Typography data-testid="recovery-codes-left">
            <FormattedMessage
              id="twoFactor.status.codesLeft"
              values={{ count: status.recovery_codes_left }}
            />
          </Typography>
          {status.recovery_codes_left < FEW_CODES && (
            <Alert severity="warning">
              <FormattedMessage id="twoFactor.status.fewCodes" />
            </Alert>
          )}
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            <Button variant="outlined" onClick={props.onRegenerate} data-testid="two-factor-regenerate">
              <FormattedMessage id="twoFactor.regenerate.open" />
            </Button>
            <Button
              variant="outlined"
              color="error"
              onClick={props.onDisable}
              data-testid="two-factor-disable"
            >
              <FormattedMessage id="twoFactor.disable.open" />
            </Button>
          </Stack>
        </>
      ) : (
        <>
          <Typography>
            <FormattedMessage id="twoFactor.status.offHelp" />
          </Typography>
          {props.startError !== null && props.startError !== undefined && (
            <Alert severity="error">
              {startErrorId
                ? intl.formatMessage({ id: startErrorId })
                : generalErrorText(intl, props.startError)}
            </Alert>
          )}
          <Box>
            <Button
              variant="contained"
              onClick={props.onStart}
              disabled={props.starting}
              startIcon={
                props.starting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
              }
              data-testid="two-factor-start"
            >
              <FormattedMessage id="twoFactor.enrol.start" />
            </Button>
          </Box>
        </>
      )}
    </Paper>
  );
}

/** The account's second factor: set up (QR code, secret, first code), recovery codes, turn off. */
export default function TwoFactorPage() {
  const intl = useIntl();
  const status = useTwoFactorStatus();
  const [view, setView] = useState<View>({ kind: 'status' });
  const [dialog, setDialog] = useState<'regenerate' | 'disable' | null>(null);

  const start = useStartEnrolmentMutation({
    onSuccess: (enrolment) => setView({ kind: 'enrolling', enrolment }),
  });
  const regenerate = useRegenerateRecoveryCodesMutation({
    onSuccess: (result: RecoveryCodes) => {
      setDialog(null);
      setView({ kind: 'codes', codes: result.recovery_codes });
    },
  });
  const disable = useDisableTwoFactorMutation({
    onSuccess: () => {
      setDialog(null);
      notify({ messageId: 'twoFactor.disable.done', variant: 'success' });
    },
  });

  return (
    <Box data-testid="two-factor-page" sx={{ display: 'grid', gap: 2, minWidth: 0, maxWidth: 800 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="twoFactor.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="twoFactor.intro" />
      </Typography>
      {status.isPending && (
        <Skeleton
          variant="rounded"
          height={180}
          aria-label={intl.formatMessage({ id: 'twoFactor.loading' })}
        />
      )}
      {status.isError && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void status.refetch()}>
              <FormattedMessage id="twoFactor.retry" />
            </Button>
          }
        >
          <FormattedMessage id="twoFactor.loadError" />
        </Alert>
      )}
      {status.data && (
        <>
          <RequiredNotice status={status.data} />
          {view.kind === 'status' && (
            <StatusCard
              status={status.data}
              onStart={() => start.mutate()}
              starting={start.isPending}
              startError={start.error}
              onRegenerate={() => {
                regenerate.reset();
                setDialog('regenerate');
              }}
              onDisable={() => {
                disable.reset();
                setDialog('disable');
              }}
            />
          )}
          {view.kind === 'enrolling' && (
            <EnrolmentPanel
              enrolment={view.enrolment}
              onConfirmed={(result) => {
                setView({ kind: 'codes', codes: result.recovery_codes });
              }}
              onCancel={() => {
                start.reset();
                setView({ kind: 'status' });
              }}
            />
          )}
          {view.kind === 'codes' && (
            <RecoveryCodesPanel
              codes={view.codes}
              onDone={() => {
                notify({ messageId: 'twoFactor.codes.saved', variant: 'success' });
                setView({ kind: 'status' });
              }}
            />
          )}
        </>
      )}
      {dialog === 'regenerate' && (
        <CodeDialog
          id="two-factor-regenerate-dialog"
          titleId="twoFactor.regenerate.title"
          descriptionId="twoFactor.regenerate.description"
          confirmId="twoFactor.regenerate.confirm"
          pending={regenerate.isPending}
          error={regenerate.error}
          onConfirm={(code) => regenerate.mutate(code)}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'disable' && (
        <CodeDialog
          id="two-factor-disable-dialog"
          titleId="twoFactor.disable.title"
          descriptionId="twoFactor.disable.description"
          confirmId="twoFactor.disable.confirm"
          destructive
          allowRecovery
          warning={
            status.data && status.data.required_by.length > 0 ? (
              <FormattedMessage
                id="twoFactor.disable.requiredWarning"
                values={{ communities: status.data.required_by.map((c) => c.name).join(', ') }}
              />
            ) : (
              <FormattedMessage id="twoFactor.disable.warning" />
            )
          }
          pending={disable.isPending}
          error={disable.error}
          onConfirm={(code) => disable.mutate(code)}
          onClose={() => setDialog(null)}
        />
      )}
    </Box>
  );
}
