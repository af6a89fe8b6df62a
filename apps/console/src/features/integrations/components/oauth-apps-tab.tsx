import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OAuthApp, OAuthAppWithSecret } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { ListPager } from '../../../core/lists/list-pager.tsx';
import { ListScaffold } from '../../../core/lists/list-scaffold.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  OAUTH_APPS_PAGE_SIZE,
  useDeleteOAuthAppMutation,
  useOAuthAppsQuery,
  useRotateOAuthAppSecretMutation,
} from '../api/oauth-apps-api.ts';
import { OAuthAppEditDialog } from './oauth-app-edit-dialog.tsx';
import { OAuthAppList } from './oauth-app-list.tsx';
import { AppCredentials, OAuthAppWizard } from './oauth-app-wizard.tsx';

/** API tab "OAuth 2.0" (spec mgmt §2): the community's apps, the wizard, edit, rotate, delete. */
export function OAuthAppsTab() {
  const [offset, setOffset] = useState(0);
  const query = useOAuthAppsQuery(offset);
  const [adding, setAdding] = useState(false);
  const [editing, setEditing] = useState<OAuthApp | null>(null);
  const [rotating, setRotating] = useState<OAuthApp | null>(null);
  const [deleting, setDeleting] = useState<OAuthApp | null>(null);
  const [revealed, setRevealed] = useState<OAuthAppWithSecret | null>(null);
  const rotate = useRotateOAuthAppSecretMutation({
    onSuccess: (app) => {
      setRotating(null);
      setRevealed(app);
    },
    onError: () => {
      setRotating(null);
      notify({ messageId: 'integrations.oauth.rotateError', variant: 'error' });
    },
  });
  const remove = useDeleteOAuthAppMutation({
    onSuccess: () => {
      notify({
        messageId: 'integrations.oauth.deleted',
        values: { name: deleting?.name ?? '' },
        variant: 'success',
      });
      setDeleting(null);
    },
    onError: () => notify({ messageId: 'integrations.oauth.deleteError', variant: 'error' }),
  });
  const rows = query.data?.results ?? [];

  return (
    <Stack spacing={2} data-testid="integrations-oauth">
      <Stack
        direction="row"
        useFlexGap
        sx={{ gap: 2, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
      >
        <Typography variant="h6" component="h2">
          <FormattedMessage id="integrations.oauth.title" />
        </Typography>
        <Button variant="contained" onClick={() => setAdding(true)} data-testid="oauth-app-add">
          <FormattedMessage id="integrations.oauth.add" />
        </Button>
      </Stack>
      <Typography color="text.secondary">
        <FormattedMessage id="integrations.oauth.intro" />
      </Typography>
      <ListScaffold
        query={query}
        empty={rows.length === 0}
        errorText={<FormattedMessage id="integrations.oauth.loadError" />}
        emptyText={<FormattedMessage id="integrations.oauth.empty" />}
        testId="oauth-apps-list"
        pager={
          <ListPager
            offset={offset}
            pageSize={OAUTH_APPS_PAGE_SIZE}
            count={query.data?.count ?? 0}
            onOffset={setOffset}
          />
        }
      >
        <OAuthAppList rows={rows} onEdit={setEditing} onRotate={setRotating} onDelete={setDeleting} />
      </ListScaffold>
      {adding && <OAuthAppWizard onClose={() => setAdding(false)} />}
      {editing && (
        <OAuthAppEditDialog
          key={editing.id}
          app={editing}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            setEditing(null);
            notify({
              messageId: 'integrations.oauth.saved',
              values: { name: saved.name },
              variant: 'success',
            });
          }}
        />
      )}
      <ConfirmDialog
        open={rotating !== null}
        title={<FormattedMessage id="integrations.oauth.rotateTitle" />}
        text={<FormattedMessage id="integrations.oauth.rotateText" values={{ name: rotating?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="integrations.oauth.rotate" />}
        cancelLabel={<FormattedMessage id="integrations.oauth.cancel" />}
        tone="warning"
        busy={rotate.isPending}
        onCancel={() => setRotating(null)}
        onConfirm={() => rotating && rotate.mutate(rotating.id)}
        confirmTestId="oauth-rotate-confirm"
      />
      <ConfirmDialog
        open={deleting !== null}
        title={<FormattedMessage id="integrations.oauth.deleteTitle" />}
        text={<FormattedMessage id="integrations.oauth.deleteText" values={{ name: deleting?.name ?? '' }} />}
        confirmLabel={<FormattedMessage id="integrations.oauth.delete" />}
        cancelLabel={<FormattedMessage id="integrations.oauth.cancel" />}
        tone="error"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => deleting && remove.mutate(deleting.id)}
        confirmTestId="oauth-delete-confirm"
      />
      {revealed && (
        <Dialog
          open
          onClose={() => setRevealed(null)}
          fullWidth
          maxWidth="sm"
          aria-labelledby="oauth-secret-title"
        >
          <DialogTitle id="oauth-secret-title">
            <FormattedMessage id="integrations.oauth.newSecretTitle" values={{ name: revealed.name }} />
          </DialogTitle>
          <DialogContent>
            <Stack sx={{ pt: 1 }}>
              <AppCredentials app={revealed} />
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={() => setRevealed(null)} data-testid="oauth-secret-done">
              <FormattedMessage id="integrations.oauth.done" />
            </Button>
          </DialogActions>
        </Dialog>
      )}
    </Stack>
  );
}
