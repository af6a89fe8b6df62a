import type { Locale } from '@agora/contract';
import { create } from 'zustand';
import { useSessionStore } from '../session/session-store.ts';
import { chooseLocale, toLocale } from './locale-choice.ts';
import { hasMessages, loadMessages } from './messages.ts';

export const LAST_LOCALE_KEY = 'agora:last-locale';

export function readLastLocale(): Locale | null {
  try {
    return toLocale(localStorage.getItem(LAST_LOCALE_KEY));
  } catch {
    return null;
  }
}

export function writeLastLocale(locale: Locale): void {
  try {
    localStorage.setItem(LAST_LOCALE_KEY, locale);
  } catch {
    // Nothing to remember it in.
  }
}

export function startupLocale(): Locale {
  const session = useSessionStore.getState();
  return chooseLocale({
    query: new URLSearchParams(window.location.search).get('l'),
    preference: session.isLogged ? session.preferences.language?.value : null,
    userLanguage: session.isLogged ? session.user?.language : null,
    lastLocale: readLastLocale(),
    browser: typeof navigator === 'undefined' ? null : navigator.language,
  });
}

export interface LocaleState {
  locale: Locale;
}

export const useLocaleStore = create<LocaleState>()(() => ({ locale: startupLocale() }));

/** The locale asked for last: a slower catalogue that arrives after a newer choice is not shown. */
let requested: Locale | null = null;

function showLocale(locale: Locale): void {
  document.documentElement.lang = locale;
  if (useLocaleStore.getState().locale !== locale) useLocaleStore.setState({ locale });
}

/**
 * Applies a locale to the page: react-intl and MUI follow the store, <html lang> and the last locale here.
 * The switch happens once the language's messages are loaded (at once when they already are); until then
 * the page stays in the language it shows, and if they cannot be loaded it stays there.
 */
export function applyLocale(locale: Locale): void {
  writeLastLocale(locale);
  requested = locale;
  if (hasMessages(locale)) {
    showLocale(locale);
    return;
  }
  loadMessages(locale).then(
    () => {
      if (requested === locale) showLocale(locale);
    },
    () => {
      // Not reachable now: the page stays in the language it shows, and the next choice tries again.
    },
  );
}
