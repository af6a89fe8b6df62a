import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { FormattedMessage } from 'react-intl';
import { useParams } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';
import { AuthorLine } from '../components/author-line.tsx';
import { CategoryPill } from '../components/pills.tsx';
import { CommentForm } from '../components/lazy-parts.tsx';
import { CommentThread } from '../components/comment-thread.tsx';
import { ContributionMedia } from '../components/contribution-media.tsx';
import { PollVote } from '../components/poll-vote.tsx';
import { ContributionActions } from '../components/reaction-actions.tsx';
import { contributionTitle } from '../components/contribution-link.ts';
import { htmlAsText, PlainText } from '../components/plain-text.tsx';
import { NotFoundPanel, QueryView } from '../components/query-view.tsx';
import type { FeedObjectType } from '../site-api/site-shapes.ts';
import { idParam } from '../app/address-params.ts';

export { idParam };

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
            {data.categories.length > 0 && (
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                {data.categories.map((category) => (
                  <CategoryPill key={category.id} category={category} />
                ))}
              </Stack>
            )}
          </Stack>
          <PlainText text={htmlAsText(data.html)} />
          <ContributionMedia object={data} />
          {data.poll && <PollVote poll={data.poll} type={type} id={id} />}
          <ContributionActions object={data} />
          <Divider />
          <section aria-labelledby="comments-heading">
            <Typography id="comments-heading" variant="h6" component="h2" sx={{ mb: 2 }}>
              <FormattedMessage id="site.contribution.comments" /> ({data.comment_count})
            </Typography>
            <QueryView query={comments}>
              {(page) => <CommentThread comments={page.results} type={type} contributionId={id} />}
            </QueryView>
            <Box sx={{ mt: 3 }}>
              <CommentForm type={type} id={id} />
            </Box>
          </section>
        </Stack>
      )}
    </QueryView>
  );
}
