import { useCallback } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { DATE_PRESET_MESSAGE, type DateRangeValue, type DayRange } from './analytics-format.ts';

/** A day 'YYYY-MM-DD' in the reader's locale, e.g. '3 Mar 2026' / '3 mar 2026'. */
function localDay(intl: IntlShape, day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return intl.formatDate(new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1), {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
  });
}

/** 'From – to' in the reader's locale. */
export function formatDayRange(intl: IntlShape, range: DayRange): string {
  if (range[0] === range[1]) return localDay(intl, range[0]);
  return intl.formatMessage(
    { id: 'analyticsCore.period.range' },
    { from: localDay(intl, range[0]), to: localDay(intl, range[1]) },
  );
}

/**
 * The words for a period a figure counts: a preset by its name ('Last 90 days'), a picked range as
 * its days in the reader's locale, and null (a figure no period governs) as 'All time'.
 */
export function periodLabel(intl: IntlShape, value: DateRangeValue | null): string {
  if (value === null) return intl.formatMessage({ id: 'analyticsCore.period.allTime' });
  if (value.preset === 'custom') return formatDayRange(intl, value.range);
  return intl.formatMessage({ id: DATE_PRESET_MESSAGE[value.preset] });
}

export function usePeriodLabel(): (value: DateRangeValue | null) => string {
  const intl = useIntl();
  return useCallback((value: DateRangeValue | null) => periodLabel(intl, value), [intl]);
}
