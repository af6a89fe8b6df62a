import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import type { FeedObject } from '../site-api/site-shapes.ts';
import { AuthorLine } from './author-line.tsx';
import { CategoryPill } from './pills.tsx';
import { contributionPath, contributionTitle } from './contribution-link.ts';
import { ContributionMedia } from './contribution-media.tsx';
import { htmlAsText } from './plain-text.tsx';

/**
 * One contribution in a feed: title (or the start of its text), author, its first image, categories,
 * counts; its author sees when it is scheduled for.
 */
export function FeedItemCard({ object }: { object: FeedObject }) {
  const title = contributionTitle(object);
  const excerpt = object.title ? htmlAsText(object.summary || object.html) : '';
  const reactions = object.reactions_count.reduce((sum, r) => sum + r.count, 0) || object.vote_count;
  return (
    <Card component="article" variant="outlined">
      <CardContent>
        <Stack spacing={1}>
          <AuthorLine author={object.author} date={object.added_at} />
          <Typography variant="h6" component="h2" sx={{ fontSize: '1.1rem', overflowWrap: 'anywhere' }}>
            <Link component={RouterLink} to={contributionPath(object)} underline="hover" color="inherit">
              {title}
            </Link>
          </Typography>
          {excerpt && excerpt !== title && (
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {excerpt.length > 240 ? `${excerpt.slice(0, 239)}…` : excerpt}
            </Typography>
          )}
          <ContributionMedia object={object} compact />
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
            {object.categories.map((category) => (
              <CategoryPill key={category.id} category={category} />
            ))}
            <Typography variant="body2" color="text.secondary">
              <FormattedMessage id="site.item.comments" values={{ count: object.comment_count }} />
              {' · '}
              <FormattedMessage id="site.item.reactions" values={{ count: reactions }} />
            </Typography>
          </Stack>
        </Stack>
      </CardContent>
    </Card>
  );
}
