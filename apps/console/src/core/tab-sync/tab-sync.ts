import { emptyQueue, type NoticeQueue } from '../notices/notice-queue.ts';
import { useNoticeStore } from '../notices/notice-store.ts';
import { applyPersisted, persistedPart, type PersistedSession } from '../session/session-state.ts';
import { useSessionStore } from '../session/session-store.ts';
import { useStackStore, type SelectedStack } from '../stack/stack-store.ts';
import { createTabChannel } from './tab-channel.ts';

export type TabMessage =
  | { kind: 'session'; session: PersistedSession | null }
  | { kind: 'stack'; selected: SelectedStack | null }
  | { kind: 'notices'; queue: NoticeQueue };

export const TAB_CHANNEL_NAME = 'agora-session';

/**
 * Shares login, logout, token, preference, stack and notice changes with the console's other open
 * tabs (spec core §4). Changes received from another tab are applied without being sent back.
 */
export function startTabSync(): () => void {
  const channel = createTabChannel<TabMessage>(TAB_CHANNEL_NAME);
  let applyingRemote = false;
  const applyRemote = (apply: () => void) => {
    applyingRemote = true;
    try {
      apply();
    } finally {
      applyingRemote = false;
    }
  };

  const unsubscribers = [
    useSessionStore.subscribe((state, previous) => {
      if (applyingRemote) return;
      const changed =
        state.isLogged !== previous.isLogged ||
        state.user !== previous.user ||
        state.token !== previous.token ||
        state.preferences !== previous.preferences;
      if (changed) channel.post({ kind: 'session', session: persistedPart(state) });
    }),
    useStackStore.subscribe((state, previous) => {
      if (!applyingRemote && state.selected !== previous.selected) {
        channel.post({ kind: 'stack', selected: state.selected });
      }
    }),
    useNoticeStore.subscribe((state) => {
      if (!applyingRemote) channel.post({ kind: 'notices', queue: state });
    }),
    channel.subscribe((message) =>
      applyRemote(() => {
        if (message.kind === 'session') {
          useSessionStore.setState((state) => applyPersisted(state, message.session), true);
        } else if (message.kind === 'stack') {
          useStackStore.setState({ selected: message.selected });
        } else {
          useNoticeStore.setState({ ...emptyQueue, ...message.queue }, true);
        }
      }),
    ),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
