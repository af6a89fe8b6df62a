import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold, type ListQueryState } from '../../../core/lists/list-scaffold.tsx';
import { EMAIL_PAGE_SIZE } from '../api/email-manager-api.ts';

export const EMAIL_MANAGER_BASE = '/marketing/email_manager';

/** The messages of each list, spelled out (the catalogue check finds every key in the source). */
const MESSAGES = {
  template: {
    empty: 'emailManager.template.empty',
    add: 'emailManager.template.add',
    confirmDelete: 'emailManager.confirm.deleteTemplate',
  },
  theme: {
    empty: 'emailManager.theme.empty',
    add: 'emailManager.theme.add',
    confirmDelete: 'emailManager.confirm.deleteTheme',
  },
} as const;

interface Row {
  id: number;
  name: string;
}

/** A column shown beside the name on wide screens (on a phone the rows show `below` instead). */
export interface EmailListColumn<R> {
  headerId: string;
  cell: (row: R) => ReactNode;
  nowrap?: boolean;
}

export interface EmailListProps<R extends Row> {
  /** `template` or `theme`: the path, the test ids and the messages (`emailManager.<kind>.*`). */
  kind: 'template' | 'theme';
  page: ListQueryState & { data?: { count: number; results: R[] } };
  offset: number;
  onOffset: (offset: number) => void;
  /** The row's test id suffix. */
  rowKey: (row: R) => string;
  /** Chips beside the name. */
  chips: (row: R) => ReactNode;
  /** Under the name on a phone. */
  below?: (row: R) => ReactNode;
  columns?: EmailListColumn<R>[];
  /** Actions before the delete button. */
  actions?: (row: R) => ReactNode;
  canDelete: (row: R) => boolean;
  /** Deletes the row (asked first); the dialog closes on success, and on failure when `closeOnError`. */
  remove: {
    isPending: boolean;
    run: (row: R, callbacks: { onSuccess: () => void; onError: () => void }) => void;
  };
  closeOnError?: boolean;
}

/**
 * The one list of the email manager's tabs (templates and themes): an add button, the rows with a
 * link to their edit screen, their chips and columns, their actions, delete asked first, the pager.
 */
export function EmailList<R extends Row>(props: EmailListProps<R>) {
  const { kind, page, rowKey, chips, below, columns = [], actions, canDelete, remove } = props;
  const intl = useIntl();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [removing, setRemoving] = useState<R | null>(null);
  const rows = page.data?.results ?? [];
  const shown = compact ? [] : columns;
  const close = () => setRemoving(null);
  return (
    <>
      <ListScaffold
        query={page}
        empty={rows.length === 0}
        testId={`email-${kind}-list`}
        errorText={<FormattedMessage id="emailManager.error.load" />}
        emptyText={<FormattedMessage id={MESSAGES[kind].empty} />}
        filters={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={`${EMAIL_MANAGER_BASE}/${kind}s/new`}
              data-testid={`email-${kind}-add`}
            >
              <FormattedMessage id={MESSAGES[kind].add} />
            </Button>
          </Box>
        }
        pager={
          <ListPager
            offset={props.offset}
            pageSize={EMAIL_PAGE_SIZE}
            count={page.data?.count ?? 0}
            onOffset={props.onOffset}
          />
        }
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="emailManager.col.name" />
                </TableCell>
                {shown.map((column) => (
                  <TableCell key={column.headerId}>
                    <FormattedMessage id={column.headerId} />
                  </TableCell>
                ))}
                <TableCell>
                  <FormattedMessage id="emailManager.col.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid={`email-${kind}-row-${rowKey(row)}`}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Link component={RouterLink} to={`${EMAIL_MANAGER_BASE}/${kind}s/${row.id}`}>
                        {row.name}
                      </Link>
                      {chips(row)}
                    </Box>
                    {compact && below?.(row)}
                  </TableCell>
                  {shown.map((column) => (
                    <TableCell
                      key={column.headerId}
                      sx={column.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'anywhere' }}
                    >
                      {column.cell(row)}
                    </TableCell>
                  ))}
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {actions?.(row)}
                    {canDelete(row) && (
                      <IconButton
                        aria-label={`${intl.formatMessage({ id: 'emailManager.action.delete' })} ${row.name}`}
                        onClick={() => setRemoving(row)}
                        data-testid={`email-${kind}-delete-${row.id}`}
                      >
                        <DeleteOutlined fontSize="small" />
                      </IconButton>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id={MESSAGES[kind].confirmDelete} values={{ name: removing?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="emailManager.action.delete" />}
        cancelLabel={<FormattedMessage id="emailManager.action.cancel" />}
        busy={remove.isPending}
        onCancel={close}
        onConfirm={() =>
          removing &&
          remove.run(removing, { onSuccess: close, onError: props.closeOnError ? close : () => undefined })
        }
        testId={`email-${kind}-delete-dialog`}
      />
    </>
  );
}
