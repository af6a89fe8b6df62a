import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { passesEmbeddingCheck } from './app/embedding-check.ts';
import { appRoutes } from './app/router.tsx';
import { followLocaleSources } from './core/locale/switch-locale.ts';
import { useSessionStore } from './core/session/session-store.ts';
import { clearStack } from './core/stack/stack-store.ts';
import { startTabSync } from './core/tab-sync/tab-sync.ts';

const container = document.getElementById('root');

if (container && passesEmbeddingCheck()) {
  // A stack without a session (expired or signed out elsewhere) is stale.
  if (!useSessionStore.getState().isLogged) clearStack();
  startTabSync();
  followLocaleSources();
  const router = createBrowserRouter(appRoutes());
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  );
}
