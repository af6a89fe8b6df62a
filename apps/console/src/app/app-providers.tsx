import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { IntlProvider } from 'react-intl';
import { useLocaleStore } from '../core/locale/locale-store.ts';
import { MESSAGES } from '../core/locale/messages.ts';
import { NoticeHost } from '../core/notices/notice-host.tsx';
import { useSessionStore } from '../core/session/session-store.ts';
import { ErrorBoundary } from './error-boundary.tsx';
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

export function AppProviders({ children, queryClient }: { children: ReactNode; queryClient?: QueryClient }) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const locale = useLocaleStore((state) => state.locale);
  useClearCacheOnSignOut(client);
  return (
    <QueryClientProvider client={client}>
      <IntlProvider locale={locale} messages={MESSAGES[locale]} defaultLocale="en">
        <ThemeProvider theme={themeFor(locale)}>
          <CssBaseline />
          <ErrorBoundary>{children}</ErrorBoundary>
          <NoticeHost />
        </ThemeProvider>
      </IntlProvider>
    </QueryClientProvider>
  );
}
