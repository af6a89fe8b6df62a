import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { Link as RouterLink, useParams } from 'react-router';
import { useSite } from '../app/site-context.tsx';
import { AuthorLine } from '../components/author-line.tsx';
import { CommentForm } from '../components/lazy-parts.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import { VoteButton } from '../components/vote-button.tsx';
import { categoryPath, contributionTitle } from '../components/contribution-link.ts';
import { htmlAsText, PlainText } from '../components/plain-text.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';
import type { FeedObject, FeedObjectType } from '../site-api/site-shapes.ts';

/** The id in an address (`/post/12/…`), or undefined when it is not a positive whole number. */
export function idParam(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isInteger(id) && id > 0 && String(id) === value ? id : undefined;
}

function Poll({ poll }: { poll: NonNullable<FeedObject['poll']> }) {
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="subtitle1" sx={{ mb: 1 }}>
        <FormattedMessage id="site.contribution.poll" values={{ title: poll.title }} />
      </Typography>
      <Stack spacing={1}>
        {poll.choices.map((choice) => {
          const share = poll.votes ? Math.round((choice.vote_count / poll.votes) * 100) : 0;
          return (
            <div key={choice.id}>
              <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
                <Typography variant="body2">{choice.choice}</Typography>
                <Typography variant="body2" color="text.secondary">
                  <FormattedMessage id="site.contribution.pollVotes" values={{ count: choice.vote_count }} />
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
    </Paper>
  );
}

/** A discussion, post or status with its comments, two levels deep. */
export function ContributionPage({ type }: { type: FeedObjectType }) {
  const { queries } = useSite();
  const id = idParam(useParams().id);
  const object = useQuery({ ...queries.contribution(type, id ?? 0), enabled: id !== undefined });
  const comments = useQuery({ ...queries.comments(type, id ?? 0), enabled: id !== undefined });
  if (id === undefined) return <NotFoundPanel />;
  return (
    <QueryView query={object}>
      {(data) => (
        <Stack spacing={3} component="article">
          <Stack spacing={1.5}>
            <Typography
              variant="h4"
              component="h1"
              sx={{ fontSize: { xs: '1.5rem', sm: '2rem' }, overflowWrap: 'anywhere' }}
            >
              {contributionTitle(data, 200)}
            </Typography>
            <AuthorLine author={data.author} date={data.added_at} />
            <div>
              <VoteButton object={data} />
            </div>
            {data.categories.length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {data.categories.map((category) => (
                  <Chip
                    key={category.id}
                    label={category.name}
                    component={RouterLink}
                    to={categoryPath(category)}
                    clickable
                    size="small"
                  />
                ))}
              </Stack>
            )}
          </Stack>
          <PlainText text={htmlAsText(data.html)} />
          {data.poll && <Poll poll={data.poll} />}
          <Divider />
          <section aria-labelledby="comments-heading">
            <Typography id="comments-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              <FormattedMessage id="site.contribution.comments" /> ({data.comment_count})
            </Typography>
            <QueryView query={comments}>{(page) => <CommentThread comments={page.results} />}</QueryView>
            <Box sx={{ mt: 3 }}>
              <CommentForm type={type} id={id} />
            </Box>
          </section>
        </Stack>
      )}
    </QueryView>
  );
}
