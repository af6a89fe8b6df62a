import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import { ErrorScreen } from './error-screen.tsx';

/** The router's error element: the same error screen, and one automatic reload for a lost chunk. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Route failed', error);
    if (isChunkLoadError(error)) reloadOnceForChunkError();
  }, [error]);
  return <ErrorScreen />;
}
