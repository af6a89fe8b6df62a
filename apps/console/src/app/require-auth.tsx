import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { SigninRedirectState } from '../core/session/next-path.ts';
import { useSessionStore } from '../core/session/session-store.ts';

/** A protected route: signed-out users go to /signin, which brings them back here afterwards. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const isLogged = useSessionStore((state) => state.isLogged);
  const location = useLocation();
  if (!isLogged) {
    const from = location.pathname + location.search + location.hash;
    const state: SigninRedirectState = from === '/' ? {} : { from };
    return <Navigate to="/signin" replace state={state} />;
  }
  return <>{children}</>;
}
