import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { Reaction } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  useReactionsQuery,
  useSaveReactionMutation,
  useSetDefaultReactionMutation,
} from '../api/use-reactions.ts';
import { ReactionDialog } from '../components/reaction-dialog.tsx';
import { reactionErrorText } from '../components/reaction-messages.ts';
import { ReactionTable } from '../components/reaction-table.tsx';

/** Reactions (spec mgmt §2, §5; issue 13 §6): the table, add and edit, the default reaction. */
export default function ReactionsPage() {
  const intl = useIntl();
  const query = useReactionsQuery();
  const [editing, setEditing] = useState<Reaction | null | 'new'>(null);
  const failed = (error: Error) =>
    notify({
      messageId: 'reactions.error.notice',
      values: { message: reactionErrorText(intl, error) },
      variant: 'error',
    });
  const toggle = useSaveReactionMutation({
    onSuccess: (saved) =>
      notify({
        messageId: saved.active ? 'reactions.activated' : 'reactions.deactivated',
        values: { label: saved.label },
        variant: 'success',
      }),
    onError: failed,
  });
  const makeDefault = useSetDefaultReactionMutation({
    onSuccess: (saved) =>
      notify({ messageId: 'reactions.defaultSet', values: { label: saved.label }, variant: 'success' }),
    onError: failed,
  });
  const rows = query.data?.results ?? [];

  return (
    <Box data-testid="reactions-page" sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      {/* gap, not spacing: spacing's margin would push a wrapped button off the left edge. */}
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h4" component="h1">
          <FormattedMessage id="reactions.title" />
        </Typography>
        <Button variant="contained" onClick={() => setEditing('new')}>
          <FormattedMessage id="reactions.action.add" />
        </Button>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="reactions.intro" />
      </Typography>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="reactions.error.load" />}
        emptyText={<FormattedMessage id="reactions.empty" />}
        testId="reactions-list"
      >
        <ReactionTable
          reactions={rows}
          busy={toggle.isPending || makeDefault.isPending}
          onEdit={(r) => setEditing(r)}
          onActive={(r, active) => toggle.mutate({ id: r.id, change: { active } })}
          onMakeDefault={(r) => makeDefault.mutate(r.id)}
        />
      </ListScaffold>
      {editing !== null && (
        <ReactionDialog
          key={editing === 'new' ? 'new' : editing.id}
          reaction={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({ messageId: 'reactions.saved', values: { label: saved.label }, variant: 'success' });
          }}
        />
      )}
    </Box>
  );
}
