/** The notice queue (spec core §4 "Messages"): newest first, numeric ids, auto-hide 5000 ms. */
export const DEFAULT_AUTO_HIDE_MS = 5000;

export type NoticeVariant = 'default' | 'info' | 'success' | 'warning' | 'error';

export interface NoticePosition {
  vertical: 'top' | 'bottom';
  horizontal: 'left' | 'center' | 'right';
}

/** A notice's one action: a link inside or outside the console, or something to do (an undo). */
export type NoticeAction =
  | {
      /** Message id of the action label. */
      labelId: string;
      href: string;
    }
  | {
      labelId: string;
      /** Done when the action is clicked; the notice then closes. */
      onAction: () => void;
    };

export interface Notice {
  id: number;
  /** Message id in lang/*.json; the host translates it. */
  messageId: string;
  values?: Record<string, string | number>;
  variant: NoticeVariant;
  position: NoticePosition;
  action: NoticeAction | null;
  /** null keeps the notice until it is closed. */
  autoHideDuration: number | null;
}

export interface NoticeInput {
  messageId: string;
  values?: Record<string, string | number>;
  variant?: NoticeVariant;
  position?: NoticePosition;
  action?: NoticeAction | null;
  autoHideDuration?: number | null;
  persistent?: boolean;
}

export interface NoticeQueue {
  notices: Notice[];
  nextId: number;
}

export const emptyQueue: NoticeQueue = { notices: [], nextId: 1 };

export function addNotice(queue: NoticeQueue, input: NoticeInput): NoticeQueue {
  const notice: Notice = {
    id: queue.nextId,
    messageId: input.messageId,
    variant: input.variant ?? 'default',
    position: input.position ?? { vertical: 'bottom', horizontal: 'center' },
    action: input.action ?? null,
    autoHideDuration: input.persistent ? null : (input.autoHideDuration ?? DEFAULT_AUTO_HIDE_MS),
    ...(input.values ? { values: input.values } : {}),
  };
  return { notices: [notice, ...queue.notices], nextId: queue.nextId + 1 };
}

export function removeNotice(queue: NoticeQueue, id: number): NoticeQueue {
  return { ...queue, notices: queue.notices.filter((notice) => notice.id !== id) };
}

export function removeAllNotices(queue: NoticeQueue): NoticeQueue {
  return { ...queue, notices: [] };
}

/** A reset (logout) clears the queue and restarts the ids. */
export function resetNotices(): NoticeQueue {
  return { ...emptyQueue, notices: [] };
}
