import type { AuditLogEntry, AuditPerson } from '@agora/contract';

/**
 * A CSV cell (RFC 4180): quoted when it holds a quote, comma, line break or edge spaces, quotes
 * doubled; and never read as a formula by a spreadsheet — text starting with = + - @ (or tab/CR)
 * gets a leading apostrophe.
 */
export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n']/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "Maria Rossi (maria)", "maria", or "#12" when the user is gone (no `@`: a spreadsheet reads it as a formula). */
export function personText(person: AuditPerson | null): string {
  if (!person) return '';
  const handle = person.username ?? (person.id !== null ? `#${person.id}` : '');
  return person.name ? `${person.name} (${handle})` : handle;
}

function changesText(entry: AuditLogEntry): string {
  return entry.changes
    .map((c) =>
      c.before === null ? `${c.field}: ${c.after ?? ''}` : `${c.field}: ${c.before} → ${c.after ?? ''}`,
    )
    .join('\n');
}

/** Readable columns first (names, the action, the changes), then the raw ones a tool can join on. */
export const AUDIT_CSV_COLUMNS: readonly [string, (e: AuditLogEntry) => unknown][] = [
  ['at', (e) => e.at],
  ['who', (e) => personText(e.actor)],
  ['role', (e) => e.role],
  ['action', (e) => e.action],
  ['person', (e) => personText(e.person)],
  ['subject', (e) => e.subject],
  ['changes', changesText],
  ['status', (e) => e.status],
  ['read_only', (e) => (e.read_only ? 'yes' : 'no')],
  ['ip', (e) => e.ip],
  ['id', (e) => e.id],
  ['who_id', (e) => e.community_user_id],
  ['account_id', (e) => e.account_id],
  ['person_id', (e) => e.person?.id ?? null],
  ['method', (e) => e.method],
  ['route', (e) => e.route],
  ['details', (e) => e.details],
];

export function auditCsv(entries: readonly AuditLogEntry[]): string {
  const lines = [AUDIT_CSV_COLUMNS.map(([name]) => name).join(',')];
  for (const entry of entries)
    lines.push(AUDIT_CSV_COLUMNS.map(([, cell]) => csvCell(cell(entry))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}
