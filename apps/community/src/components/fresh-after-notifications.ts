import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';

/**
 * New notifications mean new activity (a comment, a reaction, a reply): everything the site has read
 * is read again — the page on screen at once, the others when next shown — so the contribution a
 * notification leads to shows the comment it announces, not the copy read before it. The unseen
 * counts themselves are left alone: they are what noticed.
 */
export function useFreshAfterNotifications(unseen: number | undefined): void {
  const client = useQueryClient();
  const previous = useRef(unseen);
  useEffect(() => {
    const before = previous.current;
    previous.current = unseen;
    if (unseen === undefined || before === undefined || unseen <= before) return;
    void client.invalidateQueries({ predicate: (query) => query.queryKey.at(-1) !== 'count' });
  }, [unseen, client]);
}
