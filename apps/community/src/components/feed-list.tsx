import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { FEED_PAGE_SIZE } from '../site-api/site-queries.ts';
import { objectOfItem, type ApiPage, type FeedItem } from '../site-api/site-shapes.ts';
import { FeedItemCard } from './feed-item-card.tsx';
import { PagePager } from './page-pager.tsx';

export { pageOfSearch } from '../app/address-params.ts';

/** A page of a feed, with links to the newer and older pages (`?page=N`), so every item is reachable. */
export function FeedList({
  page,
  feed,
  empty,
}: {
  page: number;
  feed: ApiPage<FeedItem>;
  empty?: ReactNode;
}) {
  const intl = useIntl();
  const { pathname } = useLocation();
  const pages = Math.max(1, Math.ceil(feed.count / FEED_PAGE_SIZE));
  const pageLink = (n: number) => (n <= 1 ? pathname : `${pathname}?page=${n}`);
  if (feed.results.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 4 }}>
        {empty ?? <FormattedMessage id="site.feed.empty" />}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      {feed.results.map((item) => {
        const object = objectOfItem(item);
        return object ? <FeedItemCard key={`${item.type}-${object.id}`} object={object} /> : null;
      })}
      <PagePager
        page={page}
        pages={pages}
        link={pageLink}
        label={intl.formatMessage({ id: 'site.feed.pages' })}
        previous="site.feed.newer"
        next="site.feed.older"
      />
    </Stack>
  );
}
