/**
 * The HTTP client reports a 401 on an authenticated call here and knows nothing more of sessions;
 * the session listens (`session/session-actions.ts`) and ends itself. This keeps the client below the
 * session in the import graph: signing in saves a preference, and preferences call the client.
 */
type UnauthorizedListener = () => void;

const listeners = new Set<UnauthorizedListener>();

/** Calls `listener` on every 401 of an authenticated call; returns the unsubscribe function. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function reportUnauthorized(): void {
  for (const listener of listeners) listener();
}
