import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';

type Action = 'follow' | 'request' | 'cancel_request' | 'accept' | 'reject' | 'remove';

const PATHS: Record<Action, string> = {
  follow: 'follow/',
  request: 'connection/request/',
  cancel_request: 'connection/cancel_request/',
  accept: 'connection/accept/',
  reject: 'connection/reject/',
  remove: 'connection/remove/',
};

/**
 * What a signed-in member does on another member's profile, as the community's settings say: follow
 * and unfollow, or connect (ask, withdraw, accept or decline, end). Nothing on their own profile,
 * for a visitor, or for a banned member.
 */
export function ProfileActions({
  userId,
  username,
  follow,
  connect,
}: {
  userId: number;
  username: string;
  follow: boolean;
  connect: boolean;
}) {
  const site = useSite();
  const session = useSession();
  const blocked = useBlocked();
  const client = useQueryClient();
  const signedIn = session !== null && !blocked;
  const me = useQuery({ ...site.queries.me(), enabled: signedIn });
  const other = signedIn && me.data !== undefined && me.data.id !== userId;
  const followed = useQuery({ ...site.queries.isFollowed(userId), enabled: other && follow });
  const connection = useQuery({ ...site.queries.connectionStatus(userId), enabled: other && connect });
  const act = useMutation({
    mutationFn: (action: Action) => site.call(`user/${userId}/${PATHS[action]}`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['member', 'people'] }),
        client.invalidateQueries({ queryKey: ['profile', username.toLowerCase()] }),
        client.invalidateQueries({ queryKey: ['member', 'feed'] }),
      ]),
  });
  if (!other) return null;
  const button = (action: Action, label: string, contained = false) => (
    <Button
      key={action}
      size="small"
      variant={contained ? 'contained' : 'outlined'}
      disabled={act.isPending}
      onClick={() => act.mutate(action)}
      sx={{ textTransform: 'none' }}
    >
      <FormattedMessage id={label} />
    </Button>
  );
  const status = connection.data;
  return (
    <Stack spacing={0.5}>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {follow && followed.data !== undefined && (
          <Button
            size="small"
            variant={followed.data ? 'contained' : 'outlined'}
            disabled={act.isPending}
            onClick={() => act.mutate('follow')}
            sx={{ textTransform: 'none' }}
          >
            <FormattedMessage id={followed.data ? 'site.profile.unfollow' : 'site.profile.follow'} />
          </Button>
        )}
        {connect &&
          connection.isSuccess &&
          (status === 'connected'
            ? [button('remove', 'site.profile.removeConnection')]
            : status === 'sent_connection_request'
              ? [button('cancel_request', 'site.profile.cancelRequest')]
              : status === 'received_connection_request'
                ? [button('accept', 'site.profile.accept', true), button('reject', 'site.profile.decline')]
                : [button('request', 'site.profile.connect', true)])}
      </Stack>
      {status === 'sent_connection_request' && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="site.profile.requestSent" />
        </Typography>
      )}
      {status === 'received_connection_request' && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="site.profile.requestReceived" />
        </Typography>
      )}
      {act.isError && (
        <Typography role="alert" variant="body2" color="error">
          <FormattedMessage id="site.profile.failed" />
        </Typography>
      )}
    </Stack>
  );
}
