import { CacheProvider, type EmotionCache } from '@emotion/react';
import CircularProgress from '@mui/material/CircularProgress';
import CssBaseline from '@mui/material/CssBaseline';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import { QueryClientProvider, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useMemo } from 'react';
import { IntlProvider, useIntl } from 'react-intl';
import { useCommunityName } from '../components/community-name.ts';
import { SiteSettingProvider, useSession, useSite, type SiteSetting } from './site-context.tsx';
import { SiteLayout } from './site-layout.tsx';
import { matchRoute } from './route-match.ts';
import { SiteRoutes, useLocation } from './site-router.tsx';
import { SITE_ROUTES } from './site-routes.tsx';
import { siteTheme } from './site-theme.ts';
import { NO_PREFERENCES } from '../site-api/site-queries.ts';

/** Keeps the tab's title in step with the page after a navigation, and once its data arrives. */
function TitleSync() {
  const location = useLocation();
  const intl = useIntl();
  const site = useSite();
  const community = useCommunityName();
  const client = useQueryClient();
  useEffect(() => {
    const update = () => {
      const preferences = client.getQueryData(site.queries.preferences().queryKey);
      const match = matchRoute(SITE_ROUTES, location.pathname);
      if (!match || !preferences) return;
      const input = { params: match.params, search: location.search };
      document.title = match.route.head({
        ...input,
        client,
        queries: site.queries,
        preferences,
        community,
        intl,
      }).title;
    };
    update();
    return client.getQueryCache().subscribe(update);
  }, [location, intl, site, community, client]);
  return null;
}

/**
 * The server rendered the page as a visitor: once the browser knows a member is signed in (right
 * after hydration, or after signing in), every query is asked again as that member.
 */
function SessionSync() {
  const signedIn = useSession() !== null;
  const client = useQueryClient();
  useEffect(() => {
    if (signedIn) void client.invalidateQueries();
  }, [signedIn, client]);
  return null;
}

/** While a page's code loads after a navigation. */
function PageLoading() {
  const intl = useIntl();
  return (
    <Stack sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-label={intl.formatMessage({ id: 'site.loading' })} />
    </Stack>
  );
}

function ThemedSite() {
  const { queries } = useSite();
  const preferences = useQuery(queries.preferences()).data;
  const theme = useMemo(() => siteTheme(preferences ?? NO_PREFERENCES), [preferences]);
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <TitleSync />
      <SessionSync />
      <SiteLayout>
        <Suspense fallback={<PageLoading />}>
          <SiteRoutes routes={SITE_ROUTES} />
        </Suspense>
      </SiteLayout>
    </ThemeProvider>
  );
}

/** The member site inside its providers; the router around it is the server's or the browser's. */
export function SiteApp({
  setting,
  client,
  cache,
}: {
  setting: SiteSetting;
  client: QueryClient;
  cache: EmotionCache;
}) {
  return (
    <CacheProvider value={cache}>
      <QueryClientProvider client={client}>
        <IntlProvider locale={setting.locale} messages={setting.messages} defaultLocale="en">
          <SiteSettingProvider value={setting}>
            <ThemedSite />
          </SiteSettingProvider>
        </IntlProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
