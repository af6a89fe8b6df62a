import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useIntl } from 'react-intl';

/** The centred spinner shown while a screen loads (spec core §2: size 50), named for screen readers. */
export function PageSpinner() {
  const intl = useIntl();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <CircularProgress size={50} aria-label={intl.formatMessage({ id: 'list.loading' })} />
    </Box>
  );
}
