import { useSyncExternalStore } from 'react';

/** A member's tokens for this community, kept in the browser (ADR 0036). */
export interface SiteSession {
  access: string;
  refresh: string;
}

type Listener = () => void;

/** A ban on the member: until when (an ISO date), or null for no end. */
export interface Blocked {
  until: string | null;
}

/**
 * The member's session in this browser, per community. It is read only after hydration: the server
 * renders every page as a visitor sees it, and the first render in the browser must match.
 */
export class SessionStore {
  #listeners = new Set<Listener>();
  #session: SiteSession | null | undefined;
  #blocked: Blocked | null = null;

  constructor(private readonly key: string) {}

  get(): SiteSession | null {
    if (this.#session === undefined) {
      try {
        const raw = globalThis.localStorage?.getItem(this.key);
        const parsed = raw ? (JSON.parse(raw) as Partial<SiteSession>) : null;
        this.#session =
          parsed?.access && parsed.refresh ? { access: parsed.access, refresh: parsed.refresh } : null;
      } catch {
        this.#session = null;
      }
    }
    return this.#session;
  }

  set(session: SiteSession | null): void {
    this.#session = session;
    if (!session) this.#blocked = null;
    try {
      if (session) globalThis.localStorage?.setItem(this.key, JSON.stringify(session));
      else globalThis.localStorage?.removeItem(this.key);
    } catch {
      // A browser refusing storage keeps the session for this page only.
    }
    for (const listener of this.#listeners) listener();
  }

  /** The member is blocked (banned) in this community: they read as a visitor until it ends. */
  blocked(): Blocked | null {
    return this.#blocked;
  }

  setBlocked(blocked: Blocked | null): void {
    if (this.#blocked?.until === blocked?.until && Boolean(this.#blocked) === Boolean(blocked)) return;
    this.#blocked = blocked;
    for (const listener of this.#listeners) listener();
  }

  subscribe = (listener: Listener): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };
}

/** The session store of a page rendered on the server: always a visitor. */
export const NO_SESSION = new SessionStore('agora.site.server');

/** The member's session, or null for a visitor (always null on the server and while hydrating). */
export function useSessionOf(store: SessionStore): SiteSession | null {
  return useSyncExternalStore(
    store.subscribe,
    () => store.get(),
    () => null,
  );
}

/** The member's ban, or null (always null on the server and while hydrating). */
export function useBlockedOf(store: SessionStore): Blocked | null {
  return useSyncExternalStore(
    store.subscribe,
    () => store.blocked(),
    () => null,
  );
}
