import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import LinearProgress from '@mui/material/LinearProgress';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowDropDown from '@mui/icons-material/ArrowDropDown';
import { useEffect, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  fetchTablePage,
  useTablePage,
  type TableKind,
  type TableParams,
  type TableRow as Row,
} from '../../api/analytics-api.ts';
import {
  TABLE_SELECTION_MESSAGE,
  TABLE_SELECTION_PRESETS,
  type TableSelectionPreset,
} from '../../../../core/analytics/analytics-format.ts';
import { ListPager } from '../../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../../core/lists/list-scaffold.tsx';
import { CellValue, type CellType } from './cell-value.tsx';

export interface TableColumn {
  /** The row field (and the ordering name). */
  key: string;
  labelId: string;
  sortable?: boolean;
  type?: CellType;
  /** Custom cell; the default formats numbers, dates, texts and tag lists. */
  render?: (row: Row) => ReactNode;
}

/** Rows the 'first N' selection presets take (the current page takes the rows shown). */
const PRESET_SIZE: Record<TableSelectionPreset, number | null> = {
  currentPage: null,
  first50: 50,
  first100: 100,
};

const ROWS_PER_PAGE = [10, 25, 50, 100];
const SEARCH_DELAY_MS = 300;

export interface TableSelection {
  ids: number[];
  clear: () => void;
}

/**
 * A server-side table (paging, sorting and search by the server) of one analytics endpoint, with
 * optional row checkboxes and the selection presets; `actions` renders the toolbar for the selection.
 */
export function AnalyticsTable({
  kind,
  columns,
  range,
  defaultOrdering = '',
  selectable = false,
  actions,
  rowActions,
  testId,
}: {
  kind: TableKind;
  columns: TableColumn[];
  range: { from?: string; to?: string };
  defaultOrdering?: string;
  selectable?: boolean;
  actions?: (selection: TableSelection) => ReactNode;
  rowActions?: (row: Row) => ReactNode;
  testId: string;
}) {
  const intl = useIntl();
  const [page, setPage] = useState(0);
  const [rowsPerPage, setRowsPerPage] = useState(10);
  const [ordering, setOrdering] = useState(defaultOrdering);
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const [presetAnchor, setPresetAnchor] = useState<HTMLElement | null>(null);
  const [presetBusy, setPresetBusy] = useState(false);

  useEffect(() => {
    const next = searchText.trim();
    if (next === search) return undefined;
    const timer = setTimeout(() => {
      setSearch(next);
      setPage(0);
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [searchText, search]);

  const base = { search, ordering, from: range.from, to: range.to };
  const params: TableParams = { ...base, limit: rowsPerPage, offset: page * rowsPerPage };
  const query = useTablePage(kind, params);
  const rows = query.data?.results ?? [];
  const count = query.data?.count ?? 0;
  // A page past the end (the period or the rows changed under it) goes back to the last page, so the
  // pager still reaches every row instead of showing an empty page.
  const lastPage = Math.max(0, Math.ceil(count / rowsPerPage) - 1);
  useEffect(() => {
    if (query.isSuccess && !query.isPlaceholderData && page > lastPage) setPage(lastPage);
  }, [query.isSuccess, query.isPlaceholderData, page, lastPage]);

  const sortBy = (key: string) => {
    setOrdering(ordering === key ? `-${key}` : key);
    setPage(0);
  };
  const toggle = (id: number) =>
    setSelected((current) => (current.includes(id) ? current.filter((one) => one !== id) : [...current, id]));
  const pageIds = rows.map((row) => row.id);
  const allPageSelected = pageIds.length > 0 && pageIds.every((id) => selected.includes(id));

  const applyPreset = async (preset: TableSelectionPreset) => {
    setPresetAnchor(null);
    const size = PRESET_SIZE[preset];
    if (size === null) {
      setSelected(pageIds);
      return;
    }
    setPresetBusy(true);
    try {
      const first = await fetchTablePage(kind, { ...base, limit: size, offset: 0 });
      setSelected(first.results.map((row) => row.id));
    } finally {
      setPresetBusy(false);
    }
  };
  const selection: TableSelection = { ids: selected, clear: () => setSelected([]) };

  return (
    <Paper variant="outlined" data-testid={testId} sx={{ minWidth: 0 }}>
      <ListScaffold
        query={query}
        empty={count === 0}
        errorText={<FormattedMessage id="common.genericError" />}
        emptyText={
          <span data-testid={`${testId}-empty`}>
            <FormattedMessage id="analytics.table.empty" />
          </span>
        }
        filters={
          <Box>
            <Stack
              direction={{ xs: 'column', sm: 'row' }}
              spacing={1}
              sx={{ p: 1.5, alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap' }}
            >
              <TextField
                size="small"
                type="search"
                value={searchText}
                onChange={(event) => setSearchText(event.target.value)}
                placeholder={intl.formatMessage({ id: 'analytics.table.searchPlaceholder' })}
                slotProps={{
                  htmlInput: {
                    'aria-label': intl.formatMessage({ id: 'analytics.table.searchPlaceholder' }),
                    'data-testid': `${testId}-search`,
                  },
                }}
                sx={{ minWidth: { sm: 260 } }}
              />
              {selectable && (
                <>
                  <Button
                    variant="outlined"
                    endIcon={<ArrowDropDown />}
                    onClick={(event) => setPresetAnchor(event.currentTarget)}
                    disabled={presetBusy}
                    data-testid={`${testId}-select`}
                  >
                    <FormattedMessage
                      id={kind === 'users' ? 'analytics.table.selectUser' : 'analytics.table.selectRows'}
                    />
                  </Button>
                  <Menu
                    anchorEl={presetAnchor}
                    open={presetAnchor !== null}
                    onClose={() => setPresetAnchor(null)}
                  >
                    {TABLE_SELECTION_PRESETS.map((preset) => (
                      <MenuItem
                        key={preset}
                        onClick={() => void applyPreset(preset)}
                        data-testid={`preset-${preset}`}
                      >
                        <FormattedMessage id={TABLE_SELECTION_MESSAGE[preset]} />
                      </MenuItem>
                    ))}
                    <MenuItem
                      onClick={() => (setSelected([]), setPresetAnchor(null))}
                      data-testid="preset-none"
                    >
                      <FormattedMessage id="analytics.table.selectNone" />
                    </MenuItem>
                  </Menu>
                  <Typography variant="body2" color="text.secondary" data-testid={`${testId}-selected`}>
                    <FormattedMessage id="analytics.table.selected" values={{ count: selected.length }} />
                  </Typography>
                </>
              )}
              <Box sx={{ flexGrow: 1 }} />
              {actions?.(selection)}
            </Stack>
            {(query.isFetching || presetBusy) && (
              <LinearProgress sx={{ height: 2 }} aria-label={intl.formatMessage({ id: 'list.loading' })} />
            )}
          </Box>
        }
        pager={
          <ListPager
            offset={page * rowsPerPage}
            pageSize={rowsPerPage}
            count={count}
            onOffset={(offset) => setPage(offset / rowsPerPage)}
            pageSizes={{
              options: ROWS_PER_PAGE,
              label: <FormattedMessage id="analytics.table.rowsPerPage" />,
              onPageSize: (size) => {
                setRowsPerPage(size);
                setPage(0);
              },
            }}
            testId={`${testId}-pagination`}
          />
        }
      >
        <TableContainer sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" stickyHeader>
            <TableHead>
              <TableRow>
                {selectable && (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={allPageSelected}
                      indeterminate={!allPageSelected && pageIds.some((id) => selected.includes(id))}
                      onChange={() =>
                        setSelected((current) =>
                          allPageSelected
                            ? current.filter((id) => !pageIds.includes(id))
                            : [...new Set([...current, ...pageIds])],
                        )
                      }
                      slotProps={{
                        input: {
                          'aria-label': intl.formatMessage({ id: TABLE_SELECTION_MESSAGE.currentPage }),
                        },
                      }}
                    />
                  </TableCell>
                )}
                {columns.map((column) => (
                  <TableCell key={column.key} sx={{ whiteSpace: 'nowrap' }}>
                    {column.sortable === false ? (
                      <FormattedMessage id={column.labelId} />
                    ) : (
                      <TableSortLabel
                        active={ordering === column.key || ordering === `-${column.key}`}
                        direction={ordering === `-${column.key}` ? 'desc' : 'asc'}
                        onClick={() => sortBy(column.key)}
                        data-testid={`sort-${column.key}`}
                      >
                        <FormattedMessage id={column.labelId} />
                      </TableSortLabel>
                    )}
                  </TableCell>
                ))}
                {rowActions && <TableCell />}
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => (
                <TableRow key={row.id} hover data-testid={`${testId}-row`}>
                  {selectable && (
                    <TableCell padding="checkbox">
                      <Checkbox
                        checked={selected.includes(row.id)}
                        onChange={() => toggle(row.id)}
                        slotProps={{
                          input: {
                            'aria-label': intl.formatMessage(
                              { id: 'analytics.table.selectRow' },
                              { id: row.id },
                            ),
                          },
                        }}
                        data-testid={`select-row-${row.id}`}
                      />
                    </TableCell>
                  )}
                  {columns.map((column) => (
                    <TableCell key={column.key} sx={{ whiteSpace: 'nowrap' }}>
                      {column.render ? (
                        column.render(row)
                      ) : (
                        <CellValue value={row[column.key]} type={column.type} />
                      )}
                    </TableCell>
                  ))}
                  {rowActions && (
                    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                      {rowActions(row)}
                    </TableCell>
                  )}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
    </Paper>
  );
}
