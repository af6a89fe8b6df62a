import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProviders } from './app/app-providers.tsx';
import { passesEmbeddingCheck } from './app/embedding-check.ts';
import { AppRoutes } from './app/router.tsx';
import { useLocaleStore } from './core/locale/locale-store.ts';
import { loadAreaMessages, loadMessages } from './core/locale/messages.ts';
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
  // The language's messages are fetched with the first screen's chunks, not after the first render;
  // signed in, the areas' too, since the layout comes next. A failure is retried and handled by AppProviders.
  const { locale } = useLocaleStore.getState();
  const isLogged = useSessionStore.getState().isLogged;
  (isLogged ? loadAreaMessages(locale) : loadMessages(locale)).catch(() => undefined);
  createRoot(container).render(
    <StrictMode>
      <AppProviders>
        <BrowserRouter>
          <AppRoutes />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}
