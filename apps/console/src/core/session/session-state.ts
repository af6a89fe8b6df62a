import type {
  Locale,
  SessionUser,
  SigninResult,
  Token,
  UserPreference,
  UserPreferenceKey,
} from '@agora/contract';

/** Start a refresh this long before the access token expires. */
export const REFRESH_WINDOW_MS = 5 * 60 * 1000;

/** A preference as the console keeps it; `id` is null until the server has stored it. */
export interface StoredPreference {
  id: number | null;
  key: UserPreferenceKey;
  value: string;
}

export type PreferencesByKey = Partial<Record<UserPreferenceKey, StoredPreference>>;

/** The token plus its absolute expiry in epoch milliseconds. */
export interface StoredToken extends Token {
  expiresAt: number;
}

export interface SessionState {
  isLogged: boolean;
  user: SessionUser | null;
  token: StoredToken | null;
  preferences: PreferencesByKey;
  language: Locale | null;
  isRefreshingToken: boolean;
  refreshSucceeded: boolean;
  refreshFailed: boolean;
  errors: unknown;
}

/** What survives a reload and is shared with the other tabs. */
export type PersistedSession = Pick<SessionState, 'user' | 'token' | 'preferences' | 'language'>;

export const signedOutState: SessionState = {
  isLogged: false,
  user: null,
  token: null,
  preferences: {},
  language: null,
  isRefreshingToken: false,
  refreshSucceeded: false,
  refreshFailed: false,
  errors: null,
};

export function persistedPart(state: SessionState): PersistedSession | null {
  if (!state.isLogged) return null;
  return { user: state.user, token: state.token, preferences: state.preferences, language: state.language };
}

function isPersistedSession(value: unknown): value is PersistedSession {
  if (typeof value !== 'object' || value === null) return false;
  const token = (value as { token?: unknown }).token;
  return (
    typeof token === 'object' &&
    token !== null &&
    typeof (token as StoredToken).access_token === 'string' &&
    typeof (token as StoredToken).expiresAt === 'number'
  );
}

/**
 * Initial state from what was stored: a token that has not expired restores the session,
 * anything else (expired, missing, malformed) means signed out and the stored copy must go.
 */
export function restoreSession(stored: unknown, now: number): { state: SessionState; discard: boolean } {
  if (!isPersistedSession(stored) || !stored.token || !stored.token.access_token) {
    return { state: signedOutState, discard: stored !== null };
  }
  if (stored.token.expiresAt <= now) return { state: signedOutState, discard: true };
  return {
    state: {
      ...signedOutState,
      isLogged: true,
      user: stored.user,
      token: stored.token,
      preferences: stored.preferences ?? {},
      language: stored.language ?? stored.user?.language ?? null,
    },
    discard: false,
  };
}

export function preferencesByKey(list: readonly UserPreference[]): PreferencesByKey {
  const byKey: PreferencesByKey = {};
  for (const preference of list) byKey[preference.key] = { ...preference };
  return byKey;
}

function languageOf(preferences: PreferencesByKey, user: SessionUser | null): Locale | null {
  const value = preferences.language?.value;
  if (value === 'en' || value === 'it') return value;
  return user?.language ?? null;
}

export function toStoredToken(token: Token, now: number): StoredToken {
  return { ...token, expiresAt: now + token.expires_in * 1000 };
}

export function loginSucceeded(result: Pick<SigninResult, 'user' | 'token' | 'preferences'>, now: number) {
  const preferences = preferencesByKey(result.preferences);
  return {
    ...signedOutState,
    isLogged: true,
    user: result.user,
    token: toStoredToken(result.token, now),
    preferences,
    language: languageOf(preferences, result.user),
  } satisfies SessionState;
}

export function refreshStarted(state: SessionState): SessionState {
  return { ...state, isRefreshingToken: true, refreshSucceeded: false, refreshFailed: false };
}

export function refreshSucceeded(state: SessionState, token: Token, now: number): SessionState {
  return {
    ...state,
    token: toStoredToken(token, now),
    isRefreshingToken: false,
    refreshSucceeded: true,
    refreshFailed: false,
  };
}

export function refreshFailed(_state: SessionState, errors: unknown): SessionState {
  return { ...signedOutState, refreshFailed: true, errors };
}

export function loggedOut(): SessionState {
  return { ...signedOutState };
}

/** Any 401 on an authenticated call ends the session exactly like a logout. */
export function unauthorized(): SessionState {
  return loggedOut();
}

export function preferenceStored(state: SessionState, preference: StoredPreference): SessionState {
  const preferences = { ...state.preferences, [preference.key]: preference };
  return { ...state, preferences, language: languageOf(preferences, state.user) };
}

export function applyPersisted(state: SessionState, persisted: PersistedSession | null): SessionState {
  if (!persisted || !persisted.token) return { ...signedOutState, refreshFailed: state.refreshFailed };
  return { ...state, isLogged: true, ...persisted, isRefreshingToken: false };
}

export type SessionCheck = 'none' | 'expired' | 'refresh';

/** What a signed-in session needs right now. */
export function checkSession(state: SessionState, now: number, windowMs = REFRESH_WINDOW_MS): SessionCheck {
  if (!state.isLogged || !state.token) return 'none';
  if (state.token.expiresAt <= now) return 'expired';
  if (!state.isRefreshingToken && state.token.expiresAt - now <= windowMs) return 'refresh';
  return 'none';
}
