import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { EmailTheme } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { EMAIL_PAGE_SIZE } from '../api/email-manager-api.ts';
import { useDeleteThemeMutation, useSetDefaultThemeMutation } from '../api/use-email-manager-mutations.ts';
import { useThemePageQuery } from '../api/use-email-manager-queries.ts';
import { refusalReasons } from './email-problems.ts';
import { EMAIL_MANAGER_BASE } from './template-list.tsx';

/** The themes tab: the default first; open, add, make default, delete (asked first; refused while in use). */
export function ThemeList() {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<EmailTheme | null>(null);
  const page = useThemePageQuery(offset);
  const remove = useDeleteThemeMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'emailManager.theme.deleted', variant: 'success' });
    },
    onError: (error) => {
      setRemoving(null);
      notify({
        messageId: 'emailManager.error.themeDelete',
        values: { reason: refusalReasons(error).general ?? '' },
        variant: 'error',
      });
    },
  });
  const makeDefault = useSetDefaultThemeMutation({
    onSuccess: () => notify({ messageId: 'emailManager.theme.defaultSet', variant: 'success' }),
    onError: () => notify({ messageId: 'emailManager.error.themeAssign', variant: 'error' }),
  });
  const rows = page.data?.results ?? [];
  return (
    <>
      <ListScaffold
        query={page}
        empty={rows.length === 0}
        testId="email-theme-list"
        errorText={<FormattedMessage id="emailManager.error.load" />}
        emptyText={<FormattedMessage id="emailManager.theme.empty" />}
        filters={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={`${EMAIL_MANAGER_BASE}/themes/new`}
              data-testid="email-theme-add"
            >
              <FormattedMessage id="emailManager.theme.add" />
            </Button>
          </Box>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={EMAIL_PAGE_SIZE}
            count={page.data?.count ?? 0}
            onOffset={setOffset}
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
                <TableCell>
                  <FormattedMessage id="emailManager.col.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} data-testid={`email-theme-row-${row.id}`}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Link component={RouterLink} to={`${EMAIL_MANAGER_BASE}/themes/${row.id}`}>
                        {row.name}
                      </Link>
                      {row.is_default && (
                        <Chip
                          size="small"
                          color="primary"
                          label={intl.formatMessage({ id: 'emailManager.theme.default' })}
                        />
                      )}
                      <Chip
                        size="small"
                        variant="outlined"
                        label={intl.formatMessage(
                          { id: 'emailManager.theme.uses' },
                          { count: row.templates_count },
                        )}
                      />
                    </Box>
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {!row.is_default && (
                      <Button
                        size="small"
                        disabled={makeDefault.isPending}
                        onClick={() => makeDefault.mutate(row.id)}
                        data-testid={`email-theme-default-${row.id}`}
                      >
                        <FormattedMessage id="emailManager.action.setDefault" />
                      </Button>
                    )}
                    {!row.is_default && (
                      <IconButton
                        aria-label={`${intl.formatMessage({ id: 'emailManager.action.delete' })} ${row.name}`}
                        onClick={() => setRemoving(row)}
                        data-testid={`email-theme-delete-${row.id}`}
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
        title={
          <FormattedMessage id="emailManager.confirm.deleteTheme" values={{ name: removing?.name ?? '' }} />
        }
        confirmLabel={<FormattedMessage id="emailManager.action.delete" />}
        cancelLabel={<FormattedMessage id="emailManager.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="email-theme-delete-dialog"
      />
    </>
  );
}
