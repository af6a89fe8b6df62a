import { useEffect, useRef, useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { registerNavigator } from '../core/navigation/app-navigate.ts';
import {
  useDynamicPreferenceStore,
  useDynamicPreferences,
} from '../core/dynamic-preferences/dynamic-preference-store.ts';
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

const TAG_PREFERENCE = 'tag_manager_container_id';
const TAG_PREFERENCES = [TAG_PREFERENCE];

/**
 * The tag manager container of the page views: the selected community's own, else the deployment's;
 * undefined while the community's preference loads.
 */
function useTagManagerId(): string | null | undefined {
  const isLogged = useSessionStore((state) => state.isLogged);
  const internalUrl = useStackStore((state) => state.selected?.internal_url) ?? null;
  useDynamicPreferences(TAG_PREFERENCES);
  const community = useDynamicPreferenceStore(
    useShallow((state) => ({
      known: state.internalUrl === internalUrl && TAG_PREFERENCE in state.values,
      pending: state.loading.includes(TAG_PREFERENCE),
      value: state.values[TAG_PREFERENCE],
    })),
  );
  // Set after the load above has started (its effect runs first): from then on "not pending" means it ended.
  const [attempted, setAttempted] = useState<string | null>(null);
  useEffect(() => setAttempted(internalUrl), [internalUrl]);
  return pageViewTagId(
    {
      selected: isLogged && internalUrl !== null,
      settled: community.known || (attempted === internalUrl && !community.pending),
      value: community.known ? community.value : null,
    },
    readTagManagerId(document),
  );
}

function usePageViews() {
  const { pathname, search } = useLocation();
  const id = useTagManagerId();
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
  usePageViews();
  useSessionWatch();
  useRegisterNavigator();
  return <Outlet />;
}
