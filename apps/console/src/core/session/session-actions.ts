import { authPaths } from '@agora/contract';
import { sendRequest } from '../http/http-request.ts';
import { onUnauthorized } from '../http/unauthorized-event.ts';
import { applyLocale } from '../locale/locale-store.ts';
import { DEFAULT_LOCALE, toLocale } from '../locale/locale-choice.ts';
import { clearNotices, notify } from '../notices/notice-store.ts';
import { clearStack } from '../stack/stack-store.ts';
import { loggedOut, refreshFailed, unauthorized } from './session-state.ts';
import { useSessionStore } from './session-store.ts';

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

/**
 * A 401 on an authenticated call: the session is over, say so until the user closes the notice. The
 * HTTP client reports it as an event (it cannot import the session: see `http/unauthorized-event.ts`);
 * this module is loaded with the client (through `token-refresh.ts`), so the listener is always in place.
 */
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

onUnauthorized(endSessionUnauthorized);
