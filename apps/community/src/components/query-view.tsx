import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useLocation } from '../app/site-router.tsx';
import { useSite } from '../app/site-context.tsx';
import { codeOf, isNotFound, needsSignIn } from '../site-api/site-fetch.ts';
import { useCommunityName } from './community-name.ts';
import { StatusPanel } from './status-panel.tsx';

/** The page "not found" answer (also what the server answers with 404). */
export function NotFoundPanel() {
  const { base } = useSite();
  return (
    <StatusPanel
      title={<FormattedMessage id="site.notFound.title" />}
      body={<FormattedMessage id="site.notFound.body" />}
      action={{ label: <FormattedMessage id="site.notFound.home" />, to: `${base}/` }}
    />
  );
}

/** A registered-only community's answer to a visitor: no content, an invitation to sign in. */
export function SignInRequiredPanel() {
  const community = useCommunityName();
  const { base } = useSite();
  const { pathname } = useLocation();
  return (
    <StatusPanel
      title={<FormattedMessage id="site.signInRequired.title" />}
      body={<FormattedMessage id="site.signInRequired.body" values={{ community }} />}
      action={{
        label: <FormattedMessage id="site.signIn" />,
        to: `${base}/signin?next=${encodeURIComponent(pathname)}`,
      }}
    />
  );
}

/**
 * What a page shows for one query: its contents once there, a named spinner while it loads, and
 * otherwise the truth — not found, members only, or the error with a way to try again.
 */
export function QueryView<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.data !== undefined) return <>{children(query.data)}</>;
  if (query.error) {
    if (isNotFound(query.error)) return <NotFoundPanel />;
    if (needsSignIn(query.error)) return <SignInRequiredPanel />;
    const code = codeOf(query.error);
    return (
      <StatusPanel
        title={<FormattedMessage id="site.error.title" />}
        body={<FormattedMessage id="site.error.body" values={{ code }} />}
        action={{ label: <FormattedMessage id="site.error.retry" />, onClick: () => void query.refetch() }}
      />
    );
  }
  return (
    <Stack sx={{ alignItems: 'center', py: 6 }}>
      <CircularProgress aria-label={intl.formatMessage({ id: 'site.loading' })} />
    </Stack>
  );
}
