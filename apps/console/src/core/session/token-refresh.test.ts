import { authPaths, preferencePaths } from '@agora/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../test/mock-fetch.ts';
import { preferences, token, user } from '../../test/fixtures.ts';
import { apiData } from '../http/api-client.ts';
import { clearNotices, useNoticeStore } from '../notices/notice-store.ts';
import { loginSucceeded, signedOutState } from './session-state.ts';
import { useSessionStore } from './session-store.ts';
import { currentAccessToken } from './token-refresh.ts';

/** Signs in with a token that expires `secondsLeft` from now. */
function signInExpiringIn(secondsLeft: number) {
  useSessionStore.setState(
    loginSucceeded({ user, token: { ...token, expires_in: secondsLeft }, preferences }, Date.now()),
    true,
  );
}

const freshToken = { ...token, access_token: 'access-2', refresh_token: 'refresh-2', expires_in: 3600 };

describe('token refresh', () => {
  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    clearNotices();
  });

  it('refreshes once inside the window while concurrent requests wait for it', async () => {
    signInExpiringIn(60);
    const { calls } = mockFetch([
      { method: 'POST', path: authPaths.token, status: 200, body: freshToken },
      { method: 'GET', path: preferencePaths.list, status: 200, body: { data: [] } },
    ]);
    await Promise.all([apiData({ path: preferencePaths.list }), apiData({ path: preferencePaths.list })]);
    const refreshes = calls.filter((call) => call.path === authPaths.token);
    expect(refreshes).toHaveLength(1);
    expect(refreshes[0]?.body).toBe('grant_type=refresh_token&client_id=console&refresh_token=refresh-1');
    const gets = calls.filter((call) => call.path === preferencePaths.list);
    expect(gets.map((call) => call.headers.get('Authorization'))).toEqual([
      'Bearer access-2',
      'Bearer access-2',
    ]);
    const state = useSessionStore.getState();
    expect(state.token?.refresh_token).toBe('refresh-2');
    expect([state.refreshSucceeded, state.isRefreshingToken]).toEqual([true, false]);
  });

  it('does not refresh outside the window', async () => {
    signInExpiringIn(3600);
    const { calls } = mockFetch([]);
    expect(await currentAccessToken()).toBe('access-1');
    expect(calls).toHaveLength(0);
  });

  it('logs out and records the errors when the refresh fails', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    signInExpiringIn(60);
    mockFetch([
      {
        method: 'POST',
        path: authPaths.token,
        status: 400,
        body: { error: 'invalid_grant', error_description: 'x', errors: [] },
      },
    ]);
    expect(await currentAccessToken()).toBeNull();
    const state = useSessionStore.getState();
    expect(state).toMatchObject({ isLogged: false, token: null, refreshFailed: true });
    expect(state.errors).toBeTruthy();
    expect(logged).toHaveBeenCalled();
  });

  it('logs out with "Token expired" when the expiry has passed', async () => {
    signInExpiringIn(-1);
    mockFetch([{ method: 'POST', path: authPaths.revoke, status: 200, body: {} }]);
    expect(await currentAccessToken()).toBeNull();
    expect(useSessionStore.getState().isLogged).toBe(false);
    expect(useNoticeStore.getState().notices[0]?.messageId).toBe('common.tokenExpired');
  });
});
