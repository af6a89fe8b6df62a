import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** What `Loaded` needs of a query: whether it failed, its data once there, and a way to try again. */
export interface LoadingQuery<T> {
  isError: boolean;
  data: T | undefined;
  refetch: () => unknown;
}

/** A failed load says so, with a retry, in place of what could not be read — never an empty form. */
export function LoadFailure({
  children,
  onRetry,
  testId,
}: {
  children: ReactNode;
  onRetry: () => void;
  testId?: string;
}) {
  return (
    <Alert
      severity="error"
      data-testid={testId}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          <FormattedMessage id="list.retry" />
        </Button>
      }
    >
      {children}
    </Alert>
  );
}

/**
 * Shows `children` with the query's data once it is there; until then a named spinner, and after a
 * failure `errorText` with a retry.
 */
export function Loaded<T>({
  query,
  errorText,
  children,
}: {
  query: LoadingQuery<T>;
  errorText: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const intl = useIntl();
  if (query.isError) return <LoadFailure onRetry={() => void query.refetch()}>{errorText}</LoadFailure>;
  if (query.data === undefined)
    return <CircularProgress aria-label={intl.formatMessage({ id: 'list.loading' })} />;
  return <>{children(query.data)}</>;
}
