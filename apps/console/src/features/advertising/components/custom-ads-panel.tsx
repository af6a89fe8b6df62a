import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { AdvertisingSettings, CustomAd } from '@agora/contract';
import { useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  ADS_PAGE,
  useCustomAdsQuery,
  useDeleteCustomAdMutation,
  useSaveAdvertisingSettingsMutation,
} from '../api/advertising-api.ts';
import { POSITION_MESSAGE } from './ad-messages.ts';
import { CustomAdDialog } from './custom-ad-dialog.tsx';
import { SystemSwitch } from './system-switch.tsx';

/** The custom advertising tab: the system switch, its audience, and the ads table (spec mgmt §2, §3). */
export function CustomAdsPanel({ settings }: { settings: AdvertisingSettings }) {
  const intl = useIntl();
  const [offset, setOffset] = useState(0);
  const query = useCustomAdsQuery(offset);
  const [editing, setEditing] = useState<CustomAd | 'new' | null>(null);
  const [deleting, setDeleting] = useState<CustomAd | null>(null);
  const audience = useSaveAdvertisingSettingsMutation({
    onError: () => notify({ messageId: 'advertising.error.update', variant: 'error' }),
  });
  const remove = useDeleteCustomAdMutation({
    onSuccess: (_, ad) => {
      setDeleting(null);
      notify({ messageId: 'advertising.ad.deleted', values: { title: ad.title }, variant: 'success' });
    },
    onError: () => {
      setDeleting(null);
      notify({ messageId: 'advertising.error.delete', variant: 'error' });
    },
  });
  const rows = query.data?.results ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack direction={{ xs: 'column', sm: 'row' }} useFlexGap sx={{ gap: 1, flexWrap: 'wrap' }}>
        <SystemSwitch system="custom" active={settings.system} />
        <FormControlLabel
          control={
            <Switch
              checked={settings.custom.only_for_anonymous}
              disabled={audience.isPending}
              onChange={(e) => audience.mutate({ custom: { only_for_anonymous: e.target.checked } })}
            />
          }
          label={intl.formatMessage({ id: 'advertising.custom.onlyAnonymous' })}
        />
      </Stack>
      <Stack direction="row" useFlexGap sx={{ gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          <FormattedMessage id="advertising.custom.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <FormattedMessage id="advertising.action.addAd" />
        </Button>
      </Stack>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="advertising.error.loadAds" />}
        emptyText={<FormattedMessage id="advertising.custom.empty" />}
        testId="custom-ad-list"
        pager={
          <ListPager
            offset={offset}
            pageSize={ADS_PAGE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <TableContainer component={Paper} variant="outlined">
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>
                  <FormattedMessage id="advertising.field.title" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="advertising.field.position" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="advertising.field.category" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="advertising.field.active" />
                </TableCell>
                <TableCell>
                  <FormattedMessage id="advertising.field.createdAt" />
                </TableCell>
                <TableCell align="right">
                  <FormattedMessage id="advertising.field.actions" />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((ad) => (
                <TableRow key={ad.id} data-testid="custom-ad-row">
                  <TableCell sx={{ overflowWrap: 'anywhere', minWidth: 120 }}>{ad.title}</TableCell>
                  <TableCell>
                    <FormattedMessage id={POSITION_MESSAGE[ad.position]} />
                  </TableCell>
                  <TableCell>
                    {ad.category ? ad.category.name : <FormattedMessage id="advertising.category.all" />}
                  </TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={ad.active ? 'success' : 'default'}
                      label={intl.formatMessage({
                        id: ad.active ? 'advertising.active' : 'advertising.inactive',
                      })}
                    />
                  </TableCell>
                  <TableCell>
                    <FormattedDate value={ad.created_at} dateStyle="medium" />
                  </TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      onClick={() => setEditing(ad)}
                      aria-label={intl.formatMessage(
                        { id: 'advertising.action.editOf' },
                        { title: ad.title },
                      )}
                    >
                      <FormattedMessage id="advertising.action.edit" />
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeleting(ad)}
                      aria-label={intl.formatMessage(
                        { id: 'advertising.action.deleteOf' },
                        { title: ad.title },
                      )}
                    >
                      <FormattedMessage id="advertising.action.delete" />
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </ListScaffold>
      {editing !== null && (
        <CustomAdDialog
          key={editing === 'new' ? 'new' : editing.id}
          ad={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({ messageId: 'advertising.ad.saved', values: { title: saved.title }, variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="advertising.delete.title" />}
        text={<FormattedMessage id="advertising.delete.text" values={{ title: deleting?.title ?? '' }} />}
        confirmLabel={<FormattedMessage id="advertising.action.delete" />}
        cancelLabel={<FormattedMessage id="advertising.action.cancel" />}
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting)}
        testId="custom-ad-delete-dialog"
      />
    </Box>
  );
}
