import type { EmailLocale } from '@agora/contract';

// The words a product email's variables carry, in the email's language (ADR 0030): a sender puts no
// English text into an Italian email. The console's own names for the same things (roles.it.json).

const ROLE_NAMES: Record<EmailLocale, Record<string, string>> = {
  en: { admin: 'admin', moderator: 'moderator', editor: 'editor', publisher: 'publisher' },
  it: { admin: 'amministratore', moderator: 'moderatore', editor: 'editor', publisher: 'publisher' },
};

const EXPORT_TYPE_NAMES: Record<EmailLocale, Record<string, string>> = {
  en: { users: 'users', contributions: 'contributions', categories: 'categories', thread: 'thread' },
  it: { users: 'utenti', contributions: 'contributi', categories: 'categorie', thread: 'discussione' },
};

/** A staff role as an email names it. */
export function emailRoleName(role: string, locale: EmailLocale): string {
  return ROLE_NAMES[locale][role] ?? role;
}

/** An analytics export's type as an email names it. */
export function emailExportTypeName(type: string, locale: EmailLocale): string {
  return EXPORT_TYPE_NAMES[locale][type] ?? type;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A day as an email writes it, in UTC: 2026-11-21 in English, 21/11/2026 in Italian. */
export function emailDay(date: Date, locale: EmailLocale): string {
  const [y, m, d] = [date.getUTCFullYear(), pad(date.getUTCMonth() + 1), pad(date.getUTCDate())];
  return locale === 'it' ? `${d}/${m}/${y}` : `${y}-${m}-${d}`;
}

/** A moment as an email writes it, in UTC, to the minute. */
export function emailDateTime(date: Date, locale: EmailLocale): string {
  return `${emailDay(date, locale)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())} UTC`;
}
