import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { EmailPreview } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';

/** The server's rendering of a draft: its subject, and its HTML in a sandboxed frame (nothing runs). */
export function EmailPreviewPanel({ preview }: { preview: EmailPreview }) {
  const intl = useIntl();
  return (
    <Box data-testid="email-preview" sx={{ display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h2">
        <FormattedMessage id="emailManager.preview.title" />
      </Typography>
      <Typography data-testid="email-preview-subject">
        <FormattedMessage id="emailManager.preview.subject" values={{ subject: preview.subject }} />
      </Typography>
      <Box
        component="iframe"
        title={intl.formatMessage({ id: 'emailManager.preview.frame' })}
        sandbox=""
        srcDoc={preview.html}
        sx={{
          width: '100%',
          minHeight: 360,
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: '#fff',
        }}
      />
    </Box>
  );
}
