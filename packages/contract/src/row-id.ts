import { z } from 'zod';

/** The largest PostgreSQL `integer`: no row id (serial) is larger, and a larger number cannot be queried. */
export const ROW_ID_MAX = 2_147_483_647;

/**
 * A row id as it arrives in a path, a query or a body (numbers or digit strings): a whole number from 1
 * to PostgreSQL's integer maximum. Every id input uses this one schema, so `1e308` or
 * `9007199254740993` are refused as invalid (400) before they reach a query.
 */
export const rowIdSchema = z.coerce.number().int().min(1).max(ROW_ID_MAX);

/** True for a value that is already a valid row id number (for inputs checked by hand in a service). */
export function isRowId(value: unknown): value is number {
  return typeof value === 'number' && rowIdSchema.safeParse(value).success;
}
