import { useIntl } from 'react-intl';
import { PlainTextField } from '../../../core/forms/plain-text-field.tsx';

export interface CodeFieldProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** Accept a recovery code too (letters and dashes), not only six digits. */
  allowRecovery?: boolean;
  error?: string | null;
  autoFocus?: boolean;
  disabled?: boolean;
}

/** The code from the authenticator app (or a recovery code), with the browser's one-time-code hint. */
export function CodeField({
  id,
  value,
  onChange,
  allowRecovery,
  error,
  autoFocus,
  disabled,
}: CodeFieldProps) {
  const intl = useIntl();
  return (
    <PlainTextField
      id={id}
      name="code"
      label={intl.formatMessage({
        id: allowRecovery ? 'twoFactor.code.labelOrRecovery' : 'twoFactor.code.label',
      })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete="one-time-code"
      autoFocus={autoFocus}
      disabled={disabled}
      error={Boolean(error)}
      helperText={
        error ??
        intl.formatMessage({ id: allowRecovery ? 'twoFactor.code.helpOrRecovery' : 'twoFactor.code.help' })
      }
      htmlInput={{
        inputMode: allowRecovery ? 'text' : 'numeric',
        spellCheck: false,
        autoCapitalize: 'off',
        maxLength: 40,
        style: { fontFamily: 'monospace', letterSpacing: '0.1em' },
      }}
    />
  );
}
