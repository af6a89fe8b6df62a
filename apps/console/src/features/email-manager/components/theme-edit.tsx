import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { THEME_CONTENT_SLOT, type EmailPreview, type EmailTheme } from '@agora/contract';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import {
  useRestoreThemeMutation,
  useSaveThemeMutation,
  useThemePreviewMutation,
} from '../api/use-email-manager-mutations.ts';
import { useThemeQuery } from '../api/use-email-manager-queries.ts';
import { EmailPreviewPanel } from './email-preview.tsx';
import { refusalReasons } from './email-problems.ts';
import { EMAIL_MANAGER_BASE } from './template-list.tsx';

const STARTER = `<div style="font-family:Arial,sans-serif">\n  <h1>{{community_name}}</h1>\n  ${THEME_CONTENT_SLOT}\n</div>`;

/** The theme screen at /marketing/email_manager/themes/<id|new>. */
export function ThemeEdit({ id }: { id: number | null }) {
  const query = useThemeQuery(id);
  if (id !== null && query.isError) {
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={() => void query.refetch()}>
            <FormattedMessage id="emailManager.action.retry" />
          </Button>
        }
      >
        <FormattedMessage id="emailManager.error.load" />
      </Alert>
    );
  }
  if (id !== null && !query.data) return <PageSpinner />;
  return <ThemeForm key={query.data?.updated_at ?? 'new'} theme={query.data ?? null} />;
}

function ThemeForm({ theme }: { theme: EmailTheme | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [name, setName] = useState(theme?.name ?? '');
  const [html, setHtml] = useState(theme?.html ?? STARTER);
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [restoring, setRestoring] = useState(false);
  const save = useSaveThemeMutation(theme?.id ?? null, {
    onSuccess: (saved) => {
      setReasons({});
      notify({ messageId: 'emailManager.theme.saved', variant: 'success' });
      if (!theme) void navigate(`${EMAIL_MANAGER_BASE}/themes/${saved.id}`, { replace: true });
    },
    onError: (error) => setReasons(refusalReasons(error)),
  });
  const render = useThemePreviewMutation({
    onSuccess: (result) => {
      setPreview(result);
      setReasons({});
    },
    onError: (error) => {
      setPreview(null);
      setReasons(refusalReasons(error));
    },
  });
  const restore = useRestoreThemeMutation({
    onSuccess: () => {
      setRestoring(false);
      notify({ messageId: 'emailManager.theme.restored', variant: 'success' });
    },
    onError: () => {
      setRestoring(false);
      notify({ messageId: 'emailManager.error.themeSave', variant: 'error' });
    },
  });
  return (
    <Box
      component="form"
      noValidate
      data-testid="email-theme-edit"
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate({ name, html });
      }}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`${EMAIL_MANAGER_BASE}/themes`}>
          <FormattedMessage id="emailManager.action.back" />
        </Button>
        <Typography variant="h5" component="h2" sx={{ flex: '1 1 auto', overflowWrap: 'anywhere' }}>
          {theme ? theme.name : <FormattedMessage id="emailManager.theme.new" />}
        </Typography>
      </Box>
      {reasons.general && (
        <Alert severity="error">
          <FormattedMessage id="emailManager.error.refused" values={{ reason: reasons.general }} />
        </Alert>
      )}
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'emailManager.field.name' })}
        value={name}
        onChange={(e) => setName(e.target.value)}
        error={Boolean(reasons.name)}
        helperText={reasons.name}
        required
      />
      <TextField
        name="html"
        label={intl.formatMessage({ id: 'emailManager.field.themeHtml' })}
        value={html}
        onChange={(e) => setHtml(e.target.value)}
        error={Boolean(reasons.html)}
        helperText={
          reasons.html ??
          intl.formatMessage({ id: 'emailManager.field.themeHelp' }, { slot: THEME_CONTENT_SLOT })
        }
        multiline
        minRows={10}
        required
        slotProps={{
          htmlInput: {
            'data-testid': 'email-theme-html',
            spellCheck: false,
            style: { fontFamily: 'monospace' },
          },
        }}
      />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="email-theme-save">
          <FormattedMessage id="emailManager.action.save" />
        </Button>
        <Button variant="outlined" disabled={render.isPending} onClick={() => render.mutate(html)}>
          <FormattedMessage id="emailManager.action.preview" />
        </Button>
        {theme?.is_shipped && (
          <Button color="warning" onClick={() => setRestoring(true)}>
            <FormattedMessage id="emailManager.action.restore" />
          </Button>
        )}
      </Box>
      {preview && <EmailPreviewPanel preview={preview} />}
      <ConfirmDialog
        open={restoring}
        title={<FormattedMessage id="emailManager.confirm.restoreTheme" />}
        confirmLabel={<FormattedMessage id="emailManager.action.restore" />}
        cancelLabel={<FormattedMessage id="emailManager.action.cancel" />}
        tone="warning"
        busy={restore.isPending}
        onCancel={() => setRestoring(false)}
        onConfirm={() => theme && restore.mutate(theme.id)}
      />
    </Box>
  );
}
