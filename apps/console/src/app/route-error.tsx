import type { ReactNode } from 'react';
import { useLocation } from 'react-router';
import { ErrorBoundary } from './error-boundary.tsx';

/**
 * The routes' error boundary: the error screen in place of the page that failed (one automatic reload
 * for a lost chunk), until the user goes to another page.
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}
