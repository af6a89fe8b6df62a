import type { SiteMessages } from './app/site-messages.ts';
import type { DehydratedState } from '@tanstack/react-query';
import type { SiteLocale } from './app/site-locale.ts';

/** What the server hands the browser in the page (a JSON data block, never executed). */
export interface SiteState {
  base: string;
  origin: string;
  locale: SiteLocale;
  /** The page's language's messages (the browser's JavaScript carries none). */
  messages: SiteMessages;
  communityName: string;
  clientId: string;
  dehydrated: DehydratedState;
}

/** The id of the `<script type="application/json">` holding the state. */
export const SITE_STATE_ID = 'site-state';
/** The id of the element the site renders into. */
export const SITE_ROOT_ID = 'site';
/** The emotion cache key, the same on both sides so the browser adopts the server's styles. */
export const STYLE_KEY = 'site';
