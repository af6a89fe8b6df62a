import type { SiteMessages } from './site-messages.ts';
import { createContext, useContext, type ReactNode } from 'react';
import type { SiteQueries } from '../site-api/site-queries.ts';
import {
  useBlockedOf,
  useSessionOf,
  type Blocked,
  type SessionStore,
  type SiteSession,
} from '../session/site-session.ts';
import type { SiteLocale } from './site-locale.ts';

/** What every page of the member site knows about where it is served. */
export interface SiteSetting {
  /** The community's path on this host: `/c/{slug}`, or '' on its own domain. */
  base: string;
  /** The origin the visitor used (`https://forum.example.org`, or PUBLIC_URL's). */
  origin: string;
  locale: SiteLocale;
  /** The site's messages in `locale`. */
  messages: SiteMessages;
  /** The community's own name (shown when no application name is set). */
  communityName: string;
  queries: SiteQueries;
  /** The community's public client id for its members' sign-in. */
  clientId: string;
  /** The member's tokens in this browser (always a visitor on the server). */
  sessions: SessionStore;
  /** A member-API call as the signed-in member (writes), refreshing the session once on 401. */
  call: (path: string, init?: { method?: string; body?: unknown }) => Promise<unknown>;
}

const SiteContext = createContext<SiteSetting | null>(null);

export function SiteSettingProvider({ value, children }: { value: SiteSetting; children: ReactNode }) {
  return <SiteContext.Provider value={value}>{children}</SiteContext.Provider>;
}

export function useSite(): SiteSetting {
  const site = useContext(SiteContext);
  if (!site) throw new Error('useSite outside SiteSettingProvider');
  return site;
}

/** The signed-in member's tokens, or null for a visitor (and while the page hydrates). */
export function useSession(): SiteSession | null {
  return useSessionOf(useSite().sessions);
}

/** The signed-in member's ban in this community, or null. */
export function useBlocked(): Blocked | null {
  return useBlockedOf(useSite().sessions);
}
