import { createContext, useContext, type ReactNode } from 'react';
import type { SiteQueries } from '../site-api/site-queries.ts';
import type { SiteLocale } from './site-locale.ts';

/** What every page of the member site knows about where it is served. */
export interface SiteSetting {
  /** The community's path on this host: `/c/{slug}`, or '' on its own domain. */
  base: string;
  /** The origin the visitor used (`https://forum.example.org`, or PUBLIC_URL's). */
  origin: string;
  locale: SiteLocale;
  /** The community's own name (shown when no application name is set). */
  communityName: string;
  queries: SiteQueries;
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
