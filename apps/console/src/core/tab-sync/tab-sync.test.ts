import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferences, token, user } from '../../test/fixtures.ts';
import { loginSucceeded, persistedPart, signedOutState } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { startTabSync, TAB_CHANNEL_NAME, type TabMessage } from './tab-sync.ts';

describe('tab sync', () => {
  let stop: () => void;
  let otherTab: BroadcastChannel;

  beforeEach(() => {
    useSessionStore.setState(signedOutState, true);
    useStackStore.setState({ selected: null });
    stop = startTabSync();
    otherTab = new BroadcastChannel(TAB_CHANNEL_NAME);
  });

  afterEach(() => {
    stop();
    otherTab.close();
  });

  it('a logout in another tab logs this tab out', async () => {
    useSessionStore.setState(loginSucceeded({ user, token, preferences }, Date.now()), true);
    otherTab.postMessage({ kind: 'session', session: null } satisfies TabMessage);
    await vi.waitFor(() => expect(useSessionStore.getState().isLogged).toBe(false));
  });

  it('a login in another tab signs this tab in, and local changes are shared', async () => {
    const received: TabMessage[] = [];
    otherTab.onmessage = (event: MessageEvent<TabMessage>) => received.push(event.data);
    const session = persistedPart(loginSucceeded({ user, token, preferences }, Date.now()));
    otherTab.postMessage({ kind: 'session', session } satisfies TabMessage);
    await vi.waitFor(() => expect(useSessionStore.getState().isLogged).toBe(true));
    expect(useSessionStore.getState().token?.access_token).toBe('access-1');

    useStackStore.setState({
      selected: {
        id: 3,
        internal_url: 'http://x/c/demo',
        roles: ['admin'],
        communityName: 'Demo',
        token: null,
      },
    });
    await vi.waitFor(() => expect(received.some((message) => message.kind === 'stack')).toBe(true));
    // What came from the other tab is not echoed back to it.
    expect(received.some((message) => message.kind === 'session')).toBe(false);
  });
});
