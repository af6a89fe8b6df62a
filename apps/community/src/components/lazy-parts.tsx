import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense, type ComponentProps } from 'react';
import { useIntl } from 'react-intl';

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

export function CommentForm(props: ComponentProps<typeof LazyCommentForm>) {
  return (
    <Suspense fallback={<Waiting />}>
      <LazyCommentForm {...props} />
    </Suspense>
  );
}
