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
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { MenuSummary } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { MENUS_PAGE_SIZE } from '../api/menus-api.ts';
import { useDeleteMenuMutation } from '../api/use-menus-mutations.ts';
import { useMenuPageQuery } from '../api/use-menus-queries.ts';
import { MenuDialog } from './menu-dialog.tsx';

export const MENUS_BASE = '/menus';

/** When a menu last changed, as the list shows it. */
const updated = (at: string) => (
  <>
    <FormattedDate value={at} dateStyle="medium" /> <FormattedTime value={at} timeStyle="short" />
  </>
);

/** The menus of the community: title, items, last modification; add, open, delete (asked first). */
export function MenuList() {
  const intl = useIntl();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<MenuSummary | null>(null);
  const page = useMenuPageQuery(search.trim(), offset);
  const remove = useDeleteMenuMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'menus.deleted', variant: 'success' });
    },
    onError: () => notify({ messageId: 'menus.error.remove', variant: 'error' }),
  });
  const menus = page.data?.results ?? [];

  return (
    <>
      <ListScaffold
        query={page}
        empty={menus.length === 0}
        testId="menu-list"
        errorText={<FormattedMessage id="menus.list.error" />}
        emptyText={<FormattedMessage id="menus.list.empty" />}
        filters={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              type="search"
              name="search"
              label={intl.formatMessage({ id: 'menus.search' })}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              sx={{ flex: '1 1 200px' }}
            />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setAdding(true)}
              data-testid="menu-create"
            >
              <FormattedMessage id="menus.action.add" />
            </Button>
          </Box>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={MENUS_PAGE_SIZE}
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
                  <FormattedMessage id="menus.col.name" />
                </TableCell>
                {!compact && (
                  <>
                    <TableCell align="right">
                      <FormattedMessage id="menus.col.items" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="menus.col.updated" />
                    </TableCell>
                  </>
                )}
                <TableCell>
                  <FormattedMessage id="menus.col.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {menus.map((menu) => (
                <TableRow key={menu.id} data-testid={`menu-row-${menu.id}`}>
                  <TableCell>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                      <Link component={RouterLink} to={`${MENUS_BASE}/${menu.id}`}>
                        {menu.name}
                      </Link>
                      {menu.is_base && <Chip size="small" label={intl.formatMessage({ id: 'menus.base' })} />}
                    </Box>
                    {compact && (
                      // A phone has no room for three columns: the counts and the date go under the title.
                      <Typography variant="body2" color="text.secondary">
                        <FormattedMessage id="menus.col.items" />: {menu.items_count} ·{' '}
                        {updated(menu.updated_at)}
                      </Typography>
                    )}
                  </TableCell>
                  {!compact && (
                    <>
                      <TableCell align="right">{menu.items_count}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{updated(menu.updated_at)}</TableCell>
                    </>
                  )}
                  <TableCell>
                    <IconButton
                      aria-label={`${intl.formatMessage({ id: 'menus.action.delete' })} ${menu.name}`}
                      onClick={() => setRemoving(menu)}
                      data-testid={`menu-delete-${menu.id}`}
                    >
                      <DeleteOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      {adding && (
        <MenuDialog
          menu={null}
          onClose={() => setAdding(false)}
          onSaved={(menu) => {
            setAdding(false);
            notify({ messageId: 'menus.saved', variant: 'success' });
            void navigate(`${MENUS_BASE}/${menu.id}`);
          }}
        />
      )}
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="menus.confirm.deleteMenu" values={{ name: removing?.name ?? '' }} />}
        text={
          <FormattedMessage
            id="menus.confirm.deleteMenuText"
            values={{ count: removing?.items_count ?? 0 }}
          />
        }
        confirmLabel={<FormattedMessage id="menus.action.delete" />}
        cancelLabel={<FormattedMessage id="menus.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="menu-delete-dialog"
        confirmTestId="menu-delete-confirm"
      />
    </>
  );
}
