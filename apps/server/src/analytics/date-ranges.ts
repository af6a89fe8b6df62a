/**
 * Date ranges as Cube reads them: absolute pairs (both ends inclusive; a bare date covers its whole day)
 * and Cube's relative strings, computed from "now" in the query's time zone. Every range becomes a pair
 * of local timestamps `YYYY-MM-DDTHH:mm:ss.SSS` in that zone (Cube's normalised form).
 */

export class DateRangeError extends Error {}

type Unit = 'day' | 'week' | 'month' | 'quarter' | 'year';

/** A calendar day carried by a UTC Date at midnight (no time-zone arithmetic involved). */
interface Day {
  y: number;
  m: number; // 1-12
  d: number;
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const fmtDay = (x: Day) => `${pad(x.y, 4)}-${pad(x.m)}-${pad(x.d)}`;

function toUtc(x: Day): Date {
  return new Date(Date.UTC(x.y, x.m - 1, x.d));
}
function fromUtc(date: Date): Day {
  return { y: date.getUTCFullYear(), m: date.getUTCMonth() + 1, d: date.getUTCDate() };
}
function addDays(x: Day, n: number): Day {
  const date = toUtc(x);
  date.setUTCDate(date.getUTCDate() + n);
  return fromUtc(date);
}
function addMonths(x: Day, n: number): Day {
  const total = x.y * 12 + (x.m - 1) + n;
  const y = Math.floor(total / 12);
  const m = (total % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return { y, m, d: Math.min(x.d, last) };
}
function add(x: Day, n: number, unit: Unit): Day {
  if (unit === 'day') return addDays(x, n);
  if (unit === 'week') return addDays(x, 7 * n);
  if (unit === 'month') return addMonths(x, n);
  if (unit === 'quarter') return addMonths(x, 3 * n);
  return addMonths(x, 12 * n);
}
/** First day of the period; weeks are ISO weeks (Monday). */
function startOf(x: Day, unit: Unit): Day {
  if (unit === 'day') return x;
  if (unit === 'week') return addDays(x, -((toUtc(x).getUTCDay() + 6) % 7));
  if (unit === 'month') return { y: x.y, m: x.m, d: 1 };
  if (unit === 'quarter') return { y: x.y, m: Math.floor((x.m - 1) / 3) * 3 + 1, d: 1 };
  return { y: x.y, m: 1, d: 1 };
}
function endOf(x: Day, unit: Unit): Day {
  if (unit === 'day') return x;
  return addDays(add(startOf(x, unit), 1, unit), -1);
}

/** Today's calendar day in a time zone. */
export function todayIn(now: Date, timezone: string): Day {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: timezone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (t: string) => Number(parts.find((p) => p.type === t)?.value);
  return { y: get('year'), m: get('month'), d: get('day') };
}

export function isValidTimezone(timezone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: timezone });
    return true;
  } catch {
    return false;
  }
}

const ABSOLUTE = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?Z?)?$/;

/** `2026-01-31` → start or end of that day; timestamps are kept (milliseconds padded). */
export function normaliseDateBound(value: string, side: 'from' | 'to'): string {
  const match = ABSOLUTE.exec(value.trim());
  if (!match) throw new DateRangeError(`Can't parse date: '${value}'`);
  const [, y, mo, d, h, mi, s, ms] = match;
  const day: Day = { y: Number(y), m: Number(mo), d: Number(d) };
  if (fmtDay(fromUtc(toUtc(day))) !== fmtDay(day)) throw new DateRangeError(`Can't parse date: '${value}'`);
  if (h === undefined) return `${fmtDay(day)}T${side === 'from' ? '00:00:00.000' : '23:59:59.999'}`;
  if (Number(h) > 23 || Number(mi) > 59 || Number(s ?? 0) > 59)
    throw new DateRangeError(`Can't parse date: '${value}'`);
  const millis = (ms ?? '').padEnd(3, '0').slice(0, 3);
  const fallbackMs = side === 'from' || s !== undefined ? millis : '999';
  return `${fmtDay(day)}T${h}:${mi}:${s ?? (side === 'from' ? '00' : '59')}.${fallbackMs}`;
}

const UNITS: Record<string, Unit> = {
  day: 'day',
  days: 'day',
  week: 'week',
  weeks: 'week',
  month: 'month',
  months: 'month',
  quarter: 'quarter',
  quarters: 'quarter',
  year: 'year',
  years: 'year',
};

function dayPair(from: Day, to: Day): [string, string] {
  return [`${fmtDay(from)}T00:00:00.000`, `${fmtDay(to)}T23:59:59.999`];
}

/** Cube's relative ranges: today, yesterday, this/last/next week|month|quarter|year, last N days|weeks|… */
export function resolveRelativeRange(text: string, now: Date, timezone: string): [string, string] {
  const phrase = text.trim().toLowerCase().replace(/\s+/g, ' ');
  const today = todayIn(now, timezone);
  if (phrase === 'today') return dayPair(today, today);
  if (phrase === 'yesterday') return dayPair(addDays(today, -1), addDays(today, -1));
  if (phrase === 'tomorrow') return dayPair(addDays(today, 1), addDays(today, 1));
  let match = /^(this|last|next) (day|week|month|quarter|year)$/.exec(phrase);
  if (match) {
    const unit = match[2] as Unit;
    const shift = match[1] === 'this' ? 0 : match[1] === 'last' ? -1 : 1;
    const anchor = add(startOf(today, unit), shift, unit);
    return dayPair(startOf(anchor, unit), endOf(anchor, unit));
  }
  match = /^last (\d{1,4}) (days?|weeks?|months?|quarters?|years?)$/.exec(phrase);
  if (match) {
    const n = Number(match[1]);
    const unit = UNITS[match[2] ?? ''] as Unit;
    return dayPair(startOf(add(today, -n, unit), unit), endOf(add(today, -1, unit), unit));
  }
  match = /^next (\d{1,4}) (days?|weeks?|months?|quarters?|years?)$/.exec(phrase);
  if (match) {
    const n = Number(match[1]);
    const unit = UNITS[match[2] ?? ''] as Unit;
    return dayPair(startOf(add(today, 1, unit), unit), endOf(add(today, n, unit), unit));
  }
  throw new DateRangeError(`Can't parse date range: '${text}'`);
}

/** Any dateRange of a query → local [from, to] timestamps, both inclusive. */
export function resolveDateRange(
  range: string | readonly string[],
  now: Date,
  timezone: string,
): [string, string] {
  if (typeof range === 'string') {
    // A single date means that day.
    if (ABSOLUTE.test(range.trim()))
      return [normaliseDateBound(range, 'from'), normaliseDateBound(range, 'to')];
    return resolveRelativeRange(range, now, timezone);
  }
  if (range.length !== 2 || typeof range[0] !== 'string' || typeof range[1] !== 'string')
    throw new DateRangeError('A dateRange needs two dates');
  const from = normaliseDateBound(range[0], 'from');
  const to = normaliseDateBound(range[1], 'to');
  if (from > to) throw new DateRangeError(`The dateRange starts after it ends: ${range[0]} > ${range[1]}`);
  return [from, to];
}
