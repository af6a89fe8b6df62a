import Papa from 'papaparse';
import { INVITATION_CSV_COLUMNS, INVITATION_CSV_MAX_ROWS } from '@agora/contract';

type Column = (typeof INVITATION_CSV_COLUMNS)[number];
const REQUIRED: readonly Column[] = ['name', 'email', 'username', 'role'];

/** One data row of the file, by the line it starts on (the header is line 1). */
export interface CsvRow {
  line: number;
  values: Record<Column, string>;
  /** Set when the row has fewer or more cells than the header. */
  cellCount: number;
}

export type CsvParse =
  | { ok: true; rows: CsvRow[]; columns: number }
  | { ok: false; reason: 'unreadable' | 'columns' | 'too_many_rows' };

const SPACE = new Set([' ', '\t', '\r', '\n']);

/**
 * Reads an invitation CSV with papaparse: a UTF-8 BOM is dropped, CRLF or LF lines, quoted cells (with
 * separators and line breaks inside), `,` or `;` between cells (guessed from the file), blank lines
 * skipped. The header row names the columns in any order and case. Stops reading past the row limit.
 */
export function parseInvitationCsv(file: Buffer): CsvParse {
  let text = file.toString('utf8');
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  if (text.includes('\uFFFD') || text.includes('\u0000')) return { ok: false, reason: 'unreadable' };

  const records: { start: number; cells: string[] }[] = [];
  let start = 0;
  let broken = false;
  let tooMany = false;
  Papa.parse<string[]>(text, {
    skipEmptyLines: 'greedy',
    delimitersToGuess: [',', ';'],
    step: (result, parser) => {
      if (result.errors.some((e) => e.type === 'Quotes')) {
        broken = true;
        parser.abort();
        return;
      }
      // The row begins at its first character after the line breaks papaparse skipped.
      let at = start;
      while (at < text.length && SPACE.has(text.charAt(at))) at++;
      records.push({ start: at, cells: result.data });
      start = result.meta.cursor;
      if (records.length > INVITATION_CSV_MAX_ROWS + 1) {
        tooMany = true;
        parser.abort();
      }
    },
  });
  if (broken) return { ok: false, reason: 'unreadable' };
  if (tooMany) return { ok: false, reason: 'too_many_rows' };
  const header = records[0];
  if (!header) return { ok: false, reason: 'columns' };

  const index = new Map<Column, number>();
  header.cells.forEach((cell, i) => {
    const name = cell.trim().toLowerCase() as Column;
    if ((INVITATION_CSV_COLUMNS as readonly string[]).includes(name) && !index.has(name)) index.set(name, i);
  });
  if (REQUIRED.some((c) => !index.has(c))) return { ok: false, reason: 'columns' };

  // Line numbers: count the line breaks up to each row's start, once over the whole text.
  const rows: CsvRow[] = [];
  let line = 1;
  let pos = 0;
  for (const record of records.slice(1)) {
    for (; pos < record.start; pos++) if (text.charCodeAt(pos) === 10) line++;
    const values = {} as Record<Column, string>;
    for (const column of INVITATION_CSV_COLUMNS) {
      const i = index.get(column);
      values[column] = i === undefined ? '' : (record.cells[i] ?? '').trim();
    }
    rows.push({ line, values, cellCount: record.cells.length });
  }
  return { ok: true, rows, columns: header.cells.length };
}

/** The names in a `|`-separated cell, blanks dropped. */
export function splitNames(cell: string): string[] {
  return cell
    .split('|')
    .map((n) => n.trim())
    .filter((n) => n !== '');
}
