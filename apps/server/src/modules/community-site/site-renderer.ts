/**
 * What the member site's server rendering needs from the server, and what it answers (ADR 0036). The
 * site (apps/community) is wired in by the composition root; this module knows only this shape.
 */
export interface SitePageRequest {
  /** The address inside the community, with its query: `/post/12/slug?page=2`. */
  path: string;
  /** The community's path on this host: `/c/{slug}`, or '' on its own domain. */
  base: string;
  /** The origin the visitor used. */
  origin: string;
  acceptLanguage: string | undefined;
  communityName: string;
  /** The community's public client id: the browser signs members in with it. */
  clientId: string;
  /** Reads the community's member API (a path relative to `/api/v2/`) through the server's own routes. */
  fetch: (path: string) => Promise<unknown>;
  /** The browser bundle's entry script and style sheets; empty when the site is not built. */
  assets: {
    scripts: string[];
    styles: string[];
    /** The scripts a site module needs (its chunk and static imports), to preload them; [] when not built. */
    modules: (source: string) => string[];
  };
}

export type SiteRenderer = (request: SitePageRequest) => Promise<{ status: number; html: string }>;
