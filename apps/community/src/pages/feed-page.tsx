import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import Link from '@mui/material/Link';
import { useLocation } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import { useCommunityName } from '../components/community-name.ts';
import { Composer } from '../components/lazy-parts.tsx';
import { FeedList, pageOfSearch } from '../components/feed-list.tsx';
import { QueryView } from '../components/query-view.tsx';
import { WelcomePanel } from '../components/welcome-panel.tsx';
import { HomeCover } from '../components/home-cover.tsx';

/**
 * The home page and the explore page. A visitor's home is the community's public contents in the
 * explore feed's order; a member's home is their own feed (followed categories and people, in the
 * home feed's order), under the composer.
 */
export function FeedPage({ kind }: { kind: 'home' | 'explore' }) {
  const { queries } = useSite();
  const session = useSession();
  const blocked = useBlocked();
  const community = useCommunityName();
  const page = pageOfSearch(useLocation().search);
  const own = kind === 'home' && session !== null;
  const explore = useQuery({ ...queries.exploreFeed(page), enabled: kind === 'explore' });
  const visitorHome = useQuery({ ...queries.visitorHome(page), enabled: kind === 'home' && !own });
  const home = useQuery({ ...queries.homeFeed(page), enabled: own });
  return (
    <>
      {kind === 'home' && <HomeCover />}
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {own ? (
          <FormattedMessage id="site.home.memberTitle" />
        ) : kind === 'home' ? (
          <FormattedMessage id="site.home.title" values={{ community }} />
        ) : (
          <FormattedMessage id="site.explore.title" />
        )}
      </Typography>
      {session && !blocked && <Composer />}
      <QueryView query={own ? home : kind === 'home' ? visitorHome : explore}>
        {(data) =>
          data === null ? (
            <WelcomePanel />
          ) : (
            <FeedList
              page={page}
              feed={data}
              {...(own
                ? {
                    empty: (
                      <FormattedMessage
                        id="site.feed.emptyHome"
                        values={{
                          link: (
                            <Link component={RouterLink} to="/explore">
                              <FormattedMessage id="site.nav.explore" />
                            </Link>
                          ),
                        }}
                      />
                    ),
                  }
                : {})}
            />
          )
        }
      </QueryView>
    </>
  );
}
