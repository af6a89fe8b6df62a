import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** A list filter: one of `options`, or "All" (the empty value). */
export function AnyOfFilter<T extends string>({
  labelId,
  value,
  options,
  render,
  onChange,
}: {
  labelId: string;
  value: T | '';
  options: readonly T[];
  render: (option: T) => ReactNode;
  onChange: (value: T | '') => void;
}) {
  const intl = useIntl();
  return (
    <TextField
      select
      size="small"
      sx={{ minWidth: 180 }}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
      label={intl.formatMessage({ id: labelId })}
      value={value}
      onChange={(e) => onChange(e.target.value as T | '')}
    >
      <MenuItem value="">
        <FormattedMessage id="moderation.filter.all" />
      </MenuItem>
      {options.map((option) => (
        <MenuItem key={option} value={option}>
          {render(option)}
        </MenuItem>
      ))}
    </TextField>
  );
}
