import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSessionStore } from '../core/session/session-store.ts';

export interface SigninRedirectState {
  from?: string;
}

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
