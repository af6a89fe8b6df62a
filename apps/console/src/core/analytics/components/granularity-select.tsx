import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { FormattedMessage } from 'react-intl';
import { GRANULARITIES, isGranularity, type Granularity } from '../analytics-format.ts';

const LABEL: Record<Granularity, string> = {
  day: 'analyticsCore.granularity.day',
  week: 'analyticsCore.granularity.week',
  month: 'analyticsCore.granularity.month',
};

export interface GranularitySelectProps {
  value: Granularity;
  onChange: (value: Granularity) => void;
  disabled?: boolean;
}

/** Day, week or month (default week, core §9). */
export function GranularitySelect({ value, onChange, disabled }: GranularitySelectProps) {
  return (
    <TextField
      select
      size="small"
      label={<FormattedMessage id="analyticsCore.granularity.label" />}
      value={value}
      disabled={disabled}
      onChange={(event) => {
        if (isGranularity(event.target.value)) onChange(event.target.value);
      }}
      slotProps={{ htmlInput: { 'data-testid': 'granularity-select' } }}
      sx={{ minWidth: 140 }}
    >
      {GRANULARITIES.map((granularity) => (
        <MenuItem key={granularity} value={granularity} data-testid={`granularity-${granularity}`}>
          <FormattedMessage id={LABEL[granularity]} />
        </MenuItem>
      ))}
    </TextField>
  );
}
