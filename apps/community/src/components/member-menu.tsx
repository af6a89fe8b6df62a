import Avatar from '@mui/material/Avatar';
import Badge from '@mui/material/Badge';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { RouterLink } from './router-link.tsx';
import { AccountDisclosure } from './account-disclosure.tsx';
import { useFreshAfterNotifications } from './fresh-after-notifications.ts';
import { useSession, useSite } from '../app/site-context.tsx';
import { signOut } from '../session/site-auth.ts';
import { NO_PREFERENCES, preferenceOn } from '../site-api/site-queries.ts';

/**
 * The navbar's right side: sign in for a visitor; once signed in, the member's notifications,
 * messages (with their unseen count, when the community has private messages) and loyalty points
 * (when it collects them), their name and sign out. Below 900 px all but the notifications go into
 * the account panel, so a phone's navbar keeps to one row above its sections.
 */
export function MemberMenu() {
  const site = useSite();
  const session = useSession();
  const client = useQueryClient();
  const location = useLocation();
  const me = useQuery({ ...site.queries.me(), enabled: session !== null });
  const unseenCount = useQuery({ ...site.queries.unseenNotifications(), enabled: session !== null });
  useFreshAfterNotifications(unseenCount.data);
  const preferences = useQuery(site.queries.preferences()).data ?? NO_PREFERENCES;
  const messagesOn = preferenceOn(preferences, 'private_messages_enabled');
  const loyaltyOn = preferenceOn(preferences, 'loyalty_points_collection');
  const unseenMessages = useQuery({
    ...site.queries.unseenMessages(),
    enabled: session !== null && messagesOn,
  });
  const intl = useIntl();
  if (!session) {
    const here = `${location.pathname}${location.search}`;
    return (
      <Button
        component={RouterLink}
        to={location.pathname === '/signin' ? '/signin' : `/signin?next=${encodeURIComponent(here)}`}
        color="inherit"
        variant="outlined"
        sx={{ textTransform: 'none', flexShrink: 0 }}
      >
        <FormattedMessage id="site.signIn" />
      </Button>
    );
  }
  const unseen = unseenCount.data ?? 0;
  const unseenPm = unseenMessages.data ?? 0;
  /** Shown inline from 900 px; on phones and tablets, in the account panel. */
  const wide = { display: { xs: 'none', md: 'inline-flex' } };
  const messagesLabel = intl.formatMessage({ id: 'site.messages.unseen' }, { count: unseenPm });
  const signOutClick = async () => {
    await signOut(site.base, site.clientId, site.sessions);
    client.removeQueries({ queryKey: ['member'] });
    await client.invalidateQueries();
  };
  const button = { color: 'inherit', sx: { textTransform: 'none' } } as const;
  return (
    <Stack
      direction="row"
      useFlexGap
      spacing={1}
      sx={{ alignItems: 'center', flexShrink: 0, flexWrap: 'wrap', rowGap: 0.5, maxWidth: '100%' }}
    >
      <Badge badgeContent={unseen} color="secondary" overlap="rectangular">
        <Button
          component={RouterLink}
          to="/notifications"
          {...button}
          aria-label={intl.formatMessage({ id: 'site.notifications.unseen' }, { count: unseen })}
        >
          <FormattedMessage id="site.notifications.link" />
        </Button>
      </Badge>
      {messagesOn && (
        <Badge badgeContent={unseenPm} color="secondary" overlap="rectangular" sx={wide}>
          <Button component={RouterLink} to="/messages" {...button} aria-label={messagesLabel}>
            <FormattedMessage id="site.messages.link" />
          </Button>
        </Badge>
      )}
      {loyaltyOn && (
        <Button component={RouterLink} to="/loyalty" {...button} sx={{ ...button.sx, ...wide }}>
          <FormattedMessage id="site.loyalty.link" />
        </Button>
      )}
      <Avatar src={me.data?.avatar ?? undefined} alt="" sx={{ width: 32, height: 32, ...wide }}>
        {me.data?.username.slice(0, 1).toUpperCase()}
      </Avatar>
      <Typography component="span" variant="body2" sx={{ display: { xs: 'none', md: 'inline' } }}>
        {me.data?.username}
      </Typography>
      <Button {...button} sx={{ ...button.sx, ...wide }} onClick={signOutClick}>
        <FormattedMessage id="site.signOut" />
      </Button>
      <AccountDisclosure
        username={me.data?.username}
        avatar={me.data?.avatar}
        unseen={messagesOn ? unseenPm : 0}
      >
        {messagesOn && (
          <Button component={RouterLink} to="/messages" color="inherit">
            {messagesLabel}
          </Button>
        )}
        {loyaltyOn && (
          <Button component={RouterLink} to="/loyalty" color="inherit">
            <FormattedMessage id="site.loyalty.link" />
          </Button>
        )}
        <Button color="inherit" onClick={signOutClick}>
          <FormattedMessage id="site.signOut" />
        </Button>
      </AccountDisclosure>
    </Stack>
  );
}
