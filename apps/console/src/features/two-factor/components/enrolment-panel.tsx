import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { RecoveryCodes, TwoFactorEnrolment } from '@agora/contract';
import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { generalErrorText } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { twoFactorErrorId } from '../api/two-factor-api.ts';
import { useConfirmEnrolmentMutation } from '../api/use-two-factor-mutations.ts';
import { CodeField } from './code-field.tsx';

/** `ABCDEFGH…` → `ABCD EFGH …`, easier to type into an app by hand. */
function groupedSecret(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ');
}

export interface EnrolmentPanelProps {
  enrolment: TwoFactorEnrolment;
  onConfirmed(codes: RecoveryCodes): void;
  onCancel(): void;
}

/** Step two of enrolment: scan the QR code (or type the secret), then prove it with a current code. */
export function EnrolmentPanel({ enrolment, onConfirmed, onCancel }: EnrolmentPanelProps) {
  const intl = useIntl();
  const [code, setCode] = useState('');
  const confirm = useConfirmEnrolmentMutation({ onSuccess: onConfirmed });
  const errorId = confirm.error ? twoFactorErrorId(confirm.error) : null;
  const error = confirm.error
    ? errorId
      ? intl.formatMessage({ id: errorId })
      : generalErrorText(intl, confirm.error)
    : null;

  const copySecret = async () => {
    try {
      await navigator.clipboard.writeText(enrolment.secret);
      notify({ messageId: 'twoFactor.enrol.secretCopied', variant: 'success' });
    } catch {
      notify({ messageId: 'twoFactor.codes.copyFailed', variant: 'error' });
    }
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    confirm.mutate(code.trim());
  };

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }} data-testid="enrolment">
      <Typography variant="h6" component="h2">
        <FormattedMessage id="twoFactor.enrol.title" />
      </Typography>
      <Typography component="p">
        <FormattedMessage id="twoFactor.enrol.scan" />
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={3}
        sx={{ alignItems: { xs: 'center', sm: 'flex-start' } }}
      >
        <Box
          component="img"
          src={enrolment.qr_svg}
          alt={intl.formatMessage({ id: 'twoFactor.enrol.qrAlt' })}
          width={200}
          height={200}
          sx={{ flexShrink: 0, border: 1, borderColor: 'divider', borderRadius: 1, bgcolor: 'common.white' }}
          data-testid="enrolment-qr"
        />
        <Box sx={{ display: 'grid', gap: 1, minWidth: 0, alignContent: 'start' }}>
          <Typography id="enrolment-secret-label" color="text.secondary">
            <FormattedMessage id="twoFactor.enrol.manual" />
          </Typography>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <Box
              component="code"
              aria-labelledby="enrolment-secret-label"
              data-testid="enrolment-secret"
              data-secret={enrolment.secret}
              sx={{
                fontFamily: 'monospace',
                fontSize: '1.05rem',
                bgcolor: 'grey.100',
                px: 1.5,
                py: 1,
                borderRadius: 1,
                wordBreak: 'break-word',
                minWidth: 0,
              }}
            >
              {groupedSecret(enrolment.secret)}
            </Box>
            <Tooltip title={intl.formatMessage({ id: 'twoFactor.enrol.copySecret' })}>
              <IconButton
                aria-label={intl.formatMessage({ id: 'twoFactor.enrol.copySecret' })}
                onClick={() => void copySecret()}
              >
                <ContentCopyOutlined />
              </IconButton>
            </Tooltip>
          </Stack>
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="twoFactor.enrol.settings"
              values={{ digits: enrolment.digits, period: enrolment.period }}
            />
          </Typography>
        </Box>
      </Stack>
      <Alert severity="info">
        <FormattedMessage id="twoFactor.enrol.shownOnce" />
      </Alert>
      <Box component="form" noValidate onSubmit={onSubmit} sx={{ display: 'grid', gap: 2, maxWidth: 360 }}>
        <CodeField id="enrolment-code" value={code} onChange={setCode} error={error} />
        <Stack direction="row" spacing={1}>
          <Button
            type="submit"
            variant="contained"
            disabled={confirm.isPending || code.trim() === ''}
            startIcon={
              confirm.isPending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined
            }
            data-testid="enrolment-confirm"
          >
            <FormattedMessage id="twoFactor.enrol.confirm" />
          </Button>
          <Button onClick={onCancel} disabled={confirm.isPending}>
            <FormattedMessage id="twoFactor.cancel" />
          </Button>
        </Stack>
      </Box>
    </Paper>
  );
}
