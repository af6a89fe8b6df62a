import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
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
import type { CustomPageSummary } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { CUSTOM_PAGES_PAGE_SIZE } from '../api/custom-pages-api.ts';
import { useCustomPagesQuery, useDeleteCustomPageMutation } from '../api/use-custom-pages.ts';

export const GENERAL_BASE = '/pages/general';

function ActiveChip({ active }: { active: boolean }) {
  const intl = useIntl();
  return (
    <Chip
      size="small"
      variant="outlined"
      color={active ? 'success' : 'default'}
      label={intl.formatMessage({ id: active ? 'pages.general.active' : 'pages.general.inactive' })}
    />
  );
}

function LastEdit({ page }: { page: CustomPageSummary }) {
  return (
    <>
      <FormattedDate value={page.updated_at} dateStyle="medium" />{' '}
      <FormattedTime value={page.updated_at} timeStyle="short" />
      {page.updated_by_username && (
        <Typography component="span" variant="body2" color="text.secondary">
          {' · '}
          {page.updated_by_username}
        </Typography>
      )}
    </>
  );
}

/** The general pages tab: title, slug, label, active, last edit; add, open, delete (asked first). */
export function CustomPageList() {
  const intl = useIntl();
  const theme = useTheme();
  const phone = useMediaQuery(theme.breakpoints.down('sm'));
  const [search, setSearch] = useState('');
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<CustomPageSummary | null>(null);
  const query = useCustomPagesQuery(search.trim(), offset);
  const remove = useDeleteCustomPageMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'pages.general.deleted', variant: 'success' });
    },
    onError: () => {
      setRemoving(null);
      notify({ messageId: 'pages.general.error.remove', variant: 'error' });
    },
  });
  const rows = query.data?.results ?? [];
  const editLink = (page: CustomPageSummary) => `${GENERAL_BASE}/${page.id}`;
  const deleteButton = (page: CustomPageSummary) => (
    <IconButton
      aria-label={intl.formatMessage({ id: 'pages.general.deleteOf' }, { title: page.title })}
      onClick={() => setRemoving(page)}
      data-testid={`custom-page-delete-${page.id}`}
    >
      <DeleteOutlined fontSize="small" />
    </IconButton>
  );

  return (
    <>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        testId="custom-page-list"
        errorText={<FormattedMessage id="pages.general.loadError" />}
        emptyText={<FormattedMessage id="pages.general.empty" />}
        filters={
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
            <TextField
              size="small"
              type="search"
              name="search"
              label={intl.formatMessage({ id: 'pages.general.search' })}
              value={search}
              onChange={(e) => {
                setSearch(e.target.value);
                setOffset(0);
              }}
              sx={{ flex: '1 1 200px' }}
            />
            <Button
              component={RouterLink}
              to={`${GENERAL_BASE}/new`}
              variant="contained"
              startIcon={<AddOutlined />}
              data-testid="custom-page-add"
            >
              <FormattedMessage id="pages.general.add" />
            </Button>
          </Box>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={CUSTOM_PAGES_PAGE_SIZE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        {phone ? (
          <Stack spacing={1} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
            {rows.map((page) => (
              <Paper
                key={page.id}
                component="li"
                variant="outlined"
                sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
                data-testid={`custom-page-row-${page.slug}`}
              >
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <Link
                    component={RouterLink}
                    to={editLink(page)}
                    sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}
                  >
                    {page.title}
                  </Link>
                  {deleteButton(page)}
                </Box>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  /{page.slug}
                  {page.label && ` · ${page.label}`}
                </Typography>
                <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
                  <ActiveChip active={page.active} />
                  <Typography variant="body2">
                    <LastEdit page={page} />
                  </Typography>
                </Box>
              </Paper>
            ))}
          </Stack>
        ) : (
          <TableContainer component={Paper} variant="outlined">
            <Table size="small" aria-label={intl.formatMessage({ id: 'pages.tab.general' })}>
              <TableHead>
                <TableRow>
                  <TableCell>
                    <FormattedMessage id="pages.general.title" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="pages.general.slug" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="pages.general.label" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="pages.general.status" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="pages.general.lastEdit" />
                  </TableCell>
                  <TableCell>
                    <FormattedMessage id="pages.legal.actions" />
                  </TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((page) => (
                  <TableRow key={page.id} data-testid={`custom-page-row-${page.slug}`}>
                    <TableCell>
                      <Link component={RouterLink} to={editLink(page)}>
                        {page.title}
                      </Link>
                    </TableCell>
                    <TableCell>{page.slug}</TableCell>
                    <TableCell>{page.label}</TableCell>
                    <TableCell>
                      <ActiveChip active={page.active} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      <LastEdit page={page} />
                    </TableCell>
                    <TableCell>{deleteButton(page)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        )}
      </ListScaffold>
      <ConfirmDialog
        open={removing !== null}
        title={<FormattedMessage id="pages.general.deleteTitle" values={{ title: removing?.title ?? '' }} />}
        text={<FormattedMessage id="pages.general.deleteText" />}
        confirmLabel={<FormattedMessage id="pages.general.delete" />}
        cancelLabel={<FormattedMessage id="pages.legal.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="custom-page-delete-dialog"
        confirmTestId="custom-page-delete-confirm"
      />
    </>
  );
}
