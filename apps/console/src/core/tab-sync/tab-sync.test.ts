import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { preferences, token, user } from '../../test/fixtures.ts';
import { loginSucceeded, persistedPart, signedOutState } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useStackStore } from '../stack/stack-store.ts';
import { clearNotices, notify, useNoticeStore } from '../notices/notice-store.ts';
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

  it('tells a notice with an undo to other tabs without the undo, and keeps it here', async () => {
    clearNotices();
    const received: TabMessage[] = [];
    otherTab.onmessage = (event: MessageEvent<TabMessage>) => received.push(event.data);
    const undo = vi.fn();
    notify({
      messageId: 'tagging.assignment.assigned',
      action: { labelId: 'tagging.action.undo', onAction: undo },
    });
    const told = () =>
      received.find((message) => message.kind === 'notices' && message.queue.notices.length > 0);
    await vi.waitFor(() => expect(told()).toBeDefined());
    const shared = told();
    expect(shared?.kind === 'notices' && shared.queue.notices[0]?.action).toBeNull();

    // The other tab's queue comes back (it raised a notice of its own): this tab's undo is still here.
    const mine = useNoticeStore.getState().notices[0]!;
    otherTab.postMessage({
      kind: 'notices',
      queue: {
        nextId: mine.id + 2,
        notices: [
          { ...mine, id: mine.id + 1, messageId: 'x.other', action: null },
          { ...mine, action: null },
        ],
      },
    } satisfies TabMessage);
    await vi.waitFor(() => expect(useNoticeStore.getState().notices).toHaveLength(2));
    const kept = useNoticeStore.getState().notices[1]?.action;
    expect(kept && 'onAction' in kept ? kept.onAction : null).toBe(undo);
  });
});
