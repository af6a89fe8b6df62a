import type { RouteObject } from 'react-router';
import { AREAS } from './area-registry.ts';
import { lazyScreen } from './lazy-screen.tsx';
import { RequireArea } from './require-area.tsx';
import { RequireAuth } from './require-auth.tsx';
import { RootShell } from './root-shell.tsx';
import { RouteError } from './route-error.tsx';

const SigninScreen = lazyScreen(() => import('../features/signin/pages/signin-page.tsx'));
const SsoScreen = lazyScreen(() => import('../features/sso/pages/sso-page.tsx'));
const NotFoundScreen = lazyScreen(() => import('../features/not-found/pages/not-found-page.tsx'));
const TwoFactorScreen = lazyScreen(() => import('../features/two-factor/pages/two-factor-page.tsx'));
const LayoutScreen = lazyScreen(() => import('./layout/app-layout.tsx'));

/** The route table of spec core §2. */
export function appRoutes(): RouteObject[] {
  return [
    {
      element: <RootShell />,
      errorElement: <RouteError />,
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
                <RequireArea area={area}>
                  <area.screen />
                </RequireArea>
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
