/** CSV per RFC 4180 (CRLF line ends, quoted when needed), safe to open in a spreadsheet. */

export type Cell = string | number | boolean | Date | null | undefined;

/** Text that a spreadsheet would read as a formula (or that starts with a tab / CR) gets a leading quote. */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: Cell): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  let text = value;
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLine(cells: readonly Cell[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
