import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { applyPageMeta } from '../core/page-title/apply-page-meta.ts';
import { buildPageMeta } from '../core/page-title/page-title.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { checkSessionNow } from '../core/session/token-refresh.ts';
import { useStackStore } from '../core/stack/stack-store.ts';
import { installTagManager, pushPageView, readTagManagerId, type DataLayer } from './page-views.ts';

const SESSION_CHECK_INTERVAL_MS = 15_000;

function usePageMeta() {
  const { pathname } = useLocation();
  const stackName = useStackStore((state) => state.selected?.communityName);
  useEffect(() => {
    applyPageMeta(buildPageMeta(pathname, window.location.origin, stackName));
  }, [pathname, stackName]);
}

function usePageViews() {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const id = readTagManagerId(document);
    if (!id) return;
    const target = window as unknown as { dataLayer?: DataLayer };
    installTagManager(document, target, id);
    pushPageView(target, { pathname, search });
  }, [pathname, search]);
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
export function RootShell() {
  usePageMeta();
  usePageViews();
  useSessionWatch();
  return <Outlet />;
}
