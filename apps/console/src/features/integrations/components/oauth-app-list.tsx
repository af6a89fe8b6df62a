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
import type { OAuthApp } from '@agora/contract';
import type { ReactNode } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';

interface Props {
  rows: OAuthApp[];
  onEdit: (app: OAuthApp) => void;
  onRotate: (app: OAuthApp) => void;
  onDelete: (app: OAuthApp) => void;
}

const COLUMNS = ['name', 'type', 'clientId', 'updated', 'actions'] as const;
const LABEL: Record<(typeof COLUMNS)[number], string> = {
  name: 'integrations.oauth.field.name',
  type: 'integrations.oauth.field.clientType',
  clientId: 'integrations.oauth.clientId',
  updated: 'integrations.oauth.lastUpdate',
  actions: 'integrations.oauth.actions',
};

/** The apps (cards on a phone): name, client type, client id, last update, actions. */
export function OAuthAppList({ rows, onEdit, onRotate, onDelete }: Props) {
  const intl = useIntl();
  const phone = useMediaQuery(useTheme().breakpoints.down('sm'));
  const cells = (app: OAuthApp): Record<(typeof COLUMNS)[number], ReactNode> => ({
    name: (
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        {app.image && <img src={app.image} alt="" width={28} height={28} style={{ borderRadius: 4 }} />}
        <span>{app.name}</span>
      </Stack>
    ),
    type: (
      <Chip
        size="small"
        variant="outlined"
        label={intl.formatMessage({ id: `integrations.oauth.type.${app.client_type}` })}
      />
    ),
    clientId: <code style={{ wordBreak: 'break-all' }}>{app.client_id}</code>,
    updated: <FormattedDate value={app.updated_at} dateStyle="medium" timeStyle="short" />,
    actions: (
      <Stack direction="row" useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
        <Button
          size="small"
          onClick={() => onEdit(app)}
          aria-label={intl.formatMessage({ id: 'integrations.oauth.editOf' }, { name: app.name })}
        >
          <FormattedMessage id="integrations.oauth.edit" />
        </Button>
        {app.client_type === 'confidential' && (
          <Button
            size="small"
            color="warning"
            onClick={() => onRotate(app)}
            aria-label={intl.formatMessage({ id: 'integrations.oauth.rotateOf' }, { name: app.name })}
          >
            <FormattedMessage id="integrations.oauth.rotate" />
          </Button>
        )}
        <Button
          size="small"
          color="error"
          onClick={() => onDelete(app)}
          aria-label={intl.formatMessage({ id: 'integrations.oauth.deleteOf' }, { name: app.name })}
        >
          <FormattedMessage id="integrations.oauth.delete" />
        </Button>
      </Stack>
    ),
  });

  if (phone) {
    return (
      <Stack spacing={1}>
        {rows.map((app) => {
          const c = cells(app);
          return (
            <Paper
              key={app.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'grid', gap: 0.5 }}
              data-testid="oauth-app-row"
            >
              {COLUMNS.filter((col) => col !== 'actions').map((col) => (
                <Stack key={col} direction="row" spacing={1} sx={{ alignItems: 'baseline', minWidth: 0 }}>
                  <Typography variant="caption" color="text.secondary" sx={{ minWidth: 88, flexShrink: 0 }}>
                    <FormattedMessage id={LABEL[col]} />
                  </Typography>
                  <div style={{ minWidth: 0 }}>{c[col]}</div>
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
      <Table size="small" aria-label={intl.formatMessage({ id: 'integrations.oauth.title' })}>
        <TableHead>
          <TableRow>
            {COLUMNS.map((col) => (
              <TableCell key={col}>
                <FormattedMessage id={LABEL[col]} />
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((app) => {
            const c = cells(app);
            return (
              <TableRow key={app.id} data-testid="oauth-app-row">
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
