import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Prize } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useMediaUrl } from '../../../core/stack/use-media-url.ts';
import { LOYALTY_PAGE, usePrizesQuery } from '../api/loyalty-api.ts';
import { PrizeDialog } from './prize-dialog.tsx';

/** The prizes of the configure tab: one card each (it reads the same on a phone), add and edit. */
export function PrizesPanel() {
  const intl = useIntl();
  const mediaUrl = useMediaUrl();
  const [offset, setOffset] = useState(0);
  const query = usePrizesQuery(offset);
  const [editing, setEditing] = useState<Prize | 'new' | null>(null);
  const rows = query.data?.results ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Stack direction="row" useFlexGap sx={{ gap: 2, justifyContent: 'space-between', flexWrap: 'wrap' }}>
        <Typography variant="h6" component="h2">
          <FormattedMessage id="loyalty.prizes.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <FormattedMessage id="loyalty.action.addPrize" />
        </Button>
      </Stack>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="loyalty.error.load" />}
        emptyText={<FormattedMessage id="loyalty.prizes.empty" />}
        testId="prize-list"
        pager={
          <ListPager
            offset={offset}
            pageSize={LOYALTY_PAGE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <Box sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: 'repeat(2, 1fr)' } }}>
          {rows.map((p) => (
            <Paper
              key={p.id}
              variant="outlined"
              sx={{ p: 1.5, display: 'flex', gap: 1.5 }}
              data-testid="prize-row"
            >
              <img
                src={mediaUrl(p.image)}
                alt=""
                width={96}
                height={64}
                style={{ objectFit: 'cover', borderRadius: 4, flex: 'none' }}
              />
              <Box sx={{ minWidth: 0, flex: 1, display: 'grid', gap: 0.5 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{p.title}</Typography>
                  {!p.active && <Chip size="small" label={intl.formatMessage({ id: 'loyalty.inactive' })} />}
                </Stack>
                <Typography variant="body2">
                  <FormattedMessage
                    id="loyalty.prizes.points"
                    values={{ points: <FormattedNumber value={p.points} /> }}
                  />
                </Typography>
                <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                  {p.description}
                </Typography>
                <Box>
                  <Button
                    size="small"
                    onClick={() => setEditing(p)}
                    aria-label={intl.formatMessage({ id: 'loyalty.action.editOf' }, { title: p.title })}
                  >
                    <FormattedMessage id="loyalty.action.edit" />
                  </Button>
                </Box>
              </Box>
            </Paper>
          ))}
        </Box>
      </ListScaffold>
      {editing !== null && (
        <PrizeDialog
          key={editing === 'new' ? 'new' : editing.id}
          prize={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({ messageId: 'loyalty.prize.saved', values: { title: saved.title }, variant: 'success' });
          }}
        />
      )}
    </Box>
  );
}
