import { useEffect, useState } from 'react';

/** How long typing must pause before a search is sent to the server. */
export const SEARCH_DEBOUNCE_MS = 300;

/** `value`, once it has stayed the same for `delay` ms (a search field's text before it is sent). */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
