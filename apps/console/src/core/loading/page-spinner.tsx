import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The centred spinner shown while a screen loads (spec core §2: size 50). */
export function PageSpinner() {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: '60vh' }}>
      <CircularProgress size={50} />
    </Box>
  );
}
