import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation, useParams } from '../app/site-router.tsx';
import { RouterLink } from '../components/router-link.tsx';
import { useSite } from '../app/site-context.tsx';
import { FeedList, pageOfSearch } from '../components/feed-list.tsx';
import { MemberList } from '../components/member-list.tsx';
import { PlainText } from '../components/plain-text.tsx';
import { ProfileActions } from '../components/profile-actions.tsx';
import { profilePath } from '../components/profile-link.ts';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';
import { NO_PREFERENCES, preferenceOn, type Preferences } from '../site-api/site-queries.ts';
import { PEOPLE_PAGE_SIZE, type PeopleList, type Profile } from '../site-api/people-queries.ts';
import { profileTabOfSearch, type ProfileTab } from '../app/people-address.ts';

/** The people lists a community shows on profiles: followers and followings, or connections. */
export function profileLists(preferences: Preferences): PeopleList[] {
  return [
    ...(preferenceOn(preferences, 'follow_enabled') ? (['followers', 'followings'] as const) : []),
    ...(preferenceOn(preferences, 'connection_enabled') ? (['connections'] as const) : []),
  ];
}

function count(profile: Profile, tab: ProfileTab): number {
  const c = profile.counters;
  if (tab === 'followers') return c.followers;
  if (tab === 'followings') return c.followings;
  if (tab === 'connections') return c.connections_counter;
  return c.discussions + c.posts + c.statuses;
}

const TAB_MESSAGES: Record<ProfileTab, string> = {
  contributions: 'site.profile.contributions',
  followers: 'site.profile.followers',
  followings: 'site.profile.followings',
  connections: 'site.profile.connections',
};
const COUNT_MESSAGES: Record<ProfileTab, string> = {
  contributions: 'site.profile.contributionsCount',
  followers: 'site.profile.followersCount',
  followings: 'site.profile.followingsCount',
  connections: 'site.profile.connectionsCount',
};
const EMPTY_MESSAGES: Record<PeopleList, string> = {
  followers: 'site.profile.noFollowers',
  followings: 'site.profile.noFollowings',
  connections: 'site.profile.noConnections',
};

/** The list of the chosen section. */
function ProfileSection({ username, tab, page }: { username: string; tab: ProfileTab; page: number }) {
  const { queries } = useSite();
  const feed = useQuery({ ...queries.profileFeed(username, page), enabled: tab === 'contributions' });
  const people = useQuery({
    ...queries.profilePeople(username, tab === 'contributions' ? 'followers' : tab, page),
    enabled: tab !== 'contributions',
  });
  if (tab === 'contributions') {
    return (
      <QueryView query={feed}>
        {(data) => (
          <FeedList page={page} feed={data} empty={<FormattedMessage id="site.profile.noContributions" />} />
        )}
      </QueryView>
    );
  }
  const base = `${profilePath(username)}?tab=${tab}`;
  return (
    <QueryView query={people}>
      {(data) => (
        <MemberList
          people={data}
          page={page}
          pageSize={PEOPLE_PAGE_SIZE}
          link={(n) => (n <= 1 ? base : `${base}&page=${n}`)}
          empty={<FormattedMessage id={EMPTY_MESSAGES[tab]} />}
        />
      )}
    </QueryView>
  );
}

/**
 * A member's profile (`/u/{username}`): avatar, name, description and counters, what a signed-in
 * member may do (follow or connect), then their contributions and their people.
 */
export function ProfilePage() {
  const { queries } = useSite();
  const intl = useIntl();
  const username = useParams().username ?? '';
  const { search } = useLocation();
  const preferences = useQuery(queries.preferences()).data ?? NO_PREFERENCES;
  const lists = profileLists(preferences);
  const asked = profileTabOfSearch(search);
  const tab: ProfileTab = asked === 'contributions' || lists.includes(asked) ? asked : 'contributions';
  const page = pageOfSearch(search);
  const profile = useQuery({ ...queries.profile(username), enabled: username !== '' });
  if (!username) return <NotFoundPanel />;
  return (
    <QueryView query={profile}>
      {(data) => {
        const { user } = data;
        const name = user.real_name || user.username;
        return (
          <Stack spacing={3}>
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={{ xs: 2, sm: 3 }}>
                <Avatar
                  src={user.avatar ?? undefined}
                  alt=""
                  sx={{ width: { xs: 72, sm: 96 }, height: { xs: 72, sm: 96 }, fontSize: 36 }}
                >
                  {user.username.slice(0, 1).toUpperCase()}
                </Avatar>
                <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
                  <div>
                    <Typography
                      variant="h4"
                      component="h1"
                      sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
                    >
                      {name}
                    </Typography>
                    {user.real_name && (
                      <Typography color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                        @{user.username}
                      </Typography>
                    )}
                  </div>
                  {user.bio && <PlainText text={user.bio} />}
                  <Stack
                    component="ul"
                    direction="row"
                    useFlexGap
                    spacing={2}
                    aria-label={intl.formatMessage({ id: 'site.profile.counters' })}
                    sx={{ listStyle: 'none', p: 0, m: 0, flexWrap: 'wrap' }}
                  >
                    {(['contributions', ...lists] as ProfileTab[]).map((t) => (
                      <Typography key={t} component="li" variant="body2" color="text.secondary">
                        <FormattedMessage id={COUNT_MESSAGES[t]} values={{ count: count(data, t) }} />
                      </Typography>
                    ))}
                  </Stack>
                  <ProfileActions
                    userId={user.id}
                    username={user.username}
                    follow={lists.includes('followers')}
                    connect={lists.includes('connections')}
                  />
                </Stack>
              </Stack>
            </Paper>
            <Stack
              component="nav"
              aria-label={intl.formatMessage({ id: 'site.profile.sections' }, { name })}
              direction="row"
              useFlexGap
              spacing={1}
              sx={{ flexWrap: 'wrap', borderBottom: 1, borderColor: 'divider', pb: 1 }}
            >
              {(['contributions', ...lists] as ProfileTab[]).map((t) => (
                <Button
                  key={t}
                  component={RouterLink}
                  to={
                    t === 'contributions'
                      ? profilePath(user.username)
                      : `${profilePath(user.username)}?tab=${t}`
                  }
                  aria-current={t === tab ? 'page' : undefined}
                  variant={t === tab ? 'contained' : 'text'}
                  size="small"
                  sx={{ textTransform: 'none' }}
                >
                  <FormattedMessage id={TAB_MESSAGES[t]} />
                </Button>
              ))}
            </Stack>
            <section aria-label={intl.formatMessage({ id: TAB_MESSAGES[tab] })}>
              <ProfileSection username={username} tab={tab} page={page} />
            </section>
          </Stack>
        );
      }}
    </QueryView>
  );
}
