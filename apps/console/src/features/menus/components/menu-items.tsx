import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { Menu, MenuItem } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

interface Props {
  menu: Menu;
  /** The items' ids in their new order. */
  onOrder: (itemIds: number[]) => void;
  onEdit: (item: MenuItem) => void;
  onDelete: (item: MenuItem) => void;
}

/** `ids` with the one at `from` moved to `to`. */
export function moved(ids: number[], from: number, to: number): number[] {
  const next = [...ids];
  const [id] = next.splice(from, 1);
  next.splice(to, 0, id!);
  return next;
}

/** A menu's items in order: dragged by their handle, or moved up and down by the arrow buttons. */
export function MenuItems({ menu, onOrder, onEdit, onDelete }: Props) {
  const intl = useIntl();
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const ids = menu.items.map((i) => i.id);
  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    onOrder(moved(ids, from, to));
  };

  if (menu.items.length === 0) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }} data-testid="menu-items-empty">
        <Typography color="text.secondary">
          <FormattedMessage id="menus.items.empty" />
        </Typography>
      </Paper>
    );
  }
  return (
    <Paper variant="outlined">
      <List data-testid="menu-items" aria-label={intl.formatMessage({ id: 'menus.items.title' })}>
        {menu.items.map((item, index) => {
          const named = (id: string) => intl.formatMessage({ id }, { label: item.label });
          return (
            <ListItem
              key={item.id}
              data-testid="menu-item-row"
              draggable
              onDragStart={(e) => {
                setDragging(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', String(item.id));
              }}
              onDragOver={(e) => {
                if (dragging === null) return;
                e.preventDefault();
                setOver(index);
              }}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, index);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              sx={{
                gap: 1,
                flexWrap: 'wrap',
                borderTop: over === index && dragging !== index ? 2 : 0,
                borderColor: 'primary.main',
                opacity: dragging === index ? 0.5 : 1,
              }}
            >
              <Box
                aria-hidden
                title={named('menus.items.dragHandle')}
                sx={{ cursor: 'grab', display: 'flex', color: 'text.secondary' }}
              >
                <DragIndicatorOutlined />
              </Box>
              <Box sx={{ flex: '1 1 160px', minWidth: 0 }}>
                <Typography data-testid="menu-item-label">{item.label}</Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {item.url}
                  {item.attrs.target === '_blank' && (
                    <>
                      {' · '}
                      <FormattedMessage id="menus.items.newTab" />
                    </>
                  )}
                </Typography>
              </Box>
              <Box sx={{ display: 'flex' }}>
                <IconButton
                  aria-label={named('menus.action.moveUp')}
                  disabled={index === 0}
                  onClick={() => move(index, index - 1)}
                >
                  <ArrowUpwardOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={named('menus.action.moveDown')}
                  disabled={index === menu.items.length - 1}
                  onClick={() => move(index, index + 1)}
                >
                  <ArrowDownwardOutlined fontSize="small" />
                </IconButton>
                <IconButton aria-label={named('menus.action.editItem')} onClick={() => onEdit(item)}>
                  <EditOutlined fontSize="small" />
                </IconButton>
                <IconButton aria-label={named('menus.action.deleteItem')} onClick={() => onDelete(item)}>
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
            </ListItem>
          );
        })}
      </List>
    </Paper>
  );
}
