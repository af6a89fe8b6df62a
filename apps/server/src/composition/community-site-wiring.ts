import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { tsImport } from 'tsx/esm/api';
import type { PlatformDeps } from '../platform/platform-deps.ts';
import { registerCommunitySiteRoutes } from '../modules/community-site/community-site.routes.ts';
import { readSiteBundle } from '../modules/community-site/site-assets.ts';
import { registerSiteCrawlerRoutes } from '../modules/community-site/site-crawler.routes.ts';
import type { SiteRenderer } from '../modules/community-site/site-renderer.ts';

/** The member site's build (apps/community/dist), next to this server's sources. */
const SITE_DIST = path.resolve(import.meta.dirname, '../../../community/dist');
/**
 * Its server entry. Named through a variable: the site is type-checked by its own project (JSX, DOM),
 * not by the server's; `renderSitePage` takes and answers the shapes of SiteRenderer, which the
 * member-site API tests prove by rendering real pages.
 */
const SITE_ENTRY = path.resolve(import.meta.dirname, '../../../community/src/entry-server.tsx');
/** The site's compiler settings (JSX): loaded with them whatever the process's working directory is. */
const SITE_TSCONFIG = path.resolve(import.meta.dirname, '../../../community/tsconfig.json');

/**
 * The member site's server rendering, loaded on the first page asked (ADR 0036): React and MUI stay
 * out of a process, or a test, that never renders a page.
 */
let loaded: Promise<{ renderSitePage: SiteRenderer }> | undefined;
const renderSite: SiteRenderer = async (request) => {
  // Loaded once per process: each tsImport call loads a fresh copy of the module graph.
  loaded ??= tsImport(SITE_ENTRY, { parentURL: import.meta.url, tsconfig: SITE_TSCONFIG }) as Promise<{
    renderSitePage: SiteRenderer;
  }>;
  return (await loaded).renderSitePage(request);
};

/** Wires apps/community into the server: its pages under every community, its bundle's files, robots.txt and sitemaps. */
export function registerCommunitySite(
  app: FastifyInstance,
  platform: PlatformDeps,
  distDir = SITE_DIST,
): void {
  registerSiteCrawlerRoutes(app, platform);
  registerCommunitySiteRoutes(app, { ...platform, render: renderSite, bundle: readSiteBundle(distDir) });
}
