import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { FormattedMessage } from 'react-intl';
import type { DateRangeValue } from '../analytics-format.ts';
import { DateRangePresetSelect } from './date-range-preset-select.tsx';

export interface CompareToggleProps {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The second period (shown while comparing). */
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
}

/** Compare with a second period: charts then show relative indexes (Day/Week/Month n). */
export function CompareToggle({ checked, onCheckedChange, value, onChange }: CompareToggleProps) {
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
      <FormControlLabel
        control={
          <Switch
            checked={checked}
            onChange={(event) => onCheckedChange(event.target.checked)}
            slotProps={{ input: { 'data-testid': 'compare-toggle' } as Record<string, string> }}
          />
        }
        label={<FormattedMessage id="analyticsCore.compare.toggle" />}
      />
      {checked && (
        <DateRangePresetSelect
          value={value}
          onChange={onChange}
          labelId="analyticsCore.compare.secondPeriod"
          testId="compare-range"
        />
      )}
    </Stack>
  );
}
