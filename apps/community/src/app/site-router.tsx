import {
  createContext,
  startTransition,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactElement,
  type ReactNode,
} from 'react';
import { matchRoute, type RouteParams } from './route-match.ts';

/**
 * The site's own router (ADR 0042): where the visitor is inside the community's site, and moving
 * between its pages without a reload. The server renders one fixed address; the browser follows the
 * history. Addresses inside the site are written without the community's base (`/explore`), which
 * the router adds to every link and strips from the browser's address.
 */

export interface SiteLocation {
  /** The path inside the site: `/`, `/post/7/title`. */
  pathname: string;
  /** The query, with its `?`, or ''. */
  search: string;
}

export interface NavigateOptions {
  /** Replaces the current history entry (after signing in, say) instead of adding one. */
  replace?: boolean;
}

interface Router {
  base: string;
  location: SiteLocation;
  navigate(to: string, options?: NavigateOptions): void;
}

const RouterContext = createContext<Router | null>(null);
const ParamsContext = createContext<RouteParams>({});

/** The path inside the site of a browser path (`/c/demo/explore` → `/explore`). */
export function sitePath(pathname: string, base: string): string {
  if (!base) return pathname || '/';
  const lower = pathname.toLowerCase();
  const prefix = base.toLowerCase();
  if (lower === prefix) return '/';
  return lower.startsWith(`${prefix}/`) ? pathname.slice(base.length) : pathname;
}

/** The location of an address inside the site (`/search?q=x`). */
export function locationOf(to: string): SiteLocation {
  const url = new URL(to, 'http://site.invalid');
  return { pathname: url.pathname, search: url.search };
}

/** The server's router: the one address being rendered. Navigating there is a mistake. */
export function StaticSiteRouter({
  base,
  path,
  children,
}: {
  base: string;
  path: string;
  children: ReactNode;
}) {
  const value = useMemo<Router>(
    () => ({
      base,
      location: locationOf(path),
      navigate: () => {
        throw new Error('The server renders one page: it does not navigate.');
      },
    }),
    [base, path],
  );
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

/** The browser's router: follows the history, and adds to it on every navigation inside the site. */
export function BrowserSiteRouter({ base, children }: { base: string; children: ReactNode }) {
  const read = useCallback(
    (): SiteLocation => ({
      pathname: sitePath(window.location.pathname, base),
      search: window.location.search,
    }),
    [base],
  );
  const [location, setLocation] = useState(read);
  useEffect(() => {
    // Back and forward: the page follows, keeping what is on screen until the next one is ready.
    const follow = () => startTransition(() => setLocation(read()));
    window.addEventListener('popstate', follow);
    return () => window.removeEventListener('popstate', follow);
  }, [read]);
  const navigate = useCallback(
    (to: string, options?: NavigateOptions) => {
      const href = `${base}${to}`;
      if (options?.replace) window.history.replaceState(null, '', href);
      else window.history.pushState(null, '', href);
      startTransition(() => setLocation(read()));
      // A new page starts at its top, as after following a link anywhere else.
      if (!options?.replace) window.scrollTo(0, 0);
    },
    [base, read],
  );
  const value = useMemo<Router>(() => ({ base, location, navigate }), [base, location, navigate]);
  return <RouterContext.Provider value={value}>{children}</RouterContext.Provider>;
}

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('The site router is missing around this part of the page');
  return router;
}

export function useLocation(): SiteLocation {
  return useRouter().location;
}

export function useNavigate(): Router['navigate'] {
  return useRouter().navigate;
}

/** The address of `to` (a path inside the site) in the browser: with the community's base. */
export function useHref(to: string): string {
  return `${useRouter().base}${to}`;
}

/** The current address's query. */
export function useSearchParams(): URLSearchParams {
  const { search } = useLocation();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The parameters the current route's pattern took from the address (`:id`, `:slug`). */
export function useParams(): RouteParams {
  return useContext(ParamsContext);
}

/** The page of the first route that names the current address (the table's `*` when none does). */
export function SiteRoutes({ routes }: { routes: readonly { path: string; element: ReactElement }[] }) {
  const { pathname } = useLocation();
  const match = matchRoute(routes, pathname);
  if (!match) return null;
  return <ParamsContext.Provider value={match.params}>{match.route.element}</ParamsContext.Provider>;
}
