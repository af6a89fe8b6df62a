import { preferencePaths } from '@agora/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { token, user } from '../../test/fixtures.ts';
import { mockFetch } from '../../test/mock-fetch.ts';
import { useLocaleStore } from '../locale/locale-store.ts';
import { switchLocale } from '../locale/switch-locale.ts';
import { loginSucceeded, signedOutState } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { savePreference } from './preference-actions.ts';

const signIn = (preferences: Parameters<typeof loginSucceeded>[0]['preferences']) =>
  useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);

describe('preferences', () => {
  beforeEach(() => useSessionStore.setState(signedOutState, true));

  it('adds a preference without an id with a form POST', async () => {
    signIn([]);
    const { calls } = mockFetch([
      {
        method: 'POST',
        path: preferencePaths.list,
        status: 201,
        body: { data: { id: 5, key: 'platform_tour', value: 'closed' } },
      },
    ]);
    await savePreference('platform_tour', 'closed');
    expect(calls[0]?.body).toBe('key=platform_tour&value=closed');
    expect(useSessionStore.getState().preferences.platform_tour).toEqual({
      id: 5,
      key: 'platform_tour',
      value: 'closed',
    });
  });

  it('updates a preference that has an id with a JSON PATCH', async () => {
    signIn([{ id: 9, key: 'language', value: 'en' }]);
    const { calls } = mockFetch([
      {
        method: 'PATCH',
        path: '/platform/api/v1/user/preference/9/',
        status: 200,
        body: { data: { id: 9, key: 'language', value: 'it' } },
      },
    ]);
    switchLocale('it');
    expect(useLocaleStore.getState().locale).toBe('it');
    await vi.waitFor(() => expect(calls).toHaveLength(1));
    expect(calls[0]?.body).toBe('{"value":"it"}');
    await vi.waitFor(() => expect(useSessionStore.getState().preferences.language?.value).toBe('it'));
  });

  it('ignores a failure to store and keeps the chosen value', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    signIn([]);
    mockFetch([{ method: 'POST', path: preferencePaths.list, status: 500, body: null }]);
    await expect(savePreference('language', 'it')).resolves.toBeUndefined();
    expect(useSessionStore.getState().preferences.language?.value).toBe('it');
  });

  it('does not store anything when signed out', async () => {
    const { calls } = mockFetch([]);
    switchLocale('en');
    await savePreference('language', 'en');
    expect(calls).toHaveLength(0);
  });
});
