import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ContentComment, FeedObjectType } from '../site-api/site-shapes.ts';
import { AuthorLine } from './author-line.tsx';
import { PlainText } from './plain-text.tsx';
import { CommentActions } from './reaction-actions.tsx';

interface Of {
  /** The contribution the comments are on. */
  type: FeedObjectType;
  contributionId: number;
}

function CommentBody({ comment, of }: { comment: ContentComment; of: Of }) {
  return (
    <Stack spacing={0.5}>
      <AuthorLine author={comment.author} date={comment.added_at} />
      <PlainText text={comment.text} variant="body2" sx={{ pl: 4.5 }} />
      <CommentActions comment={comment} type={of.type} contributionId={of.contributionId} />
    </Stack>
  );
}

/** Comments two levels deep: each first-level comment with its replies under it, with their reactions. */
export function CommentThread({ comments, ...of }: { comments: ContentComment[] } & Of) {
  const intl = useIntl();
  if (comments.length === 0) {
    return (
      <Typography color="text.secondary">
        <FormattedMessage id="site.contribution.noComments" />
      </Typography>
    );
  }
  const replies = new Map<number, ContentComment[]>();
  for (const comment of comments) {
    if (comment.parent !== null)
      replies.set(comment.parent, [...(replies.get(comment.parent) ?? []), comment]);
  }
  return (
    <Stack component="ol" spacing={2.5} sx={{ listStyle: 'none', p: 0, m: 0 }}>
      {comments
        .filter((comment) => comment.parent === null)
        .map((comment) => (
          <li key={comment.id}>
            <CommentBody comment={comment} of={of} />
            {(replies.get(comment.id) ?? []).length > 0 && (
              <Box
                component="ol"
                aria-label={intl.formatMessage(
                  { id: 'site.contribution.replies' },
                  { author: comment.author?.username ?? '' },
                )}
                sx={{
                  listStyle: 'none',
                  m: 0,
                  mt: 1.5,
                  pl: { xs: 2, sm: 4.5 },
                  borderLeft: 2,
                  borderColor: 'divider',
                }}
              >
                {(replies.get(comment.id) ?? []).map((reply) => (
                  <Box component="li" key={reply.id} sx={{ mb: 1.5 }}>
                    <CommentBody comment={reply} of={of} />
                  </Box>
                ))}
              </Box>
            )}
          </li>
        ))}
    </Stack>
  );
}
