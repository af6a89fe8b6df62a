import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useLocation } from 'react-router';
import { FEED_PAGE_SIZE } from '../site-api/site-queries.ts';
import { objectOfItem, type ApiPage, type FeedItem } from '../site-api/site-shapes.ts';
import { FeedItemCard } from './feed-item-card.tsx';

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
      {pages > 1 && (
        <Stack
          component="nav"
          aria-label={intl.formatMessage({ id: 'site.feed.pages' })}
          direction="row"
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: 'center' }}
        >
          {page > 1 ? (
            <Button component={RouterLink} to={pageLink(page - 1)} rel="prev">
              <FormattedMessage id="site.feed.newer" />
            </Button>
          ) : (
            <span />
          )}
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage id="site.feed.page" values={{ page, pages }} />
          </Typography>
          {page < pages ? (
            <Button component={RouterLink} to={pageLink(page + 1)} rel="next">
              <FormattedMessage id="site.feed.older" />
            </Button>
          ) : (
            <span />
          )}
        </Stack>
      )}
    </Stack>
  );
}
