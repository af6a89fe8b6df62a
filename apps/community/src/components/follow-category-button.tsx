import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import { codeOf } from '../site-api/site-fetch.ts';

/**
 * A member follows a category (its contents join their home feed), or stops following it. A
 * category the community makes everyone follow (`auto_follow: forced`) cannot be left.
 */
export function FollowCategoryButton({ id, forced }: { id: number; forced: boolean }) {
  const site = useSite();
  const client = useQueryClient();
  const followed = useQuery(site.queries.categoryFollowed(id));
  const toggle = useMutation({
    mutationFn: () => site.call(`category/${id}/follow/`, { method: 'POST' }),
    onSettled: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['member', 'category-followed', id] }),
        client.invalidateQueries({ queryKey: ['category', id] }),
        client.invalidateQueries({ queryKey: ['member', 'feed'] }),
      ]),
  });
  if (followed.data === undefined) return null;
  const following = followed.data;
  const locked = following && forced;
  return (
    <div>
      <Button
        size="small"
        variant={following ? 'contained' : 'outlined'}
        aria-pressed={following}
        disabled={toggle.isPending || locked}
        onClick={() => toggle.mutate()}
        sx={{ textTransform: 'none' }}
      >
        <FormattedMessage id={following ? 'site.follow.following' : 'site.follow.follow'} />
      </Button>
      {locked && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 0.5 }}>
          <FormattedMessage id="site.follow.forced" />
        </Typography>
      )}
      {toggle.isError && (
        <Typography role="alert" variant="body2" color="error" sx={{ mt: 0.5 }}>
          <FormattedMessage
            id={
              codeOf(toggle.error) === 'category_forced_follow' ? 'site.follow.forced' : 'site.follow.failed'
            }
          />
        </Typography>
      )}
    </div>
  );
}
