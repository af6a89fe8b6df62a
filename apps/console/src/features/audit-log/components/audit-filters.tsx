import { useMemo } from 'react';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import DownloadIcon from '@mui/icons-material/Download';
import { auditActionNames } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuditLogFilters } from '../api/audit-log-api.ts';
import { DateField } from '../../../core/forms/date-field.tsx';
import { ACTION_MESSAGES } from '../audit-messages.ts';
import { AuditPersonFilter } from './audit-person-filter.tsx';

const DATE_LABELS = { from: 'auditLog.filter.from', to: 'auditLog.filter.to' } as const;

interface Props {
  filters: AuditLogFilters;
  onChange: (change: Partial<AuditLogFilters>) => void;
  onDownload: () => void;
  downloading: boolean;
}

/** Person (searched), action (by its sentence), period, read-only events, and the CSV of the result. */
export function AuditFilters({ filters, onChange, onDownload, downloading }: Props) {
  const intl = useIntl();
  const actions = useMemo(
    () =>
      auditActionNames()
        .map((action) => ({
          action,
          label: intl.formatMessage({ id: ACTION_MESSAGES[action] }, { person: '…', subject: '…' }),
        }))
        .sort((a, b) => a.label.localeCompare(b.label, intl.locale)),
    [intl],
  );
  const date = (name: 'from' | 'to') => (
    <DateField
      name={name}
      label={intl.formatMessage({ id: DATE_LABELS[name] })}
      value={filters[name]}
      onChange={(iso) => onChange({ [name]: iso })}
      min={name === 'to' ? filters.from || undefined : undefined}
      testId={`audit-filter-${name}`}
    />
  );
  return (
    <Stack spacing={1}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <AuditPersonFilter onChange={(person) => onChange({ person })} />
        <TextField
          select
          name="action"
          label={intl.formatMessage({ id: 'auditLog.filter.action' })}
          value={filters.action}
          onChange={(event) => onChange({ action: event.target.value })}
          sx={{ minWidth: 240, maxWidth: { md: 360 } }}
          slotProps={{
            htmlInput: { 'data-testid': 'audit-filter-action' },
            inputLabel: { shrink: true },
            select: { displayEmpty: true },
          }}
        >
          <MenuItem value="">
            <FormattedMessage id="auditLog.filter.anyAction" />
          </MenuItem>
          {actions.map(({ action, label }) => (
            <MenuItem key={action} value={action} data-testid={`audit-action-${action}`}>
              {label}
            </MenuItem>
          ))}
        </TextField>
        {date('from')}
        {date('to')}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <FormControlLabel
          control={
            <Switch
              checked={filters.readOnly}
              onChange={(event) => onChange({ readOnly: event.target.checked })}
              slotProps={{ input: { 'data-testid': 'audit-filter-read-only' } as object }}
            />
          }
          label={intl.formatMessage({ id: 'auditLog.filter.readOnly' })}
        />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={onDownload}
          disabled={downloading}
          data-testid="audit-export"
          sx={{ alignSelf: { xs: 'flex-start', sm: 'center' } }}
        >
          <FormattedMessage id="auditLog.export" />
        </Button>
      </Stack>
    </Stack>
  );
}
