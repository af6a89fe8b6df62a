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
import Typography from '@mui/material/Typography';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { EmailTemplate } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { EMAIL_PAGE_SIZE } from '../api/email-manager-api.ts';
import { useDeleteTemplateMutation } from '../api/use-email-manager-mutations.ts';
import { useTemplatePageQuery } from '../api/use-email-manager-queries.ts';
import { TYPE_MESSAGES } from './email-problems.ts';

export const EMAIL_MANAGER_BASE = '/marketing/email_manager';

/** The templates tab: one row per product email and the custom ones; open, add, delete (custom only, asked first). */
export function TemplateList() {
  const intl = useIntl();
  const compact = useMediaQuery(useTheme().breakpoints.down('sm'));
  const [offset, setOffset] = useState(0);
  const [removing, setRemoving] = useState<EmailTemplate | null>(null);
  const page = useTemplatePageQuery(offset);
  const remove = useDeleteTemplateMutation({
    onSuccess: () => {
      setRemoving(null);
      notify({ messageId: 'emailManager.template.deleted', variant: 'success' });
    },
    onError: () => notify({ messageId: 'emailManager.error.templateDelete', variant: 'error' }),
  });
  const rows = page.data?.results ?? [];
  return (
    <>
      <ListScaffold
        query={page}
        empty={rows.length === 0}
        testId="email-template-list"
        errorText={<FormattedMessage id="emailManager.error.load" />}
        emptyText={<FormattedMessage id="emailManager.template.empty" />}
        filters={
          <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
            <Button
              variant="contained"
              startIcon={<AddOutlined />}
              component={RouterLink}
              to={`${EMAIL_MANAGER_BASE}/templates/new`}
              data-testid="email-template-add"
            >
              <FormattedMessage id="emailManager.template.add" />
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
                {!compact && (
                  <>
                    <TableCell>
                      <FormattedMessage id="emailManager.col.subject" />
                    </TableCell>
                    <TableCell>
                      <FormattedMessage id="emailManager.col.updated" />
                    </TableCell>
                  </>
                )}
                <TableCell>
                  <FormattedMessage id="emailManager.col.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const subject = intl.locale.startsWith('it') ? row.subject.it : row.subject.en;
                return (
                  <TableRow key={row.id} data-testid={`email-template-row-${row.key ?? row.id}`}>
                    <TableCell>
                      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
                        <Link component={RouterLink} to={`${EMAIL_MANAGER_BASE}/templates/${row.id}`}>
                          {row.name}
                        </Link>
                        <Chip size="small" label={intl.formatMessage({ id: TYPE_MESSAGES[row.type] })} />
                        {!row.active && (
                          <Chip
                            size="small"
                            label={intl.formatMessage({ id: 'emailManager.template.inactive' })}
                          />
                        )}
                      </Box>
                      {compact && (
                        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                          {subject}
                        </Typography>
                      )}
                    </TableCell>
                    {!compact && (
                      <>
                        <TableCell sx={{ overflowWrap: 'anywhere' }}>{subject}</TableCell>
                        <TableCell sx={{ whiteSpace: 'nowrap' }}>
                          <FormattedDate value={row.updated_at} dateStyle="medium" />
                          {row.updated_by ? ` · ${row.updated_by}` : ''}
                        </TableCell>
                      </>
                    )}
                    <TableCell>
                      {!row.is_system && (
                        <IconButton
                          aria-label={`${intl.formatMessage({ id: 'emailManager.action.delete' })} ${row.name}`}
                          onClick={() => setRemoving(row)}
                          data-testid={`email-template-delete-${row.id}`}
                        >
                          <DeleteOutlined fontSize="small" />
                        </IconButton>
                      )}
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      <ConfirmDialog
        open={removing !== null}
        title={
          <FormattedMessage
            id="emailManager.confirm.deleteTemplate"
            values={{ name: removing?.name ?? '' }}
          />
        }
        confirmLabel={<FormattedMessage id="emailManager.action.delete" />}
        cancelLabel={<FormattedMessage id="emailManager.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove.mutate(removing.id)}
        testId="email-template-delete-dialog"
      />
    </>
  );
}
