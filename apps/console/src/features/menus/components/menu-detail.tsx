import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowBackOutlined from '@mui/icons-material/ArrowBackOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { MenuItem } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { isHttpError } from '../../../core/http/http-error.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  useDeleteMenuItemMutation,
  useDeleteMenuMutation,
  useOrderMenuMutation,
} from '../api/use-menus-mutations.ts';
import { useMenuQuery } from '../api/use-menus-queries.ts';
import { MenuDialog } from './menu-dialog.tsx';
import { MenuItemDialog } from './menu-item-dialog.tsx';
import { MenuItems } from './menu-items.tsx';
import { MENUS_BASE } from './menu-list.tsx';

type ItemDialog = { item: MenuItem | null } | null;

/** One menu: its title and last modification, its items in order; edit, delete, add and order items. */
export function MenuDetail({ id }: { id: number }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const query = useMenuQuery(id);
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [itemDialog, setItemDialog] = useState<ItemDialog>(null);
  const [removingItem, setRemovingItem] = useState<MenuItem | null>(null);
  const order = useOrderMenuMutation({
    onError: () => notify({ messageId: 'menus.error.order', variant: 'error' }),
  });
  const remove = useDeleteMenuMutation({
    onSuccess: () => {
      notify({ messageId: 'menus.deleted', variant: 'success' });
      void navigate(MENUS_BASE);
    },
    onError: () => notify({ messageId: 'menus.error.remove', variant: 'error' }),
  });
  const removeItem = useDeleteMenuItemMutation({
    onSuccess: () => {
      setRemovingItem(null);
      notify({ messageId: 'menus.item.deleted', variant: 'success' });
    },
    onError: () => notify({ messageId: 'menus.error.itemRemove', variant: 'error' }),
  });

  const back = (
    <Button
      component={RouterLink}
      to={MENUS_BASE}
      startIcon={<ArrowBackOutlined />}
      sx={{ alignSelf: 'start' }}
    >
      <FormattedMessage id="menus.action.back" />
    </Button>
  );
  if (query.isPending) {
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
        <CircularProgress aria-label={intl.formatMessage({ id: 'list.loading' })} />
      </Box>
    );
  }
  if (query.isError) {
    const missing = isHttpError(query.error) && query.error.status === 404;
    return (
      <Stack spacing={2}>
        {back}
        <Alert severity="error" data-testid="menu-error">
          <FormattedMessage id={missing ? 'menus.error.notFound' : 'menus.detail.error'} />
        </Alert>
      </Stack>
    );
  }
  const menu = query.data;

  return (
    <Stack spacing={2} data-testid="menu-detail" sx={{ minWidth: 0 }}>
      {back}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h5" component="h2" data-testid="menu-name" sx={{ overflowWrap: 'anywhere' }}>
          {menu.name}
        </Typography>
        {menu.is_base && <Chip size="small" label={intl.formatMessage({ id: 'menus.base' })} />}
        <Box sx={{ flex: 1 }} />
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button onClick={() => setEditing(true)} data-testid="menu-edit">
            <FormattedMessage id="menus.action.edit" />
          </Button>
          <Button color="error" onClick={() => setRemoving(true)} data-testid="menu-delete">
            <FormattedMessage id="menus.action.delete" />
          </Button>
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage
          id="menus.detail.updated"
          values={{
            date: (
              <>
                <FormattedDate value={menu.updated_at} dateStyle="medium" />{' '}
                <FormattedTime value={menu.updated_at} timeStyle="short" />
              </>
            ),
          }}
        />
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
        <Typography variant="h6" component="h3" sx={{ flex: 1 }}>
          <FormattedMessage id="menus.items.title" />
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddOutlined />}
          onClick={() => setItemDialog({ item: null })}
          data-testid="menu-item-create"
        >
          <FormattedMessage id="menus.action.addItem" />
        </Button>
      </Box>
      {menu.items.length > 1 && (
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="menus.items.hint" />
        </Typography>
      )}
      <MenuItems
        menu={menu}
        onOrder={(itemIds) => order.mutate({ menuId: menu.id, itemIds })}
        onEdit={(item) => setItemDialog({ item })}
        onDelete={setRemovingItem}
      />
      {editing && (
        <MenuDialog
          menu={menu}
          onClose={() => setEditing(false)}
          onSaved={() => {
            setEditing(false);
            notify({ messageId: 'menus.saved', variant: 'success' });
          }}
        />
      )}
      {itemDialog && (
        <MenuItemDialog
          menuId={menu.id}
          item={itemDialog.item}
          onClose={() => setItemDialog(null)}
          onSaved={() => {
            setItemDialog(null);
            notify({ messageId: 'menus.item.saved', variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={removing}
        title={<FormattedMessage id="menus.confirm.deleteMenu" values={{ name: menu.name }} />}
        text={<FormattedMessage id="menus.confirm.deleteMenuText" values={{ count: menu.items.length }} />}
        confirmLabel={<FormattedMessage id="menus.action.delete" />}
        cancelLabel={<FormattedMessage id="menus.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(false)}
        onConfirm={() => remove.mutate(menu.id)}
        testId="menu-delete-dialog"
        confirmTestId="menu-delete-confirm"
      />
      <ConfirmDialog
        open={removingItem !== null}
        title={
          <FormattedMessage id="menus.confirm.deleteItem" values={{ label: removingItem?.label ?? '' }} />
        }
        text={<FormattedMessage id="menus.confirm.deleteItemText" />}
        confirmLabel={<FormattedMessage id="menus.action.delete" />}
        cancelLabel={<FormattedMessage id="menus.action.cancel" />}
        busy={removeItem.isPending}
        onCancel={() => setRemovingItem(null)}
        onConfirm={() => removingItem && removeItem.mutate(removingItem.id)}
        testId="menu-item-delete-dialog"
        confirmTestId="menu-item-delete-confirm"
      />
    </Stack>
  );
}
