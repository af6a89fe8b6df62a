import { AdapterDayjs } from '@mui/x-date-pickers/AdapterDayjs';
import { DesktopDatePicker } from '@mui/x-date-pickers/DesktopDatePicker';
import { LocalizationProvider } from '@mui/x-date-pickers/LocalizationProvider';
import type { DateValidationError } from '@mui/x-date-pickers/models';
import { enUS, itIT } from '@mui/x-date-pickers/locales';
import dayjs, { type Dayjs } from 'dayjs';
import 'dayjs/locale/it';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';

export interface DateFieldProps {
  label: string;
  /** An ISO day ('YYYY-MM-DD') or '' when empty. */
  value: string;
  /** Called with the ISO day of a complete, real date, or '' once the field is emptied or holds no date. */
  onChange: (iso: string) => void;
  /** On the field's root (its one <input>, hidden, holds the shown text, e.g. '26/11/2026'). */
  testId?: string;
  name?: string;
  /** Earliest and latest day allowed (ISO); a day outside is reported under the field (and still passed on). */
  min?: string;
  max?: string;
  disabled?: boolean;
  /** The caller's own help or error text, shown when the field itself finds nothing wrong. */
  helperText?: string;
  error?: boolean;
  required?: boolean;
  fullWidth?: boolean;
  size?: 'small' | 'medium';
}

const ISO_DAY = 'YYYY-MM-DD';

/** The picker's own words (buttons, placeholders, calendar labels) in the console's two languages. */
const PICKER_TEXT = {
  en: enUS.components.MuiLocalizationProvider.defaultProps.localeText,
  it: itIT.components.MuiLocalizationProvider.defaultProps.localeText,
};

/** A data attribute is no declared prop of the picker's text field, so it travels in a spread. */
function testIdProp(testId: string | undefined): Record<string, string> {
  return testId ? { 'data-testid': testId } : {};
}

function parseIsoDay(iso: string): Dayjs | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(iso)) return null;
  const day = dayjs(iso);
  return day.isValid() && day.format(ISO_DAY) === iso ? day : null;
}

function shortDay(intl: IntlShape, iso: string): string {
  const [year = 0, month = 1, day = 1] = iso.split('-').map(Number);
  return intl.formatDate(new Date(year, month - 1, day), {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  });
}

function problemText(intl: IntlShape, problem: DateValidationError, min?: string, max?: string) {
  if (problem === 'minDate' && min)
    return intl.formatMessage({ id: 'forms.date.beforeMin' }, { min: shortDay(intl, min) });
  if (problem === 'maxDate' && max)
    return intl.formatMessage({ id: 'forms.date.afterMax' }, { max: shortDay(intl, max) });
  return intl.formatMessage({ id: 'forms.date.invalid' });
}

/**
 * The console's one date field (ADR 0016): typed or picked from the calendar, written the way the
 * console's language writes dates (day/month order, month names, first day of the week, placeholder),
 * whatever the browser's own locale. Its value stays an ISO day, so callers and the API see no change.
 * Only signed-in screens import it: the picker never weighs on the sign-in screen (ADR 0014).
 */
export function DateField({
  label,
  value,
  onChange,
  testId,
  name,
  min,
  max,
  disabled,
  helperText,
  error,
  required,
  fullWidth,
  size,
}: DateFieldProps) {
  const intl = useIntl();
  const locale = intl.locale.startsWith('it') ? 'it' : 'en';
  // What the user has typed so far: a half-typed date is no ISO day, and must not be wiped by the
  // '' it hands the caller. A new value from the caller (a reset, a load) replaces it.
  const [draft, setDraft] = useState<Dayjs | null>(() => parseIsoDay(value));
  const [handed, setHanded] = useState(value);
  if (value !== handed) {
    setHanded(value);
    setDraft(parseIsoDay(value));
  }
  const [problem, setProblem] = useState<DateValidationError>(null);

  const change = (next: Dayjs | null) => {
    setDraft(next);
    const iso = next?.isValid() ? next.format(ISO_DAY) : '';
    setHanded(iso);
    if (iso !== value) onChange(iso);
  };

  const ownText = problem ? problemText(intl, problem, min, max) : undefined;
  return (
    <LocalizationProvider dateAdapter={AdapterDayjs} adapterLocale={locale} localeText={PICKER_TEXT[locale]}>
      <DesktopDatePicker
        label={label}
        name={name}
        value={draft}
        onChange={change}
        onError={setProblem}
        minDate={parseIsoDay(min ?? '') ?? undefined}
        maxDate={parseIsoDay(max ?? '') ?? undefined}
        disabled={disabled}
        slotProps={{
          textField: {
            size,
            fullWidth,
            required,
            error: Boolean(ownText) || error,
            helperText: ownText ?? helperText,
            ...testIdProp(testId),
          },
        }}
      />
    </LocalizationProvider>
  );
}
