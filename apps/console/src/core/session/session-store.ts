import { create } from 'zustand';
import { readStoredJson, writeStoredJson } from '../tab-sync/local-storage-json.ts';
import { persistedPart, restoreSession, type SessionState } from './session-state.ts';

export const SESSION_STORAGE_KEY = 'agora:session';

function initialState(): SessionState {
  const { state, discard } = restoreSession(readStoredJson(SESSION_STORAGE_KEY), Date.now());
  if (discard) writeStoredJson(SESSION_STORAGE_KEY, null);
  return state;
}

/** The signed-in session (spec core §4). Changes go through the pure transitions in session-state.ts. */
export const useSessionStore = create<SessionState>()(() => initialState());

/** Re-reads the stored session, as on a fresh start (tests and the other-tab fallback use it). */
export function reloadSessionFromStorage(): void {
  useSessionStore.setState(initialState(), true);
}

useSessionStore.subscribe((state, previous) => {
  const changed =
    state.isLogged !== previous.isLogged ||
    state.user !== previous.user ||
    state.token !== previous.token ||
    state.preferences !== previous.preferences ||
    state.language !== previous.language;
  if (changed) writeStoredJson(SESSION_STORAGE_KEY, persistedPart(state));
});
