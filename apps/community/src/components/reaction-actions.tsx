import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { RouterLink } from './router-link.tsx';
import { useBlocked, useSession, useSite } from '../app/site-context.tsx';
import type { ContentComment, FeedObject, FeedObjectType } from '../site-api/site-shapes.ts';
import { ReactionCounts } from './reaction-counts.tsx';

// What a member does to a contribution or a comment loads on demand: the server renders every page
// as a visitor sees it, so none of it is in a visitor's first page (issue 18 §4's budget).
const ReactionPicker = lazy(async () => ({
  default: (await import('./reaction-picker.tsx')).ReactionPicker,
}));
const FollowContributionButton = lazy(async () => ({
  default: (await import('./follow-contribution-button.tsx')).FollowContributionButton,
}));
const ShareMenu = lazy(async () => ({ default: (await import('./share-menu.tsx')).ShareMenu }));
const FlagButton = lazy(async () => ({ default: (await import('./flag-dialog.tsx')).FlagButton }));

function Waiting() {
  const intl = useIntl();
  return <CircularProgress size={18} aria-label={intl.formatMessage({ id: 'site.loading' })} />;
}

/** Who may act: a signed-in member who is not banned, with their id once known. */
function useActor(): { signedIn: boolean; acting: boolean; me: number | undefined } {
  const site = useSite();
  const session = useSession();
  const blocked = useBlocked();
  const me = useQuery({ ...site.queries.me(), enabled: session !== null && !blocked });
  return { signedIn: session !== null, acting: session !== null && !blocked, me: me.data?.id };
}

function Row({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="group"
      aria-label={label}
      sx={{ flexWrap: 'wrap', alignItems: 'center' }}
    >
      {children}
    </Stack>
  );
}

/**
 * Under a contribution: its reactions counted (everyone), then for a member the reaction picker,
 * follow, share and report (not their own contribution's follow and report); a visitor is offered
 * to sign in.
 */
export function ContributionActions({ object }: { object: FeedObject }) {
  const intl = useIntl();
  const location = useLocation();
  const { signedIn, acting, me } = useActor();
  const own = me !== undefined && object.author?.id === me;
  return (
    <Stack spacing={1}>
      <ReactionCounts counts={object.reactions_count} />
      {acting && (
        <Suspense fallback={<Waiting />}>
          <Row label={intl.formatMessage({ id: 'site.reaction.actions' })}>
            <ReactionPicker
              target={object.type}
              id={object.id}
              mine={object.reaction}
              refresh={[['contribution', object.type, object.id]]}
            />
            {me !== undefined && !own && <FollowContributionButton object={object} />}
            <ShareMenu object={object} />
            {me !== undefined && !own && <FlagButton target={object.type} id={object.id} eager />}
          </Row>
        </Suspense>
      )}
      {!signedIn && (
        <Typography variant="body2" color="text.secondary">
          <Link component={RouterLink} to={`/signin?next=${encodeURIComponent(location.pathname)}`}>
            <FormattedMessage id="site.reaction.signIn" />
          </Link>
        </Typography>
      )}
    </Stack>
  );
}

/** Under a comment: its reactions counted, and for a member the picker and report (not their own). */
export function CommentActions({
  comment,
  type,
  contributionId,
}: {
  comment: ContentComment;
  type: FeedObjectType;
  contributionId: number;
}) {
  const intl = useIntl();
  const { acting, me } = useActor();
  const own = me !== undefined && comment.author?.id === me;
  if (!acting && comment.reactions_count.length === 0) return null;
  return (
    <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', pl: 4.5 }}>
      <ReactionCounts counts={comment.reactions_count} small />
      {acting && (
        <Suspense fallback={<Waiting />}>
          <Row
            label={intl.formatMessage(
              { id: 'site.reaction.commentActions' },
              { author: comment.author?.username ?? '' },
            )}
          >
            <ReactionPicker
              target="comment"
              id={comment.id}
              mine={comment.reaction}
              refresh={[['comments', type, contributionId]]}
              small
            />
            {me !== undefined && !own && <FlagButton target="comment" id={comment.id} small />}
          </Row>
        </Suspense>
      )}
    </Stack>
  );
}
