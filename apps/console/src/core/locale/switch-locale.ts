import type { Locale } from '@agora/contract';
import { savePreference } from '../preferences/preference-actions.ts';
import { useSessionStore } from '../session/session-store.ts';
import { toLocale } from './locale-choice.ts';
import { applyLocale, LAST_LOCALE_KEY, useLocaleStore } from './locale-store.ts';

/** The user picked a language: switch, and remember it as the `language` preference when signed in. */
export function switchLocale(locale: Locale): void {
  applyLocale(locale);
  if (useSessionStore.getState().isLogged) void savePreference('language', locale);
}

/**
 * Signed in, a change of the language preference (here or in another tab) switches the locale;
 * signed out, a change of the last locale in another tab does.
 */
export function followLocaleSources(): () => void {
  document.documentElement.lang = useLocaleStore.getState().locale;
  const unsubscribe = useSessionStore.subscribe((state, previous) => {
    if (state.isLogged && state.language && state.language !== previous.language) applyLocale(state.language);
  });
  const onStorage = (event: StorageEvent) => {
    if (event.key !== LAST_LOCALE_KEY || useSessionStore.getState().isLogged) return;
    const locale = toLocale(event.newValue);
    if (locale) applyLocale(locale);
  };
  window.addEventListener('storage', onStorage);
  return () => {
    unsubscribe();
    window.removeEventListener('storage', onStorage);
  };
}
