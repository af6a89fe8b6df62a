import AddOutlined from '@mui/icons-material/AddOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Checkbox from '@mui/material/Checkbox';
import IconButton from '@mui/material/IconButton';
import Popover from '@mui/material/Popover';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import type { Tag, TagType } from '@agora/contract';
import { useEffect, useMemo, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { notify } from '../../../core/notices/notice-store.ts';
import { notifyToggled } from '../../../core/notices/notify-toggled.ts';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { useSetTagColorMutation, useSetTagsActiveMutation } from '../api/use-tagging-mutations.ts';
import { TAGGING_PAGE_SIZE } from '../api/tagging-api.ts';
import { useTagPageQuery } from '../api/use-tagging-queries.ts';
import { useSearchPaging } from '../model/use-search-paging.ts';
import { loadTags, useTagStore } from '../model/tag-store.ts';
import { ColorSwatches } from './color-swatches.tsx';
import { TagDialog } from './tag-dialog.tsx';

const YesNo = ({ value }: { value: boolean }) =>
  value ? <FormattedMessage id="tagging.yes" /> : <FormattedMessage id="tagging.no" />;

/** A tag manager (spec core §3): table of one tag type with colour, active switch and create/edit dialog. */
export function TagManager({ type }: { type: TagType }) {
  const intl = useIntl();
  const paging = useSearchPaging();
  const [selected, setSelected] = useState<number[]>([]);
  const [dialog, setDialog] = useState<{ tag: Tag | null; key: number } | null>(null);
  const [palette, setPalette] = useState<{ anchor: HTMLElement; tag: Tag } | null>(null);
  const query = useTagPageQuery(type, paging.sent, paging.offset);
  useEffect(() => {
    if (query.data) loadTags(type, query.data.results, true);
  }, [query.data, type]);
  // The page the server answered, each tag as the store has it since (a new colour, switched off).
  const map = useTagStore((state) => state.byType[type]);
  const tags = useMemo(() => (query.data?.results ?? []).map((t) => map[t.id] ?? t), [query.data, map]);

  const failed = () => notify({ messageId: 'tagging.error.update', variant: 'error' });

  const active = useSetTagsActiveMutation({
    onSuccess: (_result, { ids, active: on }) => {
      setSelected([]);
      notifyToggled({
        messageId: on ? 'tagging.notice.activated' : 'tagging.notice.deactivated',
        values: { count: ids.length },
        undo: () => active.mutate({ ids, active: !on }),
      });
    },
    onError: failed,
  });
  const changeActive = (ids: number[], on: boolean) => active.mutate({ ids, active: on });

  const recolor = useSetTagColorMutation(type, { onError: failed });
  const changeColor = (tag: Tag, color: string) => {
    setPalette(null);
    recolor.mutate({ id: tag.id, color });
  };

  const toggle = (id: number) =>
    setSelected((ids) => (ids.includes(id) ? ids.filter((i) => i !== id) : [...ids, id]));

  return (
    <Box data-testid={`tag-manager-${type}`} sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <ListScaffold
        query={query}
        empty={tags.length === 0}
        errorText={<FormattedMessage id="tagging.error.load" />}
        emptyText={
          paging.sent === '' ? (
            <FormattedMessage id="tagging.empty" />
          ) : (
            <FormattedMessage id="tagging.assignment.noMatch" values={{ search: paging.sent }} />
          )
        }
        pager={
          query.data && (
            <ListPager
              offset={paging.offset}
              pageSize={TAGGING_PAGE_SIZE}
              count={query.data.count}
              onOffset={paging.setOffset}
              testId="tag-list-pager"
            />
          )
        }
        filters={
          <>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <TextField
                size="small"
                type="search"
                name="search"
                label={intl.formatMessage({ id: 'tagging.search' })}
                value={paging.text}
                onChange={(e) => paging.setText(e.target.value)}
                sx={{ flex: '1 1 200px' }}
              />
              <Button
                variant="contained"
                startIcon={<AddOutlined />}
                onClick={() => setDialog({ tag: null, key: Date.now() })}
                data-testid="tag-create"
              >
                <FormattedMessage id="tagging.action.create" />
              </Button>
            </Box>
            {selected.length > 0 && (
              <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <FormattedMessage id="tagging.selected" values={{ count: selected.length }} />
                <Button size="small" onClick={() => changeActive(selected, true)}>
                  <FormattedMessage id="tagging.action.activate" />
                </Button>
                <Button size="small" onClick={() => changeActive(selected, false)}>
                  <FormattedMessage id="tagging.action.deactivate" />
                </Button>
              </Box>
            )}
          </>
        }
      >
        <TableContainer sx={{ overflowX: 'auto' }}>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell padding="checkbox" />
                <TableCell>
                  <FormattedMessage id="tagging.field.name" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="tagging.field.description" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="tagging.field.createdAt" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="tagging.field.visible" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="tagging.field.visibilityBoost" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="tagging.field.active" />
                </TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {tags.map((tag) => (
                <TableRow key={tag.id} data-testid={`tag-row-${tag.id}`}>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.includes(tag.id)}
                      onChange={() => toggle(tag.id)}
                      slotProps={{ input: { 'aria-label': tag.name } }}
                    />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                      <ButtonBase
                        aria-label={intl.formatMessage({ id: 'tagging.action.color' })}
                        onClick={(e) => setPalette({ anchor: e.currentTarget, tag })}
                        sx={{ width: 18, height: 18, borderRadius: '50%', bgcolor: tag.color, flex: 'none' }}
                      />
                      {tag.name}
                    </Box>
                  </TableCell>
                  <TableCell sx={{ minWidth: 160 }}>{tag.description}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={tag.created_at} dateStyle="medium" />
                  </TableCell>
                  <TableCell>
                    <YesNo value={tag.visible} />
                  </TableCell>
                  <TableCell>
                    <YesNo value={tag.visibility_boost} />
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={tag.active}
                      onChange={(e) => changeActive([tag.id], e.target.checked)}
                      slotProps={{
                        input: { 'aria-label': intl.formatMessage({ id: 'tagging.field.active' }) },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    <IconButton
                      aria-label={intl.formatMessage({ id: 'tagging.action.edit' })}
                      onClick={() => setDialog({ tag, key: Date.now() })}
                    >
                      <EditOutlined fontSize="small" />
                    </IconButton>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <Popover
        open={palette !== null}
        anchorEl={palette?.anchor}
        onClose={() => setPalette(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      >
        {palette && (
          <Box sx={{ p: 1.5, maxWidth: 260 }}>
            <ColorSwatches value={palette.tag.color} onChange={(color) => changeColor(palette.tag, color)} />
          </Box>
        )}
      </Popover>
      {dialog && (
        <TagDialog
          key={dialog.key}
          type={type}
          tag={dialog.tag}
          open
          onClose={() => setDialog(null)}
          onSaved={() => {
            setDialog(null);
            notify({ messageId: 'tagging.saved', variant: 'success' });
          }}
        />
      )}
    </Box>
  );
}
