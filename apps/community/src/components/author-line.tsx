import Avatar from '@mui/material/Avatar';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import { profilePath } from './profile-link.ts';

interface Author {
  username: string;
  avatar?: unknown;
}

/** Who wrote something (a link to their profile) and when, with their avatar (or their initial). */
export function AuthorLine({ author, date }: { author: Author | null; date: string }) {
  const avatar = typeof author?.avatar === 'string' && author.avatar ? author.avatar : undefined;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar src={avatar} alt="" sx={{ width: 28, height: 28, fontSize: 14 }}>
        {author?.username.slice(0, 1).toUpperCase() ?? '?'}
      </Avatar>
      <Typography variant="body2" component="span">
        {author ? (
          <Link component={RouterLink} to={profilePath(author.username)} color="inherit" underline="hover">
            {author.username}
          </Link>
        ) : (
          <FormattedMessage id="site.item.deletedAuthor" />
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary" component="span">
        ·{' '}
        <time dateTime={date}>
          <FormattedDate value={date} dateStyle="medium" />
        </time>
      </Typography>
    </Stack>
  );
}
