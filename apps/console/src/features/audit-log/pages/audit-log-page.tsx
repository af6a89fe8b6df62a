import { useState } from 'react';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
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
import DownloadIcon from '@mui/icons-material/Download';
import type { AuditLogEntry } from '@agora/contract';
import { FormattedDate, FormattedMessage, FormattedTime, useIntl } from 'react-intl';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  AUDIT_PAGE_SIZE,
  EMPTY_AUDIT_FILTERS,
  fetchAuditLogCsv,
  useAuditLog,
  type AuditLogFilters,
} from '../api/audit-log-api.ts';
import { ListPager } from '../../../core/lists/list-pager.tsx';

function summary(entry: AuditLogEntry): string {
  const body = entry.details.body ?? entry.details;
  const text = JSON.stringify(body);
  return text.length > 160 ? `${text.slice(0, 157)}…` : text;
}

function saveFile(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.click();
  URL.revokeObjectURL(url);
}

/** Admin-only: every staff write recorded in this community, filtered, paged and exported as CSV. */
export default function AuditLogPage() {
  const intl = useIntl();
  const [filters, setFilters] = useState<AuditLogFilters>(EMPTY_AUDIT_FILTERS);
  const [offset, setOffset] = useState(0);
  const [downloading, setDownloading] = useState(false);
  const log = useAuditLog(filters, offset);
  const page = log.data;

  const change = (name: keyof AuditLogFilters) => (event: React.ChangeEvent<HTMLInputElement>) => {
    setFilters((current) => ({ ...current, [name]: event.target.value }));
    setOffset(0);
  };

  async function download() {
    setDownloading(true);
    try {
      saveFile('audit-log.csv', await fetchAuditLogCsv(filters));
    } catch {
      notify({ messageId: 'auditLog.exportError', variant: 'error' });
    } finally {
      setDownloading(false);
    }
  }

  const count = page?.count ?? 0;
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
          <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <TextField
              select
              name="staff"
              label={intl.formatMessage({ id: 'auditLog.filter.staff' })}
              value={filters.staff}
              onChange={change('staff')}
              sx={{ minWidth: 200 }}
              slotProps={{
                htmlInput: { 'data-testid': 'audit-filter-staff' },
                inputLabel: { shrink: true },
                select: { displayEmpty: true },
              }}
            >
              <MenuItem value="">
                <FormattedMessage id="auditLog.filter.everyone" />
              </MenuItem>
              {(page?.staff ?? []).map((member) => (
                <MenuItem key={member.community_user_id} value={String(member.community_user_id)}>
                  {member.username ?? `#${member.community_user_id}`}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              name="action"
              label={intl.formatMessage({ id: 'auditLog.filter.action' })}
              placeholder="dynamic_preference"
              value={filters.action}
              onChange={change('action')}
            />
            <TextField
              name="from"
              type="date"
              label={intl.formatMessage({ id: 'auditLog.filter.from' })}
              value={filters.from}
              onChange={change('from')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <TextField
              name="to"
              type="date"
              label={intl.formatMessage({ id: 'auditLog.filter.to' })}
              value={filters.to}
              onChange={change('to')}
              slotProps={{ inputLabel: { shrink: true } }}
            />
            <Button
              variant="outlined"
              startIcon={<DownloadIcon />}
              onClick={() => void download()}
              disabled={downloading}
              data-testid="audit-export"
              sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
            >
              <FormattedMessage id="auditLog.export" />
            </Button>
          </Stack>
        }
        pager={
          <ListPager
            offset={offset}
            pageSize={AUDIT_PAGE_SIZE}
            count={count}
            onOffset={setOffset}
            testId="audit-pager"
          />
        }
      >
        <TableContainer component={Paper} variant="outlined" sx={{ maxWidth: '100%', overflowX: 'auto' }}>
          <Table size="small" data-testid="audit-table">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="auditLog.column.at" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.staff" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.action" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.target" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.details" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="auditLog.column.ip" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(page?.results ?? []).map((entry) => (
                <TableRow key={entry.id} data-testid={`audit-row-${entry.id}`}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={entry.at} /> <FormattedTime value={entry.at} />
                  </TableCell>
                  <TableCell data-testid="audit-staff">
                    {entry.username ?? '—'}
                    <Typography variant="caption" color="text.secondary" component="div">
                      {entry.role}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {entry.action}
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {entry.method} {entry.route}
                    </Typography>
                    {entry.status === 'unconfirmed' ? (
                      <Chip
                        size="small"
                        color="warning"
                        variant="outlined"
                        label={intl.formatMessage({ id: 'auditLog.unconfirmed' })}
                        title={intl.formatMessage({ id: 'auditLog.unconfirmedHint' })}
                      />
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ fontFamily: 'monospace', fontSize: 12 }}>
                    {JSON.stringify((entry.target as { params?: unknown }).params ?? {})}
                  </TableCell>
                  <TableCell
                    sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', minWidth: 200 }}
                  >
                    {summary(entry)}
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
