import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A page's whole answer when it has no contents to show: not found, members only, an error. */
export function StatusPanel({
  title,
  body,
  action,
}: {
  title: ReactNode;
  body: ReactNode;
  action?: { label: ReactNode; to?: string; onClick?: () => void };
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 }, textAlign: 'center' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="h5" component="h1">
          {title}
        </Typography>
        <Typography color="text.secondary">{body}</Typography>
        {action && (
          <Button variant="contained" {...(action.to ? { href: action.to } : {})} onClick={action.onClick}>
            {action.label}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
