import dayjs, { type Dayjs } from 'dayjs';
import isoWeek from 'dayjs/plugin/isoWeek';
import 'dayjs/locale/it';

dayjs.extend(isoWeek);

/** Analytics formatting rules (spec core §9). Pure functions: the widgets and the tests share them. */

export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];
export const DEFAULT_GRANULARITY: Granularity = 'week';

export function isGranularity(value: unknown): value is Granularity {
  return typeof value === 'string' && (GRANULARITIES as readonly string[]).includes(value);
}

/** 'MMM YYYY' for months, 'DD-MM-YYYY' for days and weeks (a week is shown by its ISO Monday). */
export const MONTH_FORMAT = 'MMM YYYY';
export const DAY_FORMAT = 'DD-MM-YYYY';

export const EMPTY_VALUE = '∅';
export const EMPTY_STRING = '[Empty string]';

/** Cube answers local times without an offset ('2026-03-02T00:00:00.000'); dayjs reads them as local. */
export function parseAnalyticsDate(value: string | Date | Dayjs): Dayjs {
  return dayjs.isDayjs(value) ? value : dayjs(value);
}

export function formatAnalyticsDate(
  value: string | Date | Dayjs,
  granularity: Granularity = DEFAULT_GRANULARITY,
  locale = 'en',
): string {
  const date = parseAnalyticsDate(value);
  if (!date.isValid()) return String(value);
  const shown = granularity === 'week' ? date.startOf('isoWeek') : date;
  return shown
    .locale(locale === 'it' ? 'it' : 'en')
    .format(granularity === 'month' ? MONTH_FORMAT : DAY_FORMAT);
}

function groupThousands(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * Numbers with a dot as thousands separator in both locales ('12.345'); decimals (at most
 * `fractionDigits`) after a comma, since the dot is taken.
 */
export function formatAnalyticsNumber(value: number, fractionDigits = 2): string {
  if (!Number.isFinite(value)) return EMPTY_VALUE;
  const sign = value < 0 ? '-' : '';
  const fixed = Math.abs(value).toFixed(fractionDigits);
  const [whole = '0', fraction = ''] = fixed.split('.');
  const trimmed = fraction.replace(/0+$/, '');
  return `${sign}${groupThousands(whole)}${trimmed ? `,${trimmed}` : ''}`;
}

export type AnalyticsMemberType = 'number' | 'time' | 'string' | 'boolean' | string;

export interface FormatValueOptions {
  type?: AnalyticsMemberType;
  granularity?: Granularity;
  locale?: string;
  /** Translated '[Empty string]'. */
  emptyStringLabel?: string;
}

/** One table or tooltip value: '∅' for null/undefined, '[Empty string]' for '', numbers and dates formatted. */
export function formatAnalyticsValue(value: unknown, options: FormatValueOptions = {}): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (value === '') return options.emptyStringLabel ?? EMPTY_STRING;
  if (options.type === 'time' && (typeof value === 'string' || value instanceof Date)) {
    return formatAnalyticsDate(value, options.granularity ?? 'day', options.locale);
  }
  if (typeof value === 'number') return formatAnalyticsNumber(value);
  if (
    options.type === 'number' &&
    typeof value === 'string' &&
    value.trim() !== '' &&
    !Number.isNaN(Number(value))
  ) {
    return formatAnalyticsNumber(Number(value));
  }
  if (typeof value === 'boolean') return String(value);
  return String(value);
}

/** Number of a value that Cube may send as text ('12' for counts); null when it is not a number. */
export function toAnalyticsNumber(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

// --- Comparison mode (spec core §4): dates become relative indexes counted from the period start ---

export const WEEKS_PER_YEAR = 52;

/**
 * The 1-based index of `date` inside a period that starts at `periodStart`: Day n, Week n (ISO weeks,
 * 52 weeks per year) or Month n. The first day/week/month of the period is 1.
 */
export function relativeIndex(
  date: string | Date | Dayjs,
  periodStart: string | Date | Dayjs,
  granularity: Granularity,
): number {
  const current = parseAnalyticsDate(date);
  const start = parseAnalyticsDate(periodStart);
  if (granularity === 'month') {
    return (current.year() - start.year()) * 12 + (current.month() - start.month()) + 1;
  }
  if (granularity === 'week') {
    return (
      (current.isoWeekYear() - start.isoWeekYear()) * WEEKS_PER_YEAR +
      (current.isoWeek() - start.isoWeek()) +
      1
    );
  }
  return current.startOf('day').diff(start.startOf('day'), 'day') + 1;
}

/** Message id of a relative index label ('Month {n}', 'Week {n}', 'Day {n}'). */
export const RELATIVE_INDEX_MESSAGE: Record<Granularity, string> = {
  day: 'analyticsCore.compare.day',
  week: 'analyticsCore.compare.week',
  month: 'analyticsCore.compare.month',
};

/** English label of a relative index, e.g. 'Week 3' (the console translates through RELATIVE_INDEX_MESSAGE). */
export function relativeIndexLabel(granularity: Granularity, index: number): string {
  const unit = granularity === 'month' ? 'Month' : granularity === 'week' ? 'Week' : 'Day';
  return `${unit} ${index}`;
}

// --- Palettes (spec core §9: chart series palettes of 11 colours) ---

export const CHART_PALETTE: readonly string[] = [
  '#3d9999',
  '#f2994a',
  '#5b8def',
  '#eb5757',
  '#27ae60',
  '#9b51e0',
  '#f2c94c',
  '#56ccf2',
  '#bb6bd9',
  '#6fcf97',
  '#828282',
];

export const CHART_PALETTE_SOFT: readonly string[] = [
  '#8cc7c7',
  '#f8c79b',
  '#a7c2f6',
  '#f4a7a7',
  '#8fd6ac',
  '#c9a3ef',
  '#f8e3a1',
  '#a9e3f8',
  '#dcb3ec',
  '#b4e6c8',
  '#bdbdbd',
];

export const CHART_PALETTES = { main: CHART_PALETTE, soft: CHART_PALETTE_SOFT } as const;
export type ChartPaletteName = keyof typeof CHART_PALETTES;

export function paletteColor(index: number, palette: readonly string[] = CHART_PALETTE): string {
  return palette[((index % palette.length) + palette.length) % palette.length] ?? '#3d9999';
}

// --- Date presets (spec core §9) ---

export const DATE_PRESETS = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'last30Days',
  'last90Days',
  'last120Days',
  'last365Days',
  'lastYear',
] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];
export const DEFAULT_DATE_PRESET: DatePreset = 'last90Days';

/** An inclusive range of days, 'YYYY-MM-DD' (Cube's dateRange). */
export type DayRange = [string, string];

const DAY = 'YYYY-MM-DD';

function range(from: Dayjs, to: Dayjs): DayRange {
  return [from.format(DAY), to.format(DAY)];
}

/** The days a preset covers on `now`'s date: whole weeks (ISO, Monday first), months and years; 'last N days' ends today. */
export function presetRange(preset: DatePreset, now: Date | Dayjs = new Date()): DayRange {
  const today = dayjs(now).startOf('day');
  switch (preset) {
    case 'today':
      return range(today, today);
    case 'yesterday':
      return range(today.subtract(1, 'day'), today.subtract(1, 'day'));
    case 'thisWeek':
      return range(today.startOf('isoWeek'), today.endOf('isoWeek'));
    case 'lastWeek': {
      const previous = today.subtract(1, 'week');
      return range(previous.startOf('isoWeek'), previous.endOf('isoWeek'));
    }
    case 'thisMonth':
      return range(today.startOf('month'), today.endOf('month'));
    case 'lastMonth': {
      const previous = today.subtract(1, 'month');
      return range(previous.startOf('month'), previous.endOf('month'));
    }
    case 'last30Days':
      return range(today.subtract(29, 'day'), today);
    case 'last90Days':
      return range(today.subtract(89, 'day'), today);
    case 'last120Days':
      return range(today.subtract(119, 'day'), today);
    case 'last365Days':
      return range(today.subtract(364, 'day'), today);
    case 'lastYear': {
      const previous = today.subtract(1, 'year');
      return range(previous.startOf('year'), previous.endOf('year'));
    }
  }
}

export const DATE_PRESET_MESSAGE: Record<DatePreset, string> = {
  today: 'analyticsCore.preset.today',
  yesterday: 'analyticsCore.preset.yesterday',
  thisWeek: 'analyticsCore.preset.thisWeek',
  lastWeek: 'analyticsCore.preset.lastWeek',
  thisMonth: 'analyticsCore.preset.thisMonth',
  lastMonth: 'analyticsCore.preset.lastMonth',
  last30Days: 'analyticsCore.preset.last30Days',
  last90Days: 'analyticsCore.preset.last90Days',
  last120Days: 'analyticsCore.preset.last120Days',
  last365Days: 'analyticsCore.preset.last365Days',
  lastYear: 'analyticsCore.preset.lastYear',
};

/** A preset, or a custom range picked by hand. */
export type DateRangeValue = { preset: DatePreset } | { preset: 'custom'; range: DayRange };

export const DEFAULT_DATE_RANGE: DateRangeValue = { preset: DEFAULT_DATE_PRESET };

export function resolveDateRange(value: DateRangeValue, now: Date | Dayjs = new Date()): DayRange {
  return value.preset === 'custom' ? value.range : presetRange(value.preset, now);
}

/** The period of the same length just before `current` (the default second period of a comparison). */
export function previousPeriod(current: DayRange): DayRange {
  const from = dayjs(current[0]);
  const to = dayjs(current[1]);
  const days = to.diff(from, 'day') + 1;
  return range(from.subtract(days, 'day'), from.subtract(1, 'day'));
}

export function isValidDayRange(value: readonly [string, string]): boolean {
  const from = dayjs(value[0], DAY);
  const to = dayjs(value[1], DAY);
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(value[0]) &&
    /^\d{4}-\d{2}-\d{2}$/.test(value[1]) &&
    from.isValid() &&
    to.isValid() &&
    !to.isBefore(from)
  );
}

// --- Table selection presets (spec core §9) ---

export const TABLE_SELECTION_PRESETS = ['currentPage', 'first50', 'first100'] as const;
export type TableSelectionPreset = (typeof TABLE_SELECTION_PRESETS)[number];

export const TABLE_SELECTION_MESSAGE: Record<TableSelectionPreset, string> = {
  currentPage: 'analyticsCore.selection.currentPage',
  first50: 'analyticsCore.selection.first50',
  first100: 'analyticsCore.selection.first100',
};

/** The rows a selection preset picks: the rows of the page shown, or the first 50 / 100 of all rows. */
export function selectRows<T>(
  rows: readonly T[],
  preset: TableSelectionPreset,
  page: number,
  pageSize: number,
): T[] {
  if (preset === 'first50') return rows.slice(0, 50);
  if (preset === 'first100') return rows.slice(0, 100);
  return rows.slice(page * pageSize, page * pageSize + pageSize);
}
