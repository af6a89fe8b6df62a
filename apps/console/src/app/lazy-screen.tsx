import { lazy, Suspense, type ComponentType } from 'react';
import { clearChunkReloadFlag, isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import { PageSpinner } from '../core/loading/page-spinner.tsx';

/**
 * A screen loaded on demand behind the centred spinner. When its chunk cannot be loaded the page
 * reloads once by itself; a second failure reaches the error boundary.
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): ComponentType {
  const Screen = lazy(() =>
    load().then(
      (module) => {
        clearChunkReloadFlag();
        return module;
      },
      (error: unknown) => {
        if (isChunkLoadError(error) && reloadOnceForChunkError()) {
          return new Promise<never>(() => {});
        }
        throw error;
      },
    ),
  );
  return function LazyScreen() {
    return (
      <Suspense fallback={<PageSpinner />}>
        <Screen />
      </Suspense>
    );
  };
}
