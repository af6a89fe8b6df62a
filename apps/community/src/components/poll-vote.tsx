import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import type { FeedObject, FeedObjectType } from '../site-api/site-shapes.ts';

type Poll = NonNullable<FeedObject['poll']>;

/**
 * A contribution's poll: every choice with its votes; a signed-in member (not banned) votes while it
 * is open (`{type}/{id}/poll/vote/`, which takes a vote back when given again; one choice, or several
 * in a multiple-choice poll). The server renders it as a visitor sees it: results only.
 */
export function PollVote({ poll, type, id }: { poll: Poll; type: FeedObjectType; id: number }) {
  const intl = useIntl();
  const site = useSite();
  const client = useQueryClient();
  const session = useSession();
  const blocked = useBlocked();
  const headingId = useId();
  const canVote = session !== null && !blocked && !poll.closed;
  const vote = useMutation({
    mutationFn: async (choice: number) =>
      site.call(`${type}/${id}/poll/vote/`, { method: 'POST', body: { choice } }),
    onSuccess: () => client.invalidateQueries({ queryKey: site.queries.contribution(type, id).queryKey }),
  });
  const date = (iso: string) => intl.formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: 2 }}>
      <Typography id={headingId} component="h2" variant="subtitle1" sx={{ mb: 0.5 }}>
        <FormattedMessage id="site.contribution.poll" values={{ title: poll.title }} />
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {poll.closed ? (
          <FormattedMessage id="site.poll.closed" />
        ) : poll.expiration_at ? (
          <FormattedMessage id="site.poll.closes" values={{ when: date(poll.expiration_at) }} />
        ) : null}
        {poll.closed || poll.expiration_at ? ' · ' : ''}
        <FormattedMessage id="site.poll.voters" values={{ count: poll.votes }} />
        {poll.multiple_choices && (
          <>
            {' · '}
            <FormattedMessage id="site.poll.multiple" />
          </>
        )}
      </Typography>
      <Stack
        spacing={1.5}
        role={canVote ? (poll.multiple_choices ? 'group' : 'radiogroup') : undefined}
        aria-labelledby={canVote ? headingId : undefined}
      >
        {poll.choices.map((choice) => {
          const total = poll.choices.reduce((sum, c) => sum + c.vote_count, 0);
          const share = total ? Math.round((choice.vote_count / total) * 100) : 0;
          const Control = poll.multiple_choices ? Checkbox : Radio;
          return (
            <div key={choice.id}>
              <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 1 }}>
                {canVote ? (
                  <FormControlLabel
                    control={
                      <Control
                        size="small"
                        checked={choice.voted}
                        disabled={vote.isPending}
                        onChange={() => vote.mutate(choice.id)}
                      />
                    }
                    label={choice.choice}
                    sx={{ overflowWrap: 'anywhere' }}
                  />
                ) : (
                  <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                    {choice.choice}
                    {choice.voted && (
                      <>
                        {' '}
                        <FormattedMessage id="site.poll.yourChoice" />
                      </>
                    )}
                  </Typography>
                )}
                <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
                  <FormattedMessage id="site.contribution.pollVotes" values={{ count: choice.vote_count }} />
                  {` · ${share}%`}
                </Typography>
              </Stack>
              <LinearProgress
                variant="determinate"
                value={share}
                aria-label={`${choice.choice}: ${share}%`}
              />
            </div>
          );
        })}
      </Stack>
      {vote.error && (
        <Alert severity="error" role="alert" sx={{ mt: 1.5 }}>
          <FormattedMessage id="site.poll.failed" values={{ reason: vote.error.message }} />
        </Alert>
      )}
    </Paper>
  );
}
