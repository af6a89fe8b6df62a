import { describe, expect, it } from 'vitest';
import {
  addNotice,
  DEFAULT_AUTO_HIDE_MS,
  emptyQueue,
  removeAllNotices,
  removeNotice,
  resetNotices,
} from './notice-queue.ts';

describe('notice queue', () => {
  it('adds newest first with increasing ids and the defaults', () => {
    const one = addNotice(emptyQueue, { messageId: 'a.first' });
    const two = addNotice(one, { messageId: 'a.second', variant: 'error' });
    expect(two.notices.map((notice) => [notice.id, notice.messageId])).toEqual([
      [2, 'a.second'],
      [1, 'a.first'],
    ]);
    expect(one.notices[0]).toMatchObject({
      variant: 'default',
      position: { vertical: 'bottom', horizontal: 'center' },
      action: null,
      autoHideDuration: DEFAULT_AUTO_HIDE_MS,
    });
    expect(DEFAULT_AUTO_HIDE_MS).toBe(5000);
  });

  it('keeps persistent notices until closed', () => {
    const queue = addNotice(emptyQueue, { messageId: 'common.error401', persistent: true });
    expect(queue.notices[0]?.autoHideDuration).toBeNull();
  });

  it('removes by id, removes all, and resets ids', () => {
    let queue = addNotice(addNotice(emptyQueue, { messageId: 'a.one' }), { messageId: 'a.two' });
    queue = removeNotice(queue, 1);
    expect(queue.notices.map((notice) => notice.id)).toEqual([2]);
    expect(removeAllNotices(queue)).toEqual({ notices: [], nextId: 3 });
    expect(resetNotices()).toEqual({ notices: [], nextId: 1 });
  });
});
