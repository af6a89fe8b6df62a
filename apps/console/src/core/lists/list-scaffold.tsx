import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

/** What the scaffold reads of a list's query (a TanStack Query result fits). */
export interface ListQueryState {
  isPending: boolean;
  isError: boolean;
  refetch?: () => unknown;
}

export interface ListScaffoldProps {
  query: ListQueryState;
  /** True when the loaded page holds no row. */
  empty: boolean;
  /** The filters above the list (search fields, selects, an export button). */
  filters?: ReactNode;
  /** The area's words for a failed load and for no rows. */
  errorText: ReactNode;
  emptyText: ReactNode;
  /** The pager under the list (core/lists/list-pager.tsx), shown once rows are loaded. */
  pager?: ReactNode;
  /** The rows: a table, or a list of cards. */
  children: ReactNode;
  testId?: string;
}

/**
 * The one shape of a list screen: filters, then the rows, then the pager. While the first page
 * loads it shows a spinner; a failed load shows the error with a retry (never an empty list, which
 * would say 'nothing here' when the truth is 'could not ask'); a loaded page without rows says so.
 */
export function ListScaffold({
  query,
  empty,
  filters,
  errorText,
  emptyText,
  pager,
  children,
  testId,
}: ListScaffoldProps) {
  const intl = useIntl();
  let body: ReactNode;
  if (query.isError) {
    body = (
      <Alert
        severity="error"
        data-testid="list-error"
        action={
          query.refetch ? (
            <Button color="inherit" size="small" onClick={() => void query.refetch?.()}>
              <FormattedMessage id="list.retry" />
            </Button>
          ) : undefined
        }
      >
        {errorText}
      </Alert>
    );
  } else if (query.isPending) {
    body = (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'list.loading' })} />
      </Box>
    );
  } else if (empty) {
    body = (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="list-empty">
        <Typography color="text.secondary">{emptyText}</Typography>
      </Paper>
    );
  } else {
    body = (
      <>
        {children}
        {pager}
      </>
    );
  }
  return (
    <Stack spacing={2} data-testid={testId} sx={{ minWidth: 0 }}>
      {filters}
      {body}
    </Stack>
  );
}
