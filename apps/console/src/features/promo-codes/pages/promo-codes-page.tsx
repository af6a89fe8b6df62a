import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { PromoCode } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { PROMO_PAGE_SIZE, useDeletePromoCodeMutation, usePromoCodesQuery } from '../api/promo-codes-api.ts';
import { PromoCodeDialog } from '../components/promo-code-dialog.tsx';
import { PromoCodeTable } from '../components/promo-code-table.tsx';

/** Promo codes (spec mgmt §2 "Table and dialog"; issue 14 §4). */
export default function PromoCodesPage() {
  const [offset, setOffset] = useState(0);
  const query = usePromoCodesQuery(offset);
  const [editing, setEditing] = useState<PromoCode | 'new' | null>(null);
  const [deleting, setDeleting] = useState<PromoCode | null>(null);
  const remove = useDeletePromoCodeMutation({
    onSuccess: () => {
      notify({ messageId: 'promoCodes.deleted', values: { name: deleting?.name ?? '' }, variant: 'success' });
      setDeleting(null);
    },
    onError: () => notify({ messageId: 'promoCodes.error.update', variant: 'error' }),
  });
  const rows = query.data?.results ?? [];

  return (
    <Box data-testid="promo-codes-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="promoCodes.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <FormattedMessage id="promoCodes.action.add" />
        </Button>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="promoCodes.intro" />
      </Typography>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="promoCodes.error.load" />}
        emptyText={<FormattedMessage id="promoCodes.empty" />}
        testId="promo-codes-list"
        pager={
          <ListPager
            offset={offset}
            pageSize={PROMO_PAGE_SIZE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <PromoCodeTable rows={rows} onEdit={(r) => setEditing(r)} onDelete={(r) => setDeleting(r)} />
      </ListScaffold>
      {editing !== null && (
        <PromoCodeDialog
          key={editing === 'new' ? 'new' : editing.id}
          promoCode={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({ messageId: 'promoCodes.saved', values: { name: saved.name }, variant: 'success' });
          }}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="promoCodes.delete.title" />}
        text={<FormattedMessage id="promoCodes.delete.text" values={{ name: deleting?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="promoCodes.action.delete" />}
        cancelLabel={<FormattedMessage id="promoCodes.action.cancel" />}
        tone="error"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        testId="promo-code-delete-dialog"
      />
    </Box>
  );
}
