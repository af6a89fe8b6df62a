import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SeriesVisibility } from '../use-series-visibility.ts';

export interface LegendSeries {
  key: string;
  label: string;
  color: string;
}

export interface SeriesLegendProps {
  series: readonly LegendSeries[];
  visibility: SeriesVisibility;
  max: number;
  testId?: string;
}

/**
 * The chart's legend as toggle buttons (aria-pressed): a click, Enter or Space turns a series on or off.
 * A refused toggle (the limit reached) is said in a polite live region below the buttons.
 */
export function SeriesLegend({ series, visibility, max, testId = 'series-legend' }: SeriesLegendProps) {
  const intl = useIntl();
  return (
    <Box data-testid={testId} sx={{ mb: 0.5 }}>
      <Box
        role="group"
        aria-label={intl.formatMessage({ id: 'analyticsCore.legend.label' })}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}
      >
        {series.map((entry) => {
          const on = visibility.isVisible(entry.key);
          return (
            <ButtonBase
              key={entry.key}
              aria-pressed={on}
              onClick={() => visibility.toggle(entry.key)}
              data-testid={`${testId}-${entry.key}`}
              sx={{
                gap: 0.75,
                px: 0.75,
                py: 0.25,
                borderRadius: 1,
                border: 1,
                borderColor: on ? 'divider' : 'transparent',
                fontSize: 12.5,
                lineHeight: 1.4,
                color: on ? 'text.primary' : 'text.secondary',
                textDecoration: on ? 'none' : 'line-through',
                '&.Mui-focusVisible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
              }}
            >
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 10,
                  height: 10,
                  borderRadius: '50%',
                  flexShrink: 0,
                  bgcolor: on ? entry.color : 'transparent',
                  border: 2,
                  borderColor: entry.color,
                }}
              />
              {entry.label}
            </ButtonBase>
          );
        })}
      </Box>
      <Typography
        variant="caption"
        color="text.secondary"
        role="status"
        data-testid={`${testId}-message`}
        sx={{ display: 'block', minHeight: visibility.refused ? undefined : 0 }}
      >
        {visibility.refused ? <FormattedMessage id="analyticsCore.legend.limit" values={{ max }} /> : null}
      </Typography>
    </Box>
  );
}
