import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';

/** Any unknown path (public). */
export default function NotFoundPage() {
  return (
    <Box
      component="main"
      data-testid="not-found"
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        gap: 2,
        p: 2,
        textAlign: 'center',
      }}
    >
      <Typography variant="h1" component="h1" color="primary" sx={{ fontWeight: 700 }}>
        404
      </Typography>
      <Typography variant="h5" component="p">
        <FormattedMessage id="notFound.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="notFound.text" />
      </Typography>
      <Button component={Link} to="/" variant="contained">
        <FormattedMessage id="notFound.home" />
      </Button>
    </Box>
  );
}
