import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutlined';
import DragIndicatorOutlined from '@mui/icons-material/DragIndicatorOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ImageOutlined from '@mui/icons-material/ImageOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { Category } from '@agora/contract';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';

interface Props {
  category: Category;
  position: number;
  first: boolean;
  last: boolean;
  /** A dragged row is over this one: it would land here. */
  dropTarget: boolean;
  onDragStart: () => void;
  onDragOver: () => void;
  onDragEnd: () => void;
  onDrop: () => void;
  onMove: (direction: 'up' | 'down') => void;
  onActive: (on: boolean) => void;
  onEdit: () => void;
  onDelete: () => void;
  /** A phone: one cell per row, the picture, title and switch above the buttons. */
  compact?: boolean;
}

/** One category of the list: draggable by its handle, movable by its up/down buttons. */
export function CategoryRow({
  category,
  position,
  first,
  last,
  dropTarget,
  onDragStart,
  onDragOver,
  onDragEnd,
  onDrop,
  onMove,
  onActive,
  onEdit,
  onDelete,
  compact = false,
}: Props) {
  const intl = useIntl();
  const name = { name: category.name };
  const mediaUrl = useMediaUrl();
  const stored = category.thumbnail_url ?? category.image_url;
  const picture = stored ? mediaUrl(stored) : null;
  const thumbnail = picture ? (
    <Box
      component="img"
      src={picture}
      alt=""
      data-testid="category-thumbnail"
      sx={{ width: 48, height: 48, objectFit: 'cover', borderRadius: 1, display: 'block', flex: 'none' }}
    />
  ) : (
    <Box
      sx={{
        width: 48,
        height: 48,
        flex: 'none',
        borderRadius: 1,
        bgcolor: 'action.hover',
        color: 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
      }}
    >
      <ImageOutlined fontSize="small" titleAccess={intl.formatMessage({ id: 'categories.image.none' })} />
    </Box>
  );
  const enabled = (
    <Switch
      checked={category.active}
      onChange={(event) => onActive(event.target.checked)}
      slotProps={{
        input: { 'aria-label': intl.formatMessage({ id: 'categories.action.enabled' }, name) },
      }}
    />
  );
  const actions = (
    <>
      <IconButton
        aria-label={intl.formatMessage({ id: 'categories.order.up' }, name)}
        disabled={first}
        onClick={() => onMove('up')}
        data-move={`${category.id}-up`}
      >
        <ArrowUpwardOutlined fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={intl.formatMessage({ id: 'categories.order.down' }, name)}
        disabled={last}
        onClick={() => onMove('down')}
        data-move={`${category.id}-down`}
      >
        <ArrowDownwardOutlined fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={intl.formatMessage({ id: 'categories.action.edit' }, name)}
        onClick={onEdit}
        data-testid={`category-edit-${category.id}`}
      >
        <EditOutlined fontSize="small" />
      </IconButton>
      <IconButton
        aria-label={intl.formatMessage({ id: 'categories.action.delete' }, name)}
        onClick={onDelete}
        data-testid={`category-delete-${category.id}`}
      >
        <DeleteOutline fontSize="small" />
      </IconButton>
    </>
  );
  return (
    <TableRow
      data-testid={`category-row-${category.id}`}
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(category.id));
        onDragStart();
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        onDragOver();
      }}
      onDrop={(event) => {
        event.preventDefault();
        onDrop();
      }}
      onDragEnd={onDragEnd}
      sx={{
        ...(dropTarget ? { outline: 2, outlineColor: 'primary.main', outlineStyle: 'dashed' } : {}),
      }}
    >
      {compact ? (
        <TableCell sx={{ px: 1 }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
            {thumbnail}
            <Box sx={{ flex: '1 1 auto', minWidth: 0 }}>
              <Box sx={{ fontWeight: 500, overflowWrap: 'anywhere' }} data-testid="category-name">
                {category.name}
              </Box>
              <Box sx={{ color: 'text.secondary', typography: 'body2' }}>
                <FormattedMessage
                  id="categories.row.summary"
                  values={{ position, count: category.contents_count }}
                />
              </Box>
            </Box>
            {enabled}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>{actions}</Box>
        </TableCell>
      ) : (
        <>
          <TableCell padding="checkbox" sx={{ cursor: 'grab', color: 'text.secondary' }}>
            <DragIndicatorOutlined
              fontSize="small"
              titleAccess={intl.formatMessage({ id: 'categories.order.drag' }, name)}
            />
          </TableCell>
          <TableCell data-testid="category-position">{position}</TableCell>
          <TableCell>{thumbnail}</TableCell>
          <TableCell sx={{ minWidth: 140, fontWeight: 500 }} data-testid="category-name">
            {category.name}
          </TableCell>
          <TableCell align="right">
            <FormattedNumber value={category.contents_count} />
          </TableCell>
          <TableCell>{enabled}</TableCell>
          <TableCell sx={{ whiteSpace: 'nowrap' }}>{actions}</TableCell>
        </>
      )}
    </TableRow>
  );
}
