import { useState } from 'react';
import { useDebouncedValue } from './use-debounced-value.ts';

/**
 * A list searched on the server, a page at a time: `text` is what the field shows, `sent` what the
 * server is asked for once typing pauses, and `offset` the first row shown — back to the first page
 * whenever `sent` or `scope` (the chosen tag) changes.
 */
export function useSearchPaging(scope: unknown = null) {
  const [text, setText] = useState('');
  const sent = useDebouncedValue(text).trim();
  const [at, setAt] = useState({ sent, scope, offset: 0 });
  const offset = at.sent === sent && at.scope === scope ? at.offset : 0;
  return {
    text,
    setText,
    sent,
    offset,
    setOffset: (next: number) => setAt({ sent, scope, offset: next }),
  };
}
