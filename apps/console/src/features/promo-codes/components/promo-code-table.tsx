import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { PromoCode } from '@agora/contract';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';

interface Props {
  rows: PromoCode[];
  onEdit: (row: PromoCode) => void;
  onDelete: (row: PromoCode) => void;
}

const COLUMNS = ['name', 'code', 'tags', 'validFrom', 'validTo', 'created', 'actions'] as const;
const COLUMN_LABEL: Record<(typeof COLUMNS)[number], string> = {
  name: 'promoCodes.column.name',
  code: 'promoCodes.column.code',
  tags: 'promoCodes.column.tags',
  validFrom: 'promoCodes.column.validFrom',
  validTo: 'promoCodes.column.validTo',
  created: 'promoCodes.column.created',
  actions: 'promoCodes.column.actions',
};

/** The promo codes table (cards on a phone): name, code, tags, validity, created at and by. */
export function PromoCodeTable({ rows, onEdit, onDelete }: Props) {
  const intl = useIntl();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const cells = (r: PromoCode): Record<(typeof COLUMNS)[number], ReactNode> => ({
    name: r.name,
    code: (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <code>{r.code}</code>
        {!r.is_valid_now && (
          <Chip
            size="small"
            variant="outlined"
            label={intl.formatMessage({ id: 'promoCodes.notValidNow' })}
          />
        )}
      </Stack>
    ),
    tags: (
      <Stack direction="row" useFlexGap sx={{ gap: 0.5, flexWrap: 'wrap' }}>
        {r.tags.map((t) => (
          <Chip key={t.id} size="small" label={t.name} />
        ))}
      </Stack>
    ),
    validFrom: <FormattedDate value={r.valid_from} dateStyle="medium" timeZone="UTC" />,
    validTo: <FormattedDate value={r.valid_to} dateStyle="medium" timeZone="UTC" />,
    created: (
      <>
        <FormattedDate value={r.created_at} dateStyle="medium" />
        {r.created_by && (
          <Typography variant="body2" color="text.secondary" component="div">
            {r.created_by.username}
          </Typography>
        )}
      </>
    ),
    actions: (
      <Stack direction="row" spacing={1}>
        <Button
          size="small"
          onClick={() => onEdit(r)}
          aria-label={intl.formatMessage({ id: 'promoCodes.action.editOf' }, { name: r.name })}
        >
          <FormattedMessage id="promoCodes.action.edit" />
        </Button>
        <Button
          size="small"
          color="error"
          onClick={() => onDelete(r)}
          aria-label={intl.formatMessage({ id: 'promoCodes.action.deleteOf' }, { name: r.name })}
        >
          <FormattedMessage id="promoCodes.action.delete" />
        </Button>
      </Stack>
    ),
  });

  if (phone) {
    return (
      <Stack spacing={1} data-testid="promo-code-cards">
        {rows.map((r) => {
          const c = cells(r);
          return (
            <Paper
              key={r.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
              data-testid="promo-code-row"
            >
              {COLUMNS.filter((col) => col !== 'actions').map((col) => (
                <Stack key={col} direction="row" spacing={1} sx={{ alignItems: 'baseline' }}>
                  <Typography variant="caption" color="text.secondary" sx={{ minWidth: 88 }}>
                    <FormattedMessage id={COLUMN_LABEL[col]} />
                  </Typography>
                  <div>{c[col]}</div>
                </Stack>
              ))}
              {c.actions}
            </Paper>
          );
        })}
      </Stack>
    );
  }
  return (
    <TableContainer component={Paper} variant="outlined">
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((col) => (
              <TableCell key={col}>
                <FormattedMessage id={COLUMN_LABEL[col]} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => {
            const c = cells(r);
            return (
              <TableRow key={r.id} data-testid="promo-code-row">
                {COLUMNS.map((col) => (
                  <TableCell key={col}>{c[col]}</TableCell>
                ))}
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
