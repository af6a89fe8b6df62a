import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useLocation } from 'react-router';
import { useSite } from '../app/site-context.tsx';
import { useCommunityName } from '../components/community-name.ts';
import { FeedList, pageOfSearch } from '../components/feed-list.tsx';
import { QueryView } from '../components/query-view.tsx';

/**
 * The home page and the explore page: the community's public contents in the explore feed's order
 * (a visitor has no home feed of their own; a member's home feed comes with sign-in).
 */
export function FeedPage({ kind }: { kind: 'home' | 'explore' }) {
  const { queries } = useSite();
  const community = useCommunityName();
  const page = pageOfSearch(useLocation().search);
  const feed = useQuery(queries.exploreFeed(page));
  return (
    <>
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontSize: { xs: '1.6rem', sm: '2rem' } }}>
        {kind === 'home' ? (
          <FormattedMessage id="site.home.title" values={{ community }} />
        ) : (
          <FormattedMessage id="site.explore.title" />
        )}
      </Typography>
      <QueryView query={feed}>{(data) => <FeedList page={page} feed={data} />}</QueryView>
    </>
  );
}
