import { create } from 'zustand';
import {
  addNotice,
  emptyQueue,
  removeAllNotices,
  removeNotice,
  resetNotices,
  type NoticeInput,
  type NoticeQueue,
} from './notice-queue.ts';

export const useNoticeStore = create<NoticeQueue>()(() => ({ ...emptyQueue }));

export const notify = (input: NoticeInput) => useNoticeStore.setState((queue) => addNotice(queue, input));
export const dismissNotice = (id: number) => useNoticeStore.setState((queue) => removeNotice(queue, id));
export const dismissAllNotices = () => useNoticeStore.setState((queue) => removeAllNotices(queue));
export const clearNotices = () => useNoticeStore.setState(resetNotices(), true);
