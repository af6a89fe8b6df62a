import AddOutlined from '@mui/icons-material/AddOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import type { Category } from '@agora/contract';
import { useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { useOrderCategoriesMutation, useSetCategoryActiveMutation } from '../api/use-categories-mutations.ts';
import { useCategoriesQuery } from '../api/use-categories-queries.ts';
import { moveItem } from '../model/reorder.ts';
import { CategoryDeleteDialog } from './category-delete-dialog.tsx';
import { CategoryDialog } from './category-dialog.tsx';
import { CategoryRow } from './category-row.tsx';
import { ManualOrderSwitch } from './manual-order-switch.tsx';

/** Where the focus goes once a keyboard move has re-rendered the rows. */
interface MoveFocus {
  id: number;
  direction: 'up' | 'down';
  /** Where the row lands: the focus waits for the rows to show it there. */
  index: number;
}

/**
 * The settings tab (mgmt §2-§3): every category in its manual order, with its image, contents and
 * enabled switch; rows move by drag and drop or by their up/down buttons, saved with `order_all`.
 */
export function CategoryList() {
  const intl = useIntl();
  const theme = useTheme();
  const compact = useMediaQuery(theme.breakpoints.down('sm'));
  const query = useCategoriesQuery();
  const categories = query.data?.results ?? [];
  const [dialog, setDialog] = useState<{ category: Category | null; key: number } | null>(null);
  const [deleting, setDeleting] = useState<Category | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [focus, setFocus] = useState<MoveFocus | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const active = useSetCategoryActiveMutation({
    onSuccess: (saved, change) =>
      notifyToggled({
        messageId: change.active ? 'categories.notice.enabled' : 'categories.notice.disabled',
        values: { name: saved.name },
        undo: () => active.mutate({ id: change.id, active: !change.active }),
      }),
    onError: () => notify({ messageId: 'categories.error.edit', variant: 'error' }),
  });
  const order = useOrderCategoriesMutation({
    onError: () => notify({ messageId: 'categories.error.order', variant: 'error' }),
  });

  const move = (from: number, to: number) => {
    if (to < 0 || to >= categories.length || from === to) return;
    const moved = categories[from];
    if (!moved) return;
    order.mutate(moveItem(categories, from, to).map((c) => c.id));
    setAnnouncement(
      intl.formatMessage(
        { id: 'categories.order.moved' },
        { name: moved.name, position: to + 1, count: categories.length },
      ),
    );
  };

  const moveByKey = (index: number, direction: 'up' | 'down') => {
    const id = categories[index]?.id;
    const to = direction === 'up' ? index - 1 : index + 1;
    move(index, to);
    if (id !== undefined) setFocus({ id, direction, index: to });
  };

  // The moved row's button keeps the focus (or its other button once it reached an end).
  useEffect(() => {
    if (!focus || categories[focus.index]?.id !== focus.id) return;
    const button = (direction: string) =>
      document.querySelector<HTMLButtonElement>(`[data-move="${focus.id}-${direction}"]`);
    const target = button(focus.direction);
    const other = button(focus.direction === 'up' ? 'down' : 'up');
    (target && !target.disabled ? target : other)?.focus();
    setFocus(null);
  }, [focus, categories]);

  const drop = (index: number) => {
    if (dragging !== null) move(dragging, index);
    setDragging(null);
    setOver(null);
  };

  return (
    <Box data-testid="category-list" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <ListScaffold
        query={query}
        empty={categories.length === 0}
        errorText={<FormattedMessage id="categories.error.load" />}
        emptyText={<FormattedMessage id="categories.empty" />}
        filters={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
            <ManualOrderSwitch />
            <Box sx={{ flex: '1 1 auto' }} />
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              onClick={() => setDialog({ category: null, key: Date.now() })}
              data-testid="category-create"
            >
              <FormattedMessage id="categories.action.create" />
            </Button>
          </Box>
        }
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={intl.formatMessage({ id: 'categories.tab.settings' })}>
            {!compact && (
              <TableHead>
                <TableRow>
                  <TableCell padding="checkbox" />
                  <TableCell>
                    <FormattedMessage id="categories.field.order" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.field.image" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.field.name" />
                  </TableCell>
                  <TableCell align="right">
                    <FormattedMessage id="categories.field.contents" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.field.active" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="categories.field.actions" />
                  </TableCell>
                </TableRow>
              </TableHead>
            )}
            <TableBody>
              {categories.map((category, index) => (
                <CategoryRow
                  key={category.id}
                  category={category}
                  position={index + 1}
                  first={index === 0}
                  last={index === categories.length - 1}
                  dropTarget={over === index && dragging !== null && dragging !== index}
                  onDragStart={() => setDragging(index)}
                  onDragOver={() => setOver(index)}
                  onDragEnd={() => {
                    setDragging(null);
                    setOver(null);
                  }}
                  onDrop={() => drop(index)}
                  onMove={(direction) => moveByKey(index, direction)}
                  onActive={(on) => active.mutate({ id: category.id, active: on })}
                  onEdit={() => setDialog({ category, key: Date.now() })}
                  onDelete={() => setDeleting(category)}
                  compact={compact}
                />
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="category-order-status">
        {announcement}
      </Box>
      {dialog && (
        <CategoryDialog
          key={dialog.key}
          category={dialog.category}
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify({ messageId: 'categories.notice.saved', variant: 'success' });
          }}
        />
      )}
      {deleting && (
        <CategoryDeleteDialog
          category={deleting}
          others={categories.filter((c) => c.id !== deleting.id)}
          onClose={() => setDeleting(null)}
        />
      )}
    </Box>
  );
}

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
