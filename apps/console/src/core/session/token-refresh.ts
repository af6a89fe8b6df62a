import { authPaths, tokenSchema } from '@agora/contract';
import { sendRequest } from '../http/http-request.ts';
import { readStoredJson } from '../tab-sync/local-storage-json.ts';
import { endSessionAfterRefreshFailure, endSessionExpired } from './session-actions.ts';
import { checkSession, refreshStarted, refreshSucceeded, restoreSession } from './session-state.ts';
import { SESSION_STORAGE_KEY, useSessionStore } from './session-store.ts';

let inflight: Promise<boolean> | null = null;

/** Serialises refreshes across tabs when the browser offers Web Locks: a refresh token is single-use. */
function withRefreshLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('agora-token-refresh', work) : work();
}

async function runRefresh(refreshToken: string, clientId: string, expiresAt: number): Promise<void> {
  // Another tab may have rotated the token while we waited for the lock: adopt its result.
  const stored = restoreSession(readStoredJson(SESSION_STORAGE_KEY), Date.now()).state.token;
  if (stored && stored.refresh_token !== refreshToken && stored.expiresAt > expiresAt) {
    useSessionStore.setState((state) => ({
      ...state,
      token: stored,
      isRefreshingToken: false,
      refreshSucceeded: true,
    }));
    return;
  }
  const answer = await sendRequest({
    method: 'POST',
    path: authPaths.token,
    body: { grant_type: 'refresh_token', client_id: clientId, refresh_token: refreshToken },
  });
  const token = tokenSchema.parse(answer);
  useSessionStore.setState((state) => refreshSucceeded(state, token, Date.now()));
}

/**
 * Starts a token refresh, or joins the one already running (single flight). Resolves true when the
 * session holds a fresh token; on failure the session is over and it resolves false.
 */
export function refreshAccessToken(): Promise<boolean> {
  if (inflight) return inflight;
  const state = useSessionStore.getState();
  const token = state.token;
  if (!state.isLogged || !token) return Promise.resolve(false);
  if (!token.refresh_token || !token.client_id) {
    endSessionAfterRefreshFailure(new Error('A refresh needs both a refresh token and a client id'));
    return Promise.resolve(false);
  }
  useSessionStore.setState(refreshStarted(state));
  inflight = withRefreshLock(() => runRefresh(token.refresh_token, token.client_id, token.expiresAt))
    .then(() => true)
    .catch((error: unknown) => {
      console.error('Token refresh failed', error);
      endSessionAfterRefreshFailure(error);
      return false;
    })
    .finally(() => {
      inflight = null;
    });
  return inflight;
}

/** The access token to send now: waits for a running refresh and starts one inside the window. */
export async function currentAccessToken(): Promise<string | null> {
  if (inflight) await inflight;
  const check = checkSession(useSessionStore.getState(), Date.now());
  if (check === 'expired') {
    endSessionExpired();
    return null;
  }
  if (check === 'refresh') await refreshAccessToken();
  return useSessionStore.getState().token?.access_token ?? null;
}

/** Periodic check while signed in (spec core §4 "While logged in"). */
export function checkSessionNow(): void {
  const check = checkSession(useSessionStore.getState(), Date.now());
  if (check === 'expired') endSessionExpired();
  else if (check === 'refresh') void refreshAccessToken();
}
