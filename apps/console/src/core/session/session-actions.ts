import { authPaths, type SigninResult } from '@agora/contract';
import { sendRequest } from '../http/http-request.ts';
import { applyLocale, useLocaleStore } from '../locale/locale-store.ts';
import { savePreference } from '../preferences/preference-actions.ts';
import { DEFAULT_LOCALE, toLocale } from '../locale/locale-choice.ts';
import { clearNotices, notify } from '../notices/notice-store.ts';
import { clearStack } from '../stack/stack-store.ts';
import { loggedOut, loginSucceeded, refreshFailed, unauthorized } from './session-state.ts';
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

/** Revokes a token; resolves with nothing when either part is missing, and never throws. */
export async function revokeToken(token: string | undefined, clientId: string | undefined): Promise<void> {
  if (!token || !clientId) return;
  try {
    await sendRequest({ method: 'POST', path: authPaths.revoke, body: { token, client_id: clientId } });
  } catch (error) {
    console.error('Token revoke failed', error);
  }
}

/** Logout: revoke the token, then clear the user, the token, the stack and the notices. */
export function logout(): Promise<void> {
  const { token } = useSessionStore.getState();
  useSessionStore.setState(loggedOut(), true);
  clearStack();
  clearNotices();
  return revokeToken(token?.access_token, token?.client_id);
}

/** A 401 on an authenticated call: the session is over, say so until the user closes the notice. */
export function endSessionUnauthorized(): void {
  if (!useSessionStore.getState().isLogged) return;
  const { token } = useSessionStore.getState();
  useSessionStore.setState(unauthorized(), true);
  clearStack();
  clearNotices();
  notify({ messageId: 'common.error401', variant: 'error', persistent: true });
  void revokeToken(token?.access_token, token?.client_id);
}

export function endSessionExpired(): void {
  if (!useSessionStore.getState().isLogged) return;
  void logout();
  notify({ messageId: 'common.tokenExpired', variant: 'warning' });
}

export function endSessionAfterRefreshFailure(errors: unknown): void {
  const state = useSessionStore.getState();
  applyLocale(toLocale(state.preferences.language?.value) ?? DEFAULT_LOCALE);
  useSessionStore.setState(refreshFailed(state, errors), true);
  clearStack();
  clearNotices();
  notify({ messageId: 'common.error401', variant: 'error', persistent: true });
}
