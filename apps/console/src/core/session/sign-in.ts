import type { SigninResult } from '@agora/contract';
import { applyLocale, useLocaleStore } from '../locale/locale-store.ts';
import { savePreference } from '../preferences/preference-actions.ts';
import { loginSucceeded } from './session-state.ts';
import { useSessionStore } from './session-store.ts';

/**
 * Login success. An account that never chose a language keeps the one shown at sign-in (picked there
 * or found from the browser), stored as its `language` preference; otherwise its own language applies.
 */
export function signIn(result: Pick<SigninResult, 'user' | 'token' | 'preferences'>): void {
  const shown = useLocaleStore.getState().locale;
  const chosenBefore = result.preferences.some((preference) => preference.key === 'language');
  const state = loginSucceeded(result, Date.now());
  if (!chosenBefore && state.language !== shown) {
    useSessionStore.setState({ ...state, language: shown }, true);
    void savePreference('language', shown);
    return;
  }
  useSessionStore.setState(state, true);
  if (state.language) applyLocale(state.language);
}
