import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';

const FILE_NAME = 'agora-recovery-codes.txt';

function downloadCodes(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = FILE_NAME;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/** The ten recovery codes, shown once: copy, download, then confirm they are kept somewhere safe. */
export function RecoveryCodesPanel({ codes, onDone }: { codes: readonly string[]; onDone(): void }) {
  const intl = useIntl();
  const text = `${intl.formatMessage({ id: 'twoFactor.codes.fileHeading' })}\n\n${codes.join('\n')}\n`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'));
      notify({ messageId: 'twoFactor.codes.copied', variant: 'success' });
    } catch {
      notify({ messageId: 'twoFactor.codes.copyFailed', variant: 'error' });
    }
  };

  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
      data-testid="recovery-codes"
    >
      <Typography variant="h6" component="h2">
        <FormattedMessage id="twoFactor.codes.title" />
      </Typography>
      <Alert severity="warning">
        <FormattedMessage id="twoFactor.codes.warning" />
      </Alert>
      <Box
        component="ol"
        aria-label={intl.formatMessage({ id: 'twoFactor.codes.listLabel' })}
        sx={{
          m: 0,
          p: 2,
          bgcolor: 'grey.100',
          borderRadius: 1,
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' },
          columnGap: 4,
          rowGap: 1,
          listStylePosition: 'inside',
          fontFamily: 'monospace',
          fontSize: '1rem',
        }}
      >
        {codes.map((code) => (
          <li key={code} data-testid="recovery-code">
            {code}
          </li>
        ))}
      </Box>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
        <Button variant="outlined" startIcon={<ContentCopyOutlined />} onClick={() => void copy()}>
          <FormattedMessage id="twoFactor.codes.copy" />
        </Button>
        <Button variant="outlined" startIcon={<DownloadOutlined />} onClick={() => downloadCodes(text)}>
          <FormattedMessage id="twoFactor.codes.download" />
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="contained" onClick={onDone} data-testid="recovery-codes-done">
          <FormattedMessage id="twoFactor.codes.done" />
        </Button>
      </Stack>
    </Paper>
  );
}
