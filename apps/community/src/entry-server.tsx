import createCache from '@emotion/cache';
import { QueryClient, dehydrate, defaultShouldDehydrateQuery } from '@tanstack/react-query';
import { renderToString } from 'react-dom/server';
import { createIntl } from 'react-intl';
import { SiteApp } from './app/site-app.tsx';
import { matchRoute } from './app/route-match.ts';
import { StaticSiteRouter } from './app/site-router.tsx';
import { localeOfAcceptLanguage } from './app/site-locale.ts';
import { siteMessages } from './app/site-messages.ts';
import { SITE_ROUTES } from './app/site-routes.tsx';
import { headTags } from './head/page-head.ts';
import { isNotFound, needsSignIn, type SiteFetch } from './site-api/site-fetch.ts';
import { NO_PREFERENCES, preferenceText, siteQueries, type Preferences } from './site-api/site-queries.ts';
import { NO_SESSION } from './session/site-session.ts';
import { SITE_ROOT_ID, SITE_STATE_ID, STYLE_KEY, type SiteState } from './site-state.ts';

export type { SiteFetch } from './site-api/site-fetch.ts';

export interface SiteRenderInput {
  /** The address inside the community, with its query: `/post/12/slug?page=2`. */
  path: string;
  /** The community's path on this host: `/c/{slug}`, or '' on its own domain. */
  base: string;
  /** The origin the visitor used. */
  origin: string;
  /** The visitor's Accept-Language: the page is in the first language the site speaks. */
  acceptLanguage: string | undefined;
  communityName: string;
  /** The community's public client id, for the browser's sign-in. */
  clientId: string;
  /** The member API, reached through the server's own HTTP routes. */
  fetch: SiteFetch;
  /** The browser bundle's entry script and style sheets (absolute paths); none when not built. */
  assets: {
    scripts: string[];
    styles: string[];
    /** The scripts a site module needs (its chunk and static imports), to preload them; [] when not built. */
    modules: (source: string) => string[];
  };
}

export interface SiteRenderResult {
  status: number;
  html: string;
}

function escapeAttr(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** JSON safe inside a `<script type="application/json">` element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Renders one page of the member site on the server (ADR 0036): fills the page's queries through the
 * member API, renders the React tree to HTML with the community's theme, writes the SEO head, and
 * hands the browser the same data to hydrate from.
 */
export async function renderSitePage(input: SiteRenderInput): Promise<SiteRenderResult> {
  const locale = localeOfAcceptLanguage(input.acceptLanguage);
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 30_000 } },
  });
  const queries = siteQueries(input.fetch);
  const url = new URL(input.path, 'http://site.invalid');

  // What every page's frame shows: the theme and switches, the navbar's and the footer's menus.
  await Promise.all([
    client.prefetchQuery(queries.preferences()),
    client.prefetchQuery(queries.baseMenu()),
    client.prefetchQuery(queries.menus()),
  ]);
  const preferences: Preferences = client.getQueryData(queries.preferences().queryKey) ?? NO_PREFERENCES;
  const match = matchRoute(SITE_ROUTES, url.pathname);
  const route = match?.route ?? SITE_ROUTES.at(-1)!;
  const routeInput = { params: match?.params ?? {}, search: url.search };
  // The page's code first: a lazy page renders on the server only once loaded.
  await route.preload?.();
  const pageQueries = route.queries(routeInput, queries);
  await Promise.all(
    pageQueries.map((options) =>
      client.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]),
    ),
  );

  const first = pageQueries[0] ? client.getQueryState(pageQueries[0].queryKey) : undefined;
  const status =
    route.path === '*' || isNotFound(first?.error)
      ? 404
      : first?.error && !needsSignIn(first.error)
        ? 503
        : 200;

  const community = preferenceText(preferences, 'application_name') || input.communityName;
  const messages = siteMessages(locale);
  const intl = createIntl({ locale: locale, messages, defaultLocale: 'en' });
  const head = route.head({ ...routeInput, client, queries, preferences, community, intl });
  const page = Number(url.searchParams.get('page'));
  const canonical = `${input.origin}${input.base}${url.pathname === '/' && input.base ? '/' : url.pathname}${
    Number.isInteger(page) && page > 1 ? `?page=${page}` : ''
  }`;
  const setting = {
    base: input.base,
    origin: input.origin,
    locale: locale,
    messages,
    communityName: input.communityName,
    clientId: input.clientId,
    queries,
    sessions: NO_SESSION,
    call: () => Promise.reject(new Error('The server renders pages as a visitor: it writes nothing.')),
  };
  const body = renderToString(
    <StaticSiteRouter base={input.base} path={input.path}>
      <SiteApp setting={setting} client={client} cache={createCache({ key: STYLE_KEY })} />
    </StaticSiteRouter>,
  );
  const state: SiteState = {
    base: input.base,
    origin: input.origin,
    locale: locale,
    messages,
    communityName: input.communityName,
    clientId: input.clientId,
    // Refusals too (not found, sign in first): the browser then shows what the server showed.
    dehydrated: dehydrate(client, {
      shouldDehydrateQuery: (query) => defaultShouldDehydrateQuery(query) || query.state.status === 'error',
    }),
  };
  const html = [
    '<!doctype html>',
    `<html lang="${locale}">`,
    '<head>',
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    headTags(head, {
      canonical,
      robots: preferenceText(preferences, 'meta_robots') || 'index, follow',
      siteName: community,
      locale: locale,
      origin: input.origin,
      icon: preferenceText(preferences, 'app_icon'),
    }),
    ...input.assets.styles.map((href) => `<link rel="stylesheet" href="${escapeAttr(href)}">`),
    ...input.assets.scripts.map((src) => `<script type="module" src="${escapeAttr(src)}"></script>`),
    // The page's own code, fetched beside the entry rather than after it (pages load on demand).
    ...(route.source ? input.assets.modules(route.source) : []).map(
      (src) => `<link rel="modulepreload" href="${escapeAttr(src)}">`,
    ),
    '</head>',
    '<body>',
    `<div id="${SITE_ROOT_ID}">${body}</div>`,
    `<script type="application/json" id="${SITE_STATE_ID}">${scriptJson(state)}</script>`,
    '</body>',
    '</html>',
  ].join('\n');
  return { status, html };
}
