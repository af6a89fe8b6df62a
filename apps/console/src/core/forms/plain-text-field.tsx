import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput from '@mui/material/OutlinedInput';
import type { ChangeEvent, InputHTMLAttributes } from 'react';

export interface PlainTextFieldProps {
  id: string;
  name: string;
  label: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
  type?: string;
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  error?: boolean;
  helperText?: string;
  /** Attributes of the <input> itself (inputMode, maxLength, style…). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/**
 * An outlined text field drawn as MUI's TextField draws it (label, notch, helper text, error state),
 * without TextField's select mode: TextField imports Select with its menu, popover and modal (~13 KB
 * gzip), which the sign-in screen never shows (ADR 0014, the first screen's budget).
 */
export function PlainTextField({
  id,
  label,
  helperText,
  error,
  disabled,
  htmlInput,
  ...input
}: PlainTextFieldProps) {
  const helperId = helperText ? `${id}-helper-text` : undefined;
  return (
    <FormControl variant="outlined" error={error} disabled={disabled}>
      <InputLabel htmlFor={id} id={`${id}-label`}>
        {label}
      </InputLabel>
      <OutlinedInput
        id={id}
        label={label}
        inputProps={{ ...htmlInput, 'aria-describedby': helperId }}
        {...input}
      />
      {helperText ? <FormHelperText id={helperId}>{helperText}</FormHelperText> : null}
    </FormControl>
  );
}
