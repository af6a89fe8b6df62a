import { useState } from 'react';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { FormattedDate, FormattedMessage, FormattedTime } from 'react-intl';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  AUDIT_PAGE_SIZE,
  EMPTY_AUDIT_FILTERS,
  useAuditCsvMutation,
  useAuditLog,
  type AuditLogFilters,
} from '../api/audit-log-api.ts';
import { AuditChanges } from '../components/audit-changes.tsx';
import { AuditEvent } from '../components/audit-event.tsx';
import { AuditFilters } from '../components/audit-filters.tsx';

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Admin-only: every staff write in this community as sentences, filtered, paged and exported as CSV. */
export default function AuditLogPage() {
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_AUDIT_FILTERS);
  const [offset, setOffset] = useState(0);
  const log = useAuditLog(filters, offset);
  const csv = useAuditCsvMutation();
  const page = log.data;

  const change = (next: Partial<AuditLogFilters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setOffset(0);
  };

  const download = () =>
    csv.mutate(filters, {
      onSuccess: (text) => saveFile('audit-log.csv', text),
      onError: () => notify({ messageId: 'auditLog.exportError', variant: 'error' }),
    });

  return (
    <Stack spacing={2} sx={{ minWidth: 0 }}>
      <Typography variant="h4" component="h1">
        <FormattedMessage id="auditLog.title" />
      </Typography>
      <Typography color="text.secondary">
        <FormattedMessage id="auditLog.intro" />
      </Typography>
      <ListScaffold
        query={log}
        empty={page?.results.length === 0}
        errorText={<FormattedMessage id="auditLog.loadError" />}
        emptyText={<FormattedMessage id="auditLog.empty" />}
        filters={
          <AuditFilters
            filters={filters}
            onChange={change}
            onDownload={download}
            downloading={csv.isPending}
          />
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            count={page?.count ?? 0}
            onOffset={setOffset}
            testId="audit-pager"
          />
        }
      >
        <TableContainer
          component={Paper}
          variant="outlined"
          tabIndex={0}
          sx={{ maxWidth: '100%', overflowX: 'auto' }}
        >
          <Table size="small" data-testid="audit-table">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="auditLog.column.at" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.event" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.changes" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.ip" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(page?.results ?? []).map((entry) => (
                <TableRow key={entry.id} data-testid={`audit-row-${entry.id}`} sx={{ verticalAlign: 'top' }}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={entry.at} dateStyle="medium" />
                    <br />
                    <FormattedTime value={entry.at} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 220 }}>
                    <AuditEvent entry={entry} />
                  </TableCell>
                  <TableCell sx={{ minWidth: 240, maxWidth: 480 }}>
                    <AuditChanges changes={entry.changes} />
                  </TableCell>
                  <TableCell>{entry.ip ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
    </Stack>
  );
}
