import Avatar from '@mui/material/Avatar';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { RouterLink } from './router-link.tsx';
import type { ApiPage } from '../site-api/site-shapes.ts';
import type { MemberUserObject } from '../site-api/people-queries.ts';
import { profilePath } from './profile-link.ts';
import { PagePager } from './page-pager.tsx';

/** A page of members: avatar, name and username, each a link to their profile. */
export function MemberList({
  people,
  page,
  pageSize,
  link,
  empty,
}: {
  people: ApiPage<MemberUserObject>;
  page: number;
  pageSize: number;
  link: (page: number) => string;
  empty: ReactNode;
}) {
  const intl = useIntl();
  if (people.results.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 3 }}>
        {empty}
      </Typography>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack component="ul" spacing={1.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {people.results.map((user) => (
          <Stack component="li" key={user.id} direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <Avatar src={user.avatar ?? undefined} alt="" sx={{ width: 40, height: 40 }}>
              {user.username.slice(0, 1).toUpperCase()}
            </Avatar>
            <Stack sx={{ minWidth: 0 }}>
              <Link
                component={RouterLink}
                to={profilePath(user.username)}
                underline="hover"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {user.real_name || user.username}
              </Link>
              {user.real_name && (
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  @{user.username}
                </Typography>
              )}
            </Stack>
          </Stack>
        ))}
      </Stack>
      <PagePager
        page={page}
        pages={Math.max(1, Math.ceil(people.count / pageSize))}
        link={link}
        label={intl.formatMessage({ id: 'site.people.pages' })}
      />
    </Stack>
  );
}
