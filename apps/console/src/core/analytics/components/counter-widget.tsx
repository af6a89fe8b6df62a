import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { formatAnalyticsNumber } from '../analytics-format.ts';

export interface CounterWidgetProps {
  value: number | null | undefined;
  label: ReactNode;
  loading?: boolean;
  testId?: string;
}

/** A big number and its label; '∅' when the value is unknown. */
export function CounterWidget({ value, label, loading, testId = 'counter-widget' }: CounterWidgetProps) {
  return (
    <Box
      data-testid={testId}
      sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}
    >
      {loading ? (
        <Skeleton variant="text" width="60%" sx={{ fontSize: 34 }} />
      ) : (
        <Typography
          component="div"
          data-testid={`${testId}-value`}
          sx={{ fontSize: { xs: 28, sm: 34 }, fontWeight: 700, lineHeight: 1.2, color: 'primary.main' }}
        >
          {value === null || value === undefined ? '∅' : formatAnalyticsNumber(value)}
        </Typography>
      )}
      <Typography
        variant="body2"
        color="text.secondary"
        sx={{
          overflow: 'hidden',
          display: '-webkit-box',
          WebkitLineClamp: 2,
          WebkitBoxOrient: 'vertical',
          lineHeight: 1.25,
        }}
      >
        {label}
      </Typography>
    </Box>
  );
}
