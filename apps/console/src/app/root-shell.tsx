import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigator } from '../core/navigation/app-navigate.ts';
import { applyPageMeta } from '../core/page-title/apply-page-meta.ts';
import { buildPageMeta } from '../core/page-title/page-title.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { checkSessionNow } from '../core/session/token-refresh.ts';
import { useStackStore } from '../core/stack/stack-store.ts';
import {
  installTagManager,
  pageViewTagId,
  pushPageView,
  readTagManagerId,
  type CommunityTagState,
  type DataLayer,
} from './page-views.ts';

const SESSION_CHECK_INTERVAL_MS = 15_000;

function usePageMeta() {
  const { pathname } = useLocation();
  const stackName = useStackStore((state) => state.selected?.communityName);
  useEffect(() => {
    applyPageMeta(buildPageMeta(pathname, window.location.origin, stackName));
  }, [pathname, stackName]);
}

const CommunityTagPreference = lazy(() => import('./community-tag-preference.tsx'));

const NOT_SETTLED: CommunityTagState = { selected: true, settled: false, value: null };

/**
 * Where the selected community's own container stands, while signed in with a community selected
 * (reported by CommunityTagPreference, rendered by the shell); otherwise no community decides.
 */
function useCommunityTagState() {
  const isLogged = useSessionStore((state) => state.isLogged);
  const internalUrl = useStackStore((state) => state.selected?.internal_url) ?? null;
  const scope = isLogged && internalUrl !== null ? internalUrl : null;
  const [reported, setReported] = useState<{ scope: string; state: CommunityTagState } | null>(null);
  const report = useCallback(
    (state: CommunityTagState) => {
      if (scope) setReported({ scope, state });
    },
    [scope],
  );
  const state: CommunityTagState =
    scope === null
      ? { selected: false, settled: true, value: null }
      : reported?.scope === scope
        ? reported.state
        : NOT_SETTLED;
  return { scope, state, report };
}

function usePageViews(community: CommunityTagState) {
  const { pathname, search } = useLocation();
  const id = pageViewTagId(community, readTagManagerId(document));
  const lastPushed = useRef<string | null>(null);
  useEffect(() => {
    if (!id) return;
    const target = window as unknown as { dataLayer?: DataLayer };
    // A container loaded later reads the data layer from the start, so a page is pushed only once.
    installTagManager(document, target, id);
    const page = pathname + search;
    if (lastPushed.current === page) return;
    lastPushed.current = page;
    pushPageView(target, { pathname, search });
  }, [pathname, search, id]);
}

/** While signed in: log out when the token expired, refresh it inside the window before expiry. */
function useSessionWatch() {
  const isLogged = useSessionStore((state) => state.isLogged);
  const expiresAt = useSessionStore((state) => state.token?.expiresAt);
  useEffect(() => {
    if (!isLogged) return;
    checkSessionNow();
    const timer = setInterval(checkSessionNow, SESSION_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [isLogged, expiresAt]);
}

/** The root route: document meta, page views and the session watch around every screen. */
/** Code outside the router (notices) navigates through the router instead of reloading the page. */
function useRegisterNavigator(): void {
  const navigate = useNavigate();
  useEffect(() => {
    registerNavigator((to) => void navigate(to));
    return () => registerNavigator(null);
  }, [navigate]);
}

export function RootShell() {
  usePageMeta();
  const community = useCommunityTagState();
  usePageViews(community.state);
  useSessionWatch();
  useRegisterNavigator();
  return (
    <>
      {community.scope ? (
        <Suspense fallback={null}>
          <CommunityTagPreference internalUrl={community.scope} onChange={community.report} />
        </Suspense>
      ) : null}
      <Outlet />
    </>
  );
}
