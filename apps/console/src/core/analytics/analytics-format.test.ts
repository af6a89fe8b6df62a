import { describe, expect, it } from 'vitest';
import {
  CHART_PALETTE,
  CHART_PALETTE_SOFT,
  DEFAULT_GRANULARITY,
  formatAnalyticsDate,
  formatAnalyticsNumber,
  formatAnalyticsValue,
  isValidDayRange,
  paletteColor,
  presetRange,
  previousPeriod,
  relativeIndex,
  relativeIndexLabel,
  resolveDateRange,
  selectRows,
} from './analytics-format.ts';

describe('analytics formats (core §9)', () => {
  it('defaults to the week granularity', () => {
    expect(DEFAULT_GRANULARITY).toBe('week');
  });

  it("formats months as 'MMM YYYY' with the locale's month names", () => {
    expect(formatAnalyticsDate('2026-03-01T00:00:00.000', 'month', 'en')).toBe('Mar 2026');
    expect(formatAnalyticsDate('2026-03-01T00:00:00.000', 'month', 'it')).toBe('mar 2026');
    expect(formatAnalyticsDate('2026-01-01T00:00:00.000', 'month', 'it')).toBe('gen 2026');
  });

  it("formats days and weeks as 'DD-MM-YYYY', a week by its ISO Monday", () => {
    expect(formatAnalyticsDate('2026-03-07T00:00:00.000', 'day')).toBe('07-03-2026');
    // Sunday 8 March 2026 belongs to the ISO week that starts on Monday 2 March.
    expect(formatAnalyticsDate('2026-03-08T00:00:00.000', 'week')).toBe('02-03-2026');
    expect(formatAnalyticsDate('2026-03-02T00:00:00.000', 'week', 'it')).toBe('02-03-2026');
  });

  it('uses a dot as thousands separator in both locales', () => {
    expect(formatAnalyticsNumber(12345)).toBe('12.345');
    expect(formatAnalyticsNumber(1234567)).toBe('1.234.567');
    expect(formatAnalyticsNumber(999)).toBe('999');
    expect(formatAnalyticsNumber(0)).toBe('0');
    expect(formatAnalyticsNumber(-4500)).toBe('-4.500');
    expect(formatAnalyticsNumber(1234.5)).toBe('1.234,5');
    expect(formatAnalyticsValue('12345', { type: 'number', locale: 'it' })).toBe('12.345');
  });

  it("shows '∅' for null or undefined and '[Empty string]' for empty strings", () => {
    expect(formatAnalyticsValue(null)).toBe('∅');
    expect(formatAnalyticsValue(undefined)).toBe('∅');
    expect(formatAnalyticsValue('')).toBe('[Empty string]');
    expect(formatAnalyticsValue('', { emptyStringLabel: '[Stringa vuota]' })).toBe('[Stringa vuota]');
    expect(formatAnalyticsValue('ada')).toBe('ada');
    expect(formatAnalyticsValue('2026-03-07T10:00:00.000', { type: 'time', granularity: 'day' })).toBe(
      '07-03-2026',
    );
  });

  it('has two chart palettes of 11 distinct colours', () => {
    for (const palette of [CHART_PALETTE, CHART_PALETTE_SOFT]) {
      expect(palette).toHaveLength(11);
      expect(new Set(palette).size).toBe(11);
    }
    expect(paletteColor(11)).toBe(CHART_PALETTE[0]);
    expect(paletteColor(3)).toBe(CHART_PALETTE[3]);
  });
});

describe('comparison indexes', () => {
  it('counts days from the start of the period, starting at 1', () => {
    expect(relativeIndex('2026-03-01', '2026-03-01', 'day')).toBe(1);
    expect(relativeIndex('2026-03-10T00:00:00.000', '2026-03-01', 'day')).toBe(10);
    expect(relativeIndex('2026-04-01', '2026-03-01', 'day')).toBe(32);
  });

  it('counts ISO weeks with 52 weeks per year', () => {
    expect(relativeIndex('2026-03-02', '2026-03-02', 'week')).toBe(1);
    expect(relativeIndex('2026-03-16', '2026-03-04', 'week')).toBe(3);
    // ISO week 52 of 2025 → week 2 of 2026 crosses the year: (2026-2025)*52 + (2-52) + 1 = 3.
    expect(relativeIndex('2026-01-05', '2025-12-22', 'week')).toBe(3);
    // 2 Jan 2027 still belongs to ISO week 53 of 2026.
    expect(relativeIndex('2027-01-02', '2026-12-28', 'week')).toBe(1);
  });

  it('counts months across years', () => {
    expect(relativeIndex('2026-03-01', '2026-03-15', 'month')).toBe(1);
    expect(relativeIndex('2027-02-01', '2026-11-01', 'month')).toBe(4);
  });

  it("labels them 'Month n', 'Week n' and 'Day n'", () => {
    expect(relativeIndexLabel('month', 2)).toBe('Month 2');
    expect(relativeIndexLabel('week', 5)).toBe('Week 5');
    expect(relativeIndexLabel('day', 1)).toBe('Day 1');
  });
});

describe('date presets', () => {
  // Wednesday 11 March 2026, mid-day.
  const now = new Date(2026, 2, 11, 15, 30);

  it.each([
    ['today', ['2026-03-11', '2026-03-11']],
    ['yesterday', ['2026-03-10', '2026-03-10']],
    ['thisWeek', ['2026-03-09', '2026-03-15']],
    ['lastWeek', ['2026-03-02', '2026-03-08']],
    ['thisMonth', ['2026-03-01', '2026-03-31']],
    ['lastMonth', ['2026-02-01', '2026-02-28']],
    ['last30Days', ['2026-02-10', '2026-03-11']],
    ['last90Days', ['2025-12-12', '2026-03-11']],
    ['last120Days', ['2025-11-12', '2026-03-11']],
    ['last365Days', ['2025-03-12', '2026-03-11']],
    ['lastYear', ['2025-01-01', '2025-12-31']],
  ] as const)('%s covers %j', (preset, expected) => {
    expect(presetRange(preset, now)).toEqual(expected);
  });

  it('resolves custom ranges as given and finds the previous period of the same length', () => {
    expect(resolveDateRange({ preset: 'custom', range: ['2026-01-01', '2026-01-31'] }, now)).toEqual([
      '2026-01-01',
      '2026-01-31',
    ]);
    expect(resolveDateRange({ preset: 'today' }, now)).toEqual(['2026-03-11', '2026-03-11']);
    expect(previousPeriod(['2026-03-01', '2026-03-31'])).toEqual(['2026-01-29', '2026-02-28']);
    expect(isValidDayRange(['2026-03-02', '2026-03-01'])).toBe(false);
    expect(isValidDayRange(['2026-03-01', '2026-03-01'])).toBe(true);
    expect(isValidDayRange(['2026-3-1', '2026-03-01'])).toBe(false);
  });
});

describe('table selection presets', () => {
  const rows = Array.from({ length: 130 }, (_, index) => index);

  it('selects the current page, the first 50 or the first 100 rows', () => {
    expect(selectRows(rows, 'currentPage', 2, 25)).toEqual(rows.slice(50, 75));
    expect(selectRows(rows, 'first50', 2, 25)).toEqual(rows.slice(0, 50));
    expect(selectRows(rows, 'first100', 0, 25)).toEqual(rows.slice(0, 100));
    expect(selectRows(rows.slice(0, 30), 'first50', 0, 10)).toHaveLength(30);
  });
});
