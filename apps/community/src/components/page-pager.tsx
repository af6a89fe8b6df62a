import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';

/** Links to the pages before and after this one, so every row of a list is reachable. */
export function PagePager({
  page,
  pages,
  link,
  label,
  previous = 'site.people.previous',
  next = 'site.people.next',
}: {
  page: number;
  pages: number;
  link: (page: number) => string;
  label: string;
  /** The words of the links to the page before and after (message ids). */
  previous?: string;
  next?: string;
}) {
  if (pages <= 1) return null;
  return (
    <Stack
      component="nav"
      aria-label={label}
      direction="row"
      spacing={2}
      sx={{ justifyContent: 'space-between', alignItems: 'center' }}
    >
      {page > 1 ? (
        <Button component={RouterLink} to={link(page - 1)} rel="prev">
          <FormattedMessage id={previous} />
        </Button>
      ) : (
        <span />
      )}
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="site.feed.page" values={{ page, pages }} />
      </Typography>
      {page < pages ? (
        <Button component={RouterLink} to={link(page + 1)} rel="next">
          <FormattedMessage id={next} />
        </Button>
      ) : (
        <span />
      )}
    </Stack>
  );
}
