import Stack from '@mui/material/Stack';
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import {
  CompareToggle,
  DateRangePresetSelect,
  DEFAULT_DATE_RANGE,
  DEFAULT_GRANULARITY,
  GranularitySelect,
  previousPeriod,
  resolveDateRange,
  type DateRangeValue,
  type DayRange,
  type Granularity,
} from '../../../../core/analytics/index.ts';

export interface AnalyticsPeriod {
  granularity: Granularity;
  setGranularity: (value: Granularity) => void;
  dateRange: DateRangeValue;
  setDateRange: (value: DateRangeValue) => void;
  comparing: boolean;
  setComparing: (value: boolean) => void;
  compareRange: DateRangeValue;
  setCompareRange: (value: DateRangeValue) => void;
  /** The resolved days of the period, and of the second period while comparing. */
  range: DayRange;
  secondRange: DayRange | null;
}

const PeriodContext = createContext<AnalyticsPeriod | null>(null);

/** Granularity (default week), date range and comparison shared by every screen of the area. */
export function AnalyticsPeriodProvider({ children }: { children: ReactNode }) {
  const [granularity, setGranularity] = useState<Granularity>(DEFAULT_GRANULARITY);
  const [dateRange, setDateRange] = useState<DateRangeValue>(DEFAULT_DATE_RANGE);
  const [comparing, setComparingState] = useState(false);
  const [compareRange, setCompareRange] = useState<DateRangeValue>(DEFAULT_DATE_RANGE);
  const range = useMemo(() => resolveDateRange(dateRange), [dateRange]);
  const secondRange = useMemo(
    () => (comparing ? resolveDateRange(compareRange) : null),
    [comparing, compareRange],
  );
  const setComparing = (value: boolean) => {
    // The second period starts as the one just before the first.
    if (value) setCompareRange({ preset: 'custom', range: previousPeriod(range) });
    setComparingState(value);
  };
  const value: AnalyticsPeriod = {
    granularity,
    setGranularity,
    dateRange,
    setDateRange,
    comparing,
    setComparing,
    compareRange,
    setCompareRange,
    range,
    secondRange,
  };
  return <PeriodContext.Provider value={value}>{children}</PeriodContext.Provider>;
}

export function useAnalyticsPeriod(): AnalyticsPeriod {
  const period = useContext(PeriodContext);
  if (!period) throw new Error('useAnalyticsPeriod outside AnalyticsPeriodProvider');
  return period;
}

/** The controls of a screen: granularity, date presets / custom range and the comparison period. */
export function PeriodControls({
  granularity = true,
  compare = true,
}: {
  granularity?: boolean;
  compare?: boolean;
}) {
  const period = useAnalyticsPeriod();
  return (
    <Stack
      direction={{ xs: 'column', md: 'row' }}
      spacing={1.5}
      sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: 'wrap', rowGap: 1.5 }}
      data-testid="period-controls"
    >
      {granularity && <GranularitySelect value={period.granularity} onChange={period.setGranularity} />}
      <DateRangePresetSelect value={period.dateRange} onChange={period.setDateRange} />
      {compare && (
        <CompareToggle
          checked={period.comparing}
          onCheckedChange={period.setComparing}
          value={period.compareRange}
          onChange={period.setCompareRange}
        />
      )}
    </Stack>
  );
}
