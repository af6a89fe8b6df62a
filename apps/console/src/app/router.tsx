import { lazy, Suspense } from 'react';
import { useRoutes, type RouteObject } from 'react-router';
import { PageSpinner } from '../core/loading/page-spinner.tsx';
import { useLocaleStore } from '../core/locale/locale-store.ts';
import { loadAreaMessages } from '../core/locale/messages.ts';
import { AREAS } from './area-registry.ts';
import { lazyScreen } from './lazy-screen.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './route-error.tsx';

const SigninScreen = lazyScreen(() => import('../features/signin/pages/signin-page.tsx'));
const SsoScreen = lazyScreen(() => import('../features/sso/pages/sso-page.tsx'));
const NotFoundScreen = lazyScreen(() => import('../features/not-found/pages/not-found-page.tsx'));
/** A screen of the layout: its chunk and the areas' messages (ADR 0014) arrive together. */
function withAreaMessages<T>(load: () => Promise<T>): () => Promise<T> {
  return () =>
    Promise.all([load(), loadAreaMessages(useLocaleStore.getState().locale)]).then(([module]) => module);
}

const TwoFactorScreen = lazyScreen(
  withAreaMessages(() => import('../features/two-factor/pages/two-factor-page.tsx')),
);
/** The area gate reads the community's flags (TanStack Query): signed-in screens only, so on demand (ADR 0014). */
const loadRequireArea = () => import('./require-area.tsx');
const RequireArea = lazy(() => loadRequireArea().then((module) => ({ default: module.RequireArea })));
const LayoutScreen = lazyScreen(
  withAreaMessages(() => {
    void loadRequireArea(); // fetched beside the layout, not after it
    return import('./layout/app-layout.tsx');
  }),
);

/** The route table of spec core §2. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: (
        <RouteErrorBoundary>
          <RootShell />
        </RouteErrorBoundary>
      ),
      children: [
        { path: '/signin', element: <SigninScreen /> },
        { path: '/community/sso', element: <SsoScreen /> },
        {
          path: '/',
          element: (
            <RequireAuth>
              <LayoutScreen />
            </RequireAuth>
          ),
          children: [
            ...AREAS.map((area) => {
              const element = (
                <Suspense fallback={<PageSpinner />}>
                  <RequireArea area={area}>
                    <area.screen />
                  </RequireArea>
                </Suspense>
              );
              return area.path === '' ? { index: true, element } : { path: area.path, element };
            }),
            // The account's own screens (account menu), whatever the community and role.
            { path: 'account/two_factor', element: <TwoFactorScreen /> },
          ],
        },
        { path: '*', element: <NotFoundScreen /> },
      ],
    },
  ];
}

const ROUTES = appRoutes();

/**
 * The console's routes in a plain <BrowserRouter>: it uses none of the data router's loaders or
 * actions, and leaving `createBrowserRouter` out halves react-router on the first screen (ADR 0014).
 */
export function AppRoutes() {
  return useRoutes(ROUTES);
}
