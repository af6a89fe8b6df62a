import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ERROR_PAGE_DEFAULTS,
  type ErrorPage,
  type ErrorPageKind,
  type ErrorPageLocale,
} from '@agora/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import { useErrorPagesQuery, useSaveErrorPageMutation } from '../api/use-custom-pages.ts';
import { Loaded } from '../../../core/loading/loaded.tsx';

/** Tiptap arrives with this screen only (ADR 0014). */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const TITLE_IDS: Record<ErrorPageKind, string> = {
  page_not_found: 'pages.errors.notFound',
  service_unavailable: 'pages.errors.unavailable',
};

/** The error pages tab: page not found (404) and service unavailable (503), each edited on its own. */
export function ErrorPagesTab() {
  const query = useErrorPagesQuery();
  return (
    <Loaded query={query} errorText={<FormattedMessage id="pages.errors.loadError" />}>
      {(data) => (
        <Stack spacing={2} sx={{ minWidth: 0 }}>
          <Alert severity="info">
            <FormattedMessage id="pages.errors.help" />
          </Alert>
          {data.results.map((page) => (
            <ErrorPageEditor key={`${page.kind}-${page.updated_at ?? 'default'}`} page={page} />
          ))}
        </Stack>
      )}
    </Loaded>
  );
}

function ErrorPageEditor({ page }: { page: ErrorPage }) {
  const intl = useIntl();
  const headingId = useId();
  const locale: ErrorPageLocale = intl.locale.startsWith('it') ? 'it' : 'en';
  const initial = page.html_body ?? ERROR_PAGE_DEFAULTS[page.kind][locale];
  const [html, setHtml] = useState(initial);
  const [empty, setEmpty] = useState(false);
  const [restoring, setRestoring] = useState(false);
  const title = intl.formatMessage({ id: TITLE_IDS[page.kind] });
  const save = useSaveErrorPageMutation(page.kind, {
    onSuccess: (_list, sent) => {
      setRestoring(false);
      notify({
        messageId: sent === null ? 'pages.errors.restored' : 'pages.errors.saved',
        variant: 'success',
      });
    },
    onError: () => {
      setRestoring(false);
      notify({ messageId: 'pages.errors.error.update', variant: 'error' });
    },
  });

  return (
    <Paper
      variant="outlined"
      component="form"
      noValidate
      aria-labelledby={headingId}
      sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
      data-testid={`error-page-${page.kind}`}
      onSubmit={(event) => {
        event.preventDefault();
        const blank = html.replace(/<[^>]*>/g, '').trim() === '';
        setEmpty(blank);
        if (!blank) save.mutate(html);
      }}
    >
      <Box>
        <Typography variant="h6" component="h2" id={headingId}>
          {title} ({page.status})
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {page.html_body === null ? (
            <FormattedMessage id="pages.errors.isDefault" />
          ) : (
            <FormattedMessage
              id="pages.errors.edited"
              values={{
                date: page.updated_at ? <FormattedDate value={page.updated_at} dateStyle="medium" /> : '',
                who: page.updated_by_username ?? '',
              }}
            />
          )}
        </Typography>
      </Box>
      <Suspense
        fallback={<CircularProgress aria-label={intl.formatMessage({ id: 'pages.editor.loading' })} />}
      >
        <RichTextEditor
          label={intl.formatMessage({ id: 'pages.errors.body' }, { title })}
          initialHtml={initial}
          onChange={setHtml}
          error={empty ? intl.formatMessage({ id: 'pages.legal.error.body' }) : null}
          helperText={intl.formatMessage({ id: 'pages.legal.bodyHelp' })}
          testId={`error-page-body-${page.kind}`}
        />
      </Suspense>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button
          type="submit"
          variant="contained"
          disabled={save.isPending}
          data-testid={`error-page-save-${page.kind}`}
        >
          <FormattedMessage id="pages.errors.save" />
        </Button>
        <Button
          variant="outlined"
          disabled={save.isPending || page.html_body === null}
          onClick={() => setRestoring(true)}
          data-testid={`error-page-restore-${page.kind}`}
        >
          <FormattedMessage id="pages.errors.restore" />
        </Button>
      </Box>
      <ConfirmDialog
        open={restoring}
        title={<FormattedMessage id="pages.errors.restoreTitle" values={{ title }} />}
        text={<FormattedMessage id="pages.errors.restoreText" />}
        confirmLabel={<FormattedMessage id="pages.errors.restore" />}
        cancelLabel={<FormattedMessage id="pages.legal.cancel" />}
        tone="warning"
        busy={save.isPending}
        onCancel={() => setRestoring(false)}
        onConfirm={() => save.mutate(null)}
        testId="error-page-restore-dialog"
        confirmTestId="error-page-restore-confirm"
      />
    </Paper>
  );
}
