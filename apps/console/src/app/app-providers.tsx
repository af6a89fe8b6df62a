import type { Locale } from '@agora/contract';
import CssBaseline from '@mui/material/CssBaseline';
// The system's provider is what @mui/material's gives a theme without CSS variables, minus the CSS-variables
// provider it also bundles (~3 KB gzip of the first screen, ADR 0014).
import { ThemeProvider } from '@mui/system';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocaleStore } from '../core/locale/locale-store.ts';
import { loadMessages, useMessageStore } from '../core/locale/messages.ts';
import { useSessionStore } from '../core/session/session-store.ts';
import { isChunkLoadError, reloadOnceForChunkError } from './chunk-reload.ts';
import { ErrorBoundary } from './error-boundary.tsx';
import { LazyNoticeHost } from './lazy-notice-host.tsx';
import { createQueryClient } from './query-client.ts';
import { themeFor } from './theme.ts';

/** Drops cached server data when the session ends, so the next account never sees it. */
function useClearCacheOnSignOut(queryClient: QueryClient) {
  useEffect(
    () =>
      useSessionStore.subscribe((state, previous) => {
        if (previous.isLogged && !state.isLogged) queryClient.clear();
      }),
    [queryClient],
  );
}

/**
 * The active language's messages: fetched on demand (ADR 0014), so nothing renders
 * until they arrive; when their chunk cannot be fetched the page reloads once, as a lazy screen does.
 */
function useCatalogue(locale: Locale) {
  const catalogue = useMessageStore((state) =>
    state.loaded[locale]?.includes('start') ? state.catalogues[locale] : undefined,
  );
  useEffect(() => {
    if (catalogue) return;
    loadMessages(locale).catch((error: unknown) => {
      if (!isChunkLoadError(error) || !reloadOnceForChunkError()) throw error;
    });
  }, [catalogue, locale]);
  return catalogue;
}

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const locale = useLocaleStore((state) => state.locale);
  const messages = useCatalogue(locale);
  useClearCacheOnSignOut(client);
  if (!messages) return null;
  return (
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} messages={messages} defaultLocale="en">
        <ThemeProvider theme={themeFor(locale)}>
          <CssBaseline />
          <ErrorBoundary>{children}</ErrorBoundary>
          <LazyNoticeHost />
        </ThemeProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}
