import { ErrorCode } from '@agora/contract';
import { AppError } from '../../platform/errors/app-error.ts';
import type { Range } from './analytics-tables.repository.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

function parseMoment(raw: string | undefined | null, field: string, endOfDay: boolean): Date | null {
  const value = raw?.trim();
  if (!value) return null;
  if (DAY.test(value)) {
    const day = new Date(`${value}T00:00:00Z`);
    if (Number.isNaN(day.getTime()) || !day.toISOString().startsWith(value)) {
      throw AppError.of(400, ErrorCode.invalid, 'Enter a date as YYYY-MM-DD or an ISO date-time.', field);
    }
    return endOfDay ? new Date(day.getTime() + DAY_MS) : day;
  }
  const moment = /^\d{4}-\d{2}-\d{2}T/.test(value) ? new Date(value) : new Date(Number.NaN);
  if (Number.isNaN(moment.getTime())) {
    throw AppError.of(400, ErrorCode.invalid, 'Enter a date as YYYY-MM-DD or an ISO date-time.', field);
  }
  return moment;
}

/**
 * `from`/`to` of an analytics table or export: a day (YYYY-MM-DD, UTC; `to` includes that whole day)
 * or an ISO date-time. Absent = unbounded.
 */
export function parseRange(from: string | undefined | null, to: string | undefined | null): Range {
  const range = { from: parseMoment(from, 'from', false), to: parseMoment(to, 'to', true) };
  if (range.from && range.to && range.to.getTime() <= range.from.getTime()) {
    throw AppError.of(400, ErrorCode.invalid, 'The end date must not be before the start date.', 'to');
  }
  return range;
}
