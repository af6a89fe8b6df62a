import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocation, useParams } from '../app/site-router.tsx';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import { FeedList, pageOfSearch } from '../components/feed-list.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';
import { idParam } from './contribution-page.tsx';

// A member's follow button loads on demand: the server renders the page as a visitor sees it.
const FollowCategoryButton = lazy(async () => ({
  default: (await import('../components/follow-category-button.tsx')).FollowCategoryButton,
}));

/**
 * A category: its cover, name, slogan and follower count, a member's follow button (while the
 * community lets members follow categories), then its feed.
 */
export function CategoryPage() {
  const { queries } = useSite();
  const session = useSession();
  const blocked = useBlocked();
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  const canFollow = session !== null && !blocked && preferenceOn(preferences, 'category_follow_enabled');
  const id = idParam(useParams().id);
  const page = pageOfSearch(useLocation().search);
  const category = useQuery({ ...queries.category(id ?? 0), enabled: id !== undefined });
  const feed = useQuery({ ...queries.categoryFeed(id ?? 0, page), enabled: id !== undefined });
  if (id === undefined) return <NotFoundPanel />;
  return (
    <QueryView query={category}>
      {(data) => (
        <Stack spacing={3}>
          {data.emotional_image_original && (
            <Box
              component="img"
              src={data.emotional_image_original}
              alt=""
              sx={{ width: '100%', maxHeight: 220, objectFit: 'cover', borderRadius: 1 }}
            />
          )}
          <Stack spacing={0.5}>
            <Typography variant="h4" component="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' } }}>
              {data.name}
            </Typography>
            {data.slogan && <Typography color="text.secondary">{data.slogan}</Typography>}
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="site.category.followers" values={{ count: data.followers_counter }} />
            </Typography>
            {canFollow && (
              <Suspense fallback={null}>
                <FollowCategoryButton
                  id={data.id}
                  forced={'auto_follow' in data && data.auto_follow === 'forced'}
                />
              </Suspense>
            )}
          </Stack>
          <QueryView query={feed}>{(items) => <FeedList page={page} feed={items} />}</QueryView>
        </Stack>
      )}
    </QueryView>
  );
}
