import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentProps } from 'react';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { RouterLink } from './router-link.tsx';
import { useBlocked, useSession } from '../app/site-context.tsx';

/**
 * What only a member uses (the composer, the comment form) loads on demand, so a visitor's page carries
 * none of their form parts (issue 18 §4: ≤ 150 KB of JavaScript). Whole pages load on demand too
 * (`app/lazy-page.tsx`).
 */
const LazyComposer = lazy(async () => ({ default: (await import('./composer.tsx')).Composer }));
const LazyCommentForm = lazy(async () => ({ default: (await import('./comment-form.tsx')).CommentForm }));
function Waiting() {
  const intl = useIntl();
  return <CircularProgress size={24} aria-label={intl.formatMessage({ id: 'site.loading' })} />;
}

export function Composer() {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyComposer />
    </Suspense>
  );
}

/**
 * The comment form for a member; a visitor is asked to sign in (rendered at once, on the server too),
 * a banned member gets nothing.
 */
export function CommentForm(props: ComponentProps<typeof LazyCommentForm>) {
  const session = useSession();
  const blocked = useBlocked();
  const location = useLocation();
  if (blocked) return null;
  if (!session) {
    return (
      <Typography color="text.secondary">
        <Link component={RouterLink} to={`/signin?next=${encodeURIComponent(location.pathname)}`}>
          <FormattedMessage id="site.comment.signIn" />
        </Link>
      </Typography>
    );
  }
  return (
    <Suspense fallback={<Waiting />}>
      <LazyCommentForm {...props} />
    </Suspense>
  );
}
