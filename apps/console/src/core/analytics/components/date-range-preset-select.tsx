import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateField } from '../../forms/date-field.tsx';
import {
  DATE_PRESET_MESSAGE,
  DATE_PRESETS,
  isValidDayRange,
  resolveDateRange,
  type DatePreset,
  type DateRangeValue,
  type DayRange,
} from '../analytics-format.ts';

export interface DateRangePresetSelectProps {
  value: DateRangeValue;
  onChange: (value: DateRangeValue) => void;
  /** Label message id (default 'Period'). */
  labelId?: string;
  testId?: string;
}

/** The date presets of core §9, plus a custom range with two day fields. */
export function DateRangePresetSelect({
  value,
  onChange,
  labelId = 'analyticsCore.dateRange.label',
  testId = 'date-range',
}: DateRangePresetSelectProps) {
  const intl = useIntl();
  const [draft, setDraft] = useState<DayRange>(() => resolveDateRange(value));
  const setDraftAt = (index: 0 | 1, day: string) => {
    const next: DayRange = index === 0 ? [day, draft[1]] : [draft[0], day];
    setDraft(next);
    if (isValidDayRange(next)) onChange({ preset: 'custom', range: next });
  };
  const invalid = value.preset === 'custom' && !isValidDayRange(draft);
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} data-testid={testId}>
      <TextField
        select
        size="small"
        label={<FormattedMessage id={labelId} />}
        value={value.preset}
        onChange={(event) => {
          const preset = event.target.value;
          if (preset === 'custom') {
            const current = resolveDateRange(value);
            setDraft(current);
            onChange({ preset: 'custom', range: current });
          } else {
            onChange({ preset: preset as DatePreset });
          }
        }}
        slotProps={{ htmlInput: { 'data-testid': `${testId}-preset` } }}
        sx={{ minWidth: 190 }}
      >
        {DATE_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset} data-testid={`preset-${preset}`}>
            <FormattedMessage id={DATE_PRESET_MESSAGE[preset]} />
          </MenuItem>
        ))}
        <MenuItem value="custom" data-testid="preset-custom">
          <FormattedMessage id="analyticsCore.preset.custom" />
        </MenuItem>
      </TextField>
      {value.preset === 'custom' && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
          <DateField
            size="small"
            label={intl.formatMessage({ id: 'analyticsCore.dateRange.from' })}
            value={draft[0]}
            error={invalid}
            onChange={(day) => setDraftAt(0, day)}
            testId={`${testId}-from`}
          />
          <DateField
            size="small"
            label={intl.formatMessage({ id: 'analyticsCore.dateRange.to' })}
            value={draft[1]}
            error={invalid}
            helperText={invalid ? intl.formatMessage({ id: 'analyticsCore.dateRange.invalid' }) : undefined}
            onChange={(day) => setDraftAt(1, day)}
            testId={`${testId}-to`}
          />
        </Stack>
      )}
    </Stack>
  );
}
