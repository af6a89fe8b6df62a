import { LOCALES, type Locale } from '@agora/contract';

export const DEFAULT_LOCALE: Locale = 'en';

/** 'it', 'it-IT', 'IT_it' → 'it'; anything unsupported → null. */
export function toLocale(value: string | null | undefined): Locale | null {
  if (!value) return null;
  const prefix = value.trim().toLowerCase().split(/[-_]/)[0];
  return (LOCALES as readonly string[]).includes(prefix ?? '') ? (prefix as Locale) : null;
}

export interface LocaleSources {
  /** The `l` query parameter. */
  query?: string | null;
  /** The stored `language` preference of the signed-in user. */
  preference?: string | null;
  /** The signed-in user's language. */
  userLanguage?: string | null;
  /** The last locale used in this browser. */
  lastLocale?: string | null;
  /** navigator.language. */
  browser?: string | null;
}

/** Start-up locale (spec core §4): ?l=, then preference or user language, then last locale, then browser. */
export function chooseLocale(sources: LocaleSources): Locale {
  return (
    toLocale(sources.query) ??
    toLocale(sources.preference) ??
    toLocale(sources.userLanguage) ??
    toLocale(sources.lastLocale) ??
    toLocale(sources.browser) ??
    DEFAULT_LOCALE
  );
}
