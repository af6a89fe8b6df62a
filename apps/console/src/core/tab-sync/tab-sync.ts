import { emptyQueue, type Notice, type NoticeQueue } from '../notices/notice-queue.ts';
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

const runsHere = (notice: Notice) => notice.action !== null && 'onAction' in notice.action;

/**
 * A notice whose action is something to do (an undo) is told to the other tabs without it: a function
 * cannot cross tabs, and the undo belongs to the tab that did the change.
 */
function shareable(queue: NoticeQueue): NoticeQueue {
  return { ...queue, notices: queue.notices.map((n) => (runsHere(n) ? { ...n, action: null } : n)) };
}

/** Another tab's queue, with this tab's own undo kept on the notices it raised. */
function withLocalActions(queue: NoticeQueue): NoticeQueue {
  const local = new Map(
    useNoticeStore
      .getState()
      .notices.filter(runsHere)
      .map((n) => [`${n.id} ${n.messageId}`, n.action]),
  );
  return {
    ...queue,
    notices: queue.notices.map((n) => ({
      ...n,
      action: n.action ?? local.get(`${n.id} ${n.messageId}`) ?? null,
    })),
  };
}

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
      if (!applyingRemote) channel.post({ kind: 'notices', queue: shareable(state) });
    }),
    channel.subscribe((message) =>
      applyRemote(() => {
        if (message.kind === 'session') {
          useSessionStore.setState((state) => applyPersisted(state, message.session), true);
        } else if (message.kind === 'stack') {
          useStackStore.setState({ selected: message.selected });
        } else {
          useNoticeStore.setState({ ...emptyQueue, ...withLocalActions(message.queue) }, true);
        }
      }),
    ),
  ];
  return () => unsubscribers.forEach((unsubscribe) => unsubscribe());
}
