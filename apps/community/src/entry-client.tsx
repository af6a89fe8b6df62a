import createCache from '@emotion/cache';
import { QueryClient, hydrate } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { SITE_ROUTES } from './app/site-routes.tsx';
import { SiteApp } from './app/site-app.tsx';
import { matchRoute } from './app/route-match.ts';
import { BrowserSiteRouter, sitePath } from './app/site-router.tsx';
import { authorisedCaller } from './session/site-auth.ts';
import { SessionStore } from './session/site-session.ts';
import { siteQueries } from './site-api/site-queries.ts';
import { SITE_ROOT_ID, SITE_STATE_ID, STYLE_KEY, type SiteState } from './site-state.ts';

const stateElement = document.getElementById(SITE_STATE_ID);
const root = document.getElementById(SITE_ROOT_ID);

/** Hydrates the server's page, once the page's own code has loaded. */
function start(state: SiteState, root: HTMLElement) {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: 1, retryOnMount: false, staleTime: 30_000 } },
  });
  hydrate(client, state.dehydrated);
  // One session per community and origin: a community's own domain and /c/{slug} are separate sites.
  const sessions = new SessionStore(`agora.site.${state.base || '/'}`);
  const call = authorisedCaller(`${state.base}/api/v2`, state.base, state.clientId, sessions);
  const queries = siteQueries((path) => call(path));
  hydrateRoot(
    root,
    <StrictMode>
      <BrowserSiteRouter base={state.base}>
        <SiteApp
          setting={{
            base: state.base,
            origin: state.origin,
            locale: state.locale,
            messages: state.messages,
            communityName: state.communityName,
            clientId: state.clientId,
            queries,
            sessions,
            call,
          }}
          client={client}
          cache={createCache({ key: STYLE_KEY })}
        />
      </BrowserSiteRouter>
    </StrictMode>,
  );
}

// The page's code first, as the server had it before rendering: hydration then finds the same markup.
// Not a top-level await: the bundler merges the chunks the first page shares with the entry only
// without one (ADR 0042).
if (stateElement && root) {
  const state = JSON.parse(stateElement.textContent ?? '{}') as SiteState;
  const page = matchRoute(SITE_ROUTES, sitePath(window.location.pathname, state.base))?.route;
  void Promise.resolve(page?.preload?.()).then(() => start(state, root));
}
