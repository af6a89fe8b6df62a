import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useSite } from '../app/site-context.tsx';
import type { FeedObject } from '../site-api/site-shapes.ts';

/** A member follows a contribution to hear of new comments on it, or stops (`{type}/{id}/follow/`). */
export function FollowContributionButton({ object }: { object: FeedObject }) {
  const site = useSite();
  const client = useQueryClient();
  const followed = object.followed === true;
  const toggle = useMutation({
    mutationFn: () => site.call(`${object.type}/${object.id}/follow/`, { method: 'POST' }),
    onSettled: () => client.invalidateQueries({ queryKey: ['contribution', object.type, object.id] }),
  });
  return (
    <>
      <Button
        size="small"
        variant={followed ? 'contained' : 'outlined'}
        aria-pressed={followed}
        disabled={toggle.isPending}
        onClick={() => toggle.mutate()}
        sx={{ textTransform: 'none' }}
      >
        <FormattedMessage id={followed ? 'site.follow.following' : 'site.follow.follow'} />
      </Button>
      {toggle.isError && (
        <Typography role="alert" variant="body2" color="error">
          <FormattedMessage id="site.follow.failed" />
        </Typography>
      )}
    </>
  );
}
