import { describe, expect, it } from 'vitest';
import { preferences, token, user } from '../../test/fixtures.ts';
import {
  applyPersisted,
  checkSession,
  loggedOut,
  loginSucceeded,
  persistedPart,
  preferenceStored,
  REFRESH_WINDOW_MS,
  refreshFailed,
  refreshStarted,
  refreshSucceeded,
  restoreSession,
  signedOutState,
  unauthorized,
} from './session-state.ts';

const NOW = 1_700_000_000_000;

describe('session transitions', () => {
  it('login stores user, token with expiry, preferences by key and language', () => {
    const state = loginSucceeded({ user, token, preferences }, NOW);
    expect(state.isLogged).toBe(true);
    expect(state.user).toBe(user);
    expect(state.token?.access_token).toBe('access-1');
    expect(state.token?.expiresAt).toBe(NOW + 3600 * 1000);
    expect(state.preferences.language).toEqual({ id: 1, key: 'language', value: 'it' });
    expect(state.preferences.platform_tour?.value).toBe('closed');
    expect(state.language).toBe('it');
    expect(state.isRefreshingToken || state.refreshFailed || state.refreshSucceeded).toBe(false);
  });

  it('login without a language preference takes the user language', () => {
    expect(loginSucceeded({ user, token, preferences: [] }, NOW).language).toBe('en');
  });

  it('restores a stored session whose token has not expired', () => {
    const stored = persistedPart(loginSucceeded({ user, token, preferences }, NOW));
    const { state, discard } = restoreSession(JSON.parse(JSON.stringify(stored)), NOW + 1000);
    expect(discard).toBe(false);
    expect(state.isLogged).toBe(true);
    expect(state.token?.access_token).toBe('access-1');
    expect(state.language).toBe('it');
  });

  it('discards an expired stored session', () => {
    const stored = persistedPart(loginSucceeded({ user, token, preferences }, NOW));
    const { state, discard } = restoreSession(stored, NOW + 3600 * 1000);
    expect(discard).toBe(true);
    expect(state).toEqual(signedOutState);
  });

  it('discards malformed stored data and keeps nothing when there is none', () => {
    expect(restoreSession({ token: { access_token: 'x' } }, NOW)).toEqual({
      state: signedOutState,
      discard: true,
    });
    expect(restoreSession(null, NOW)).toEqual({ state: signedOutState, discard: false });
  });

  it('refresh start, success and failure', () => {
    const logged = loginSucceeded({ user, token, preferences }, NOW);
    const started = refreshStarted(logged);
    expect([started.isRefreshingToken, started.refreshSucceeded, started.refreshFailed]).toEqual([
      true,
      false,
      false,
    ]);
    const fresh = { ...token, access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 60 };
    const succeeded = refreshSucceeded(started, fresh, NOW + 5000);
    expect(succeeded.token).toMatchObject({ access_token: 'access-2', refresh_token: 'refresh-2' });
    expect(succeeded.token?.expiresAt).toBe(NOW + 5000 + 60_000);
    expect([succeeded.isRefreshingToken, succeeded.refreshSucceeded, succeeded.isLogged]).toEqual([
      false,
      true,
      true,
    ]);
    const failed = refreshFailed(started, ['invalid_grant']);
    expect(failed).toMatchObject({ isLogged: false, user: null, token: null, refreshFailed: true });
    expect(failed.errors).toEqual(['invalid_grant']);
  });

  it('logout and a 401 clear everything', () => {
    const logged = refreshFailed(loginSucceeded({ user, token, preferences }, NOW), 'x');
    for (const state of [loggedOut(), unauthorized()]) {
      expect(state).toEqual(signedOutState);
      expect(state.errors).toBeNull();
      expect(state.refreshFailed).toBe(false);
    }
    expect(persistedPart(logged)).toBeNull();
  });

  it('decides between nothing, refresh and expiry', () => {
    const logged = loginSucceeded({ user, token, preferences }, NOW);
    const expiresAt = NOW + 3600 * 1000;
    expect(checkSession(logged, NOW)).toBe('none');
    expect(checkSession(logged, expiresAt - REFRESH_WINDOW_MS)).toBe('refresh');
    expect(checkSession(refreshStarted(logged), expiresAt - 1000)).toBe('none');
    expect(checkSession(logged, expiresAt)).toBe('expired');
    expect(checkSession(signedOutState, NOW)).toBe('none');
  });

  it('a stored language preference changes the session language', () => {
    const logged = loginSucceeded({ user, token, preferences: [] }, NOW);
    const next = preferenceStored(logged, { id: null, key: 'language', value: 'it' });
    expect(next.language).toBe('it');
    expect(next.preferences.language).toEqual({ id: null, key: 'language', value: 'it' });
  });

  it('applies a session shared by another tab, and its logout', () => {
    const logged = loginSucceeded({ user, token, preferences }, NOW);
    const other = applyPersisted(signedOutState, persistedPart(logged));
    expect(other.isLogged).toBe(true);
    expect(other.token).toEqual(logged.token);
    expect(applyPersisted(logged, null).isLogged).toBe(false);
  });
});
