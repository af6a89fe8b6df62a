import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useLocation, useParams } from 'react-router';
import { useSite } from '../app/site-context.tsx';
import { FeedList, pageOfSearch } from '../components/feed-list.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';
import { idParam } from './contribution-page.tsx';

/** A category: its cover, name, slogan and follower count, then its feed. */
export function CategoryPage() {
  const { queries } = useSite();
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
          </Stack>
          <QueryView query={feed}>{(items) => <FeedList page={page} feed={items} />}</QueryView>
        </Stack>
      )}
    </QueryView>
  );
}
