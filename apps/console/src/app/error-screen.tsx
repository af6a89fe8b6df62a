import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';

function BrokenPageIllustration() {
  return (
    <svg width="160" height="120" viewBox="0 0 160 120" role="img" aria-hidden="true">
      <rect x="20" y="14" width="120" height="88" rx="10" fill="#e6f2f2" stroke="#3d9999" strokeWidth="3" />
      <rect x="20" y="14" width="120" height="18" rx="9" fill="#3d9999" />
      <path d="M60 58 l12 12 M72 58 l-12 12 M88 58 l12 12 M100 58 l-12 12" stroke="#3d9999" strokeWidth="4" />
      <path d="M62 90 q18 -12 36 0" fill="none" stroke="#3d9999" strokeWidth="4" strokeLinecap="round" />
    </svg>
  );
}

/** The screen shown after a rendering error (spec core §4 "Error boundary"). */
export function ErrorScreen() {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        gap: 2,
        py: 8,
        textAlign: 'center',
      }}
    >
      <BrokenPageIllustration />
      <Typography variant="h5" component="h1">
        <FormattedMessage id="errorBoundary.error" />
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        <FormattedMessage id="errorBoundary.reload" />
      </Button>
    </Box>
  );
}
