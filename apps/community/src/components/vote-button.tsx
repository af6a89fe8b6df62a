import Button from '@mui/material/Button';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import type { FeedObject } from '../site-api/site-shapes.ts';

/** A member likes a contribution (or takes the like back); the count is the contribution's. */
export function VoteButton({ object }: { object: FeedObject }) {
  const site = useSite();
  const session = useSession();
  const blocked = useBlocked();
  const client = useQueryClient();
  const vote = useMutation({
    mutationFn: () => site.call(`${object.type}/${object.id}/vote/`, { method: 'POST', body: {} }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['contribution', object.type, object.id] }),
  });
  if (!session || blocked) return null;
  return (
    <Button
      variant={object.voted ? 'contained' : 'outlined'}
      size="small"
      aria-pressed={object.voted}
      disabled={vote.isPending}
      onClick={() => vote.mutate()}
    >
      <FormattedMessage id={object.voted ? 'site.vote.liked' : 'site.vote.like'} /> · {object.vote_count}
    </Button>
  );
}
