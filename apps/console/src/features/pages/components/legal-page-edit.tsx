import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import ArrowBack from '@mui/icons-material/ArrowBack';
import { checkLegalVersion, type LegalPageDetail, type LegalProblem } from '@agora/contract';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { DateField } from '../../../core/forms/date-field.tsx';
import { fieldErrorText, generalErrorText } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useAddLegalVersionMutation, useForceAcceptMutation } from '../api/use-legal-pages-mutations.ts';
import { useLegalPageQuery } from '../api/use-legal-pages-queries.ts';
import { LegalVersions } from './legal-versions.tsx';
import { POLICY_LABEL_IDS } from './policy-names.ts';
import { Loaded } from '../../../core/loading/loaded.tsx';

/** Tiptap arrives with this screen only (ADR 0014). */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

const PROBLEM_MESSAGES: Record<LegalProblem['field'], Partial<Record<LegalProblem['code'], string>>> = {
  label: { required: 'pages.legal.error.label', max_length: 'pages.legal.error.labelTooLong' },
  html_body: { required: 'pages.legal.error.body' },
  valid_to: { invalid: 'pages.legal.error.dates' },
  policy: {},
};

/** The edit screen of a legal page: its current version, a new version to save, force-accept, history. */
export function LegalPageEdit() {
  const { id } = useParams();
  const pageId = Number(id);
  const query = useLegalPageQuery(Number.isInteger(pageId) ? pageId : 0);
  return (
    <Loaded query={query} errorText={<FormattedMessage id="pages.legal.notFound" />}>
      {(page) => <LegalPageForm key={page.versions[0]?.id} page={page} />}
    </Loaded>
  );
}

function LegalPageForm({ page }: { page: LegalPageDetail }) {
  const intl = useIntl();
  const current = page.versions[0];
  const [label, setLabel] = useState(current?.label ?? '');
  const [html, setHtml] = useState(current?.html_body ?? '');
  const [validFrom, setValidFrom] = useState('');
  const [validTo, setValidTo] = useState('');
  const [problems, setProblems] = useState<LegalProblem[]>([]);
  const [confirming, setConfirming] = useState(false);
  const policyName = intl.formatMessage({ id: POLICY_LABEL_IDS[page.policy] });

  const save = useAddLegalVersionMutation(page.id, {
    onSuccess: () => notify({ messageId: 'pages.legal.saved', variant: 'success' }),
  });
  const force = useForceAcceptMutation(page.id, {
    onSuccess: () => {
      setConfirming(false);
      notify({ messageId: 'pages.legal.forced', variant: 'success' });
    },
    onError: () => {
      setConfirming(false);
      notify({ messageId: 'pages.legal.error.forceAccept', variant: 'error' });
    },
  });

  const problemText = (field: LegalProblem['field']): string | null => {
    const problem = problems.find((p) => p.field === field);
    const messageId = problem ? PROBLEM_MESSAGES[field][problem.code] : undefined;
    if (messageId) return intl.formatMessage({ id: messageId });
    return save.error ? fieldErrorText(intl, save.error, field) : null;
  };
  const general = save.error ? generalErrorText(intl, save.error) : null;

  const submit = () => {
    const body = { label, html_body: html, valid_from: validFrom, valid_to: validTo };
    const found = checkLegalVersion({ ...body, html_body: html.replace(/<[^>]*>/g, '') });
    setProblems(found);
    if (found.length === 0) save.mutate(body);
  };

  return (
    <Box sx={{ display: 'grid', gap: 3, minWidth: 0 }}>
      <Box>
        <Button component={Link} to="/pages/legal" startIcon={<ArrowBack />} size="small">
          <FormattedMessage id="pages.legal.back" />
        </Button>
      </Box>
      <Typography variant="h5" component="h2">
        {policyName}
      </Typography>

      {current && (
        <Paper variant="outlined" sx={{ p: 2, display: 'grid', gap: 1 }} data-testid="legal-current">
          <Typography variant="subtitle1" component="h3">
            <FormattedMessage id="pages.legal.current" values={{ label: current.label }} />
          </Typography>
          <Typography>
            <FormattedMessage
              id="pages.legal.acceptedByCount"
              values={{
                count: current.accepted_count,
                n: <FormattedNumber value={current.accepted_count} />,
              }}
            />
          </Typography>
          <Box>
            <Button
              variant="outlined"
              color="warning"
              onClick={() => setConfirming(true)}
              data-testid="force-accept"
            >
              <FormattedMessage id="pages.legal.forceAccept" />
            </Button>
          </Box>
        </Paper>
      )}

      <Paper
        variant="outlined"
        component="form"
        noValidate
        sx={{ p: 2, display: 'grid', gap: 2 }}
        aria-labelledby="legal-new-version"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Typography variant="subtitle1" component="h3" id="legal-new-version">
          <FormattedMessage id="pages.legal.newVersion" />
        </Typography>
        <Alert severity="info">
          <FormattedMessage id="pages.legal.newVersionHelp" />
        </Alert>
        <TextField
          label={intl.formatMessage({ id: 'pages.legal.label' })}
          value={label}
          onChange={(event) => setLabel(event.target.value)}
          required
          error={Boolean(problemText('label'))}
          helperText={problemText('label') ?? ' '}
          slotProps={{ htmlInput: { 'data-testid': 'legal-label', maxLength: 255 } }}
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <DateField
            label={intl.formatMessage({ id: 'pages.legal.validFrom' })}
            value={validFrom}
            onChange={setValidFrom}
            testId="legal-valid-from"
          />
          <DateField
            label={intl.formatMessage({ id: 'pages.legal.validTo' })}
            value={validTo}
            onChange={setValidTo}
            testId="legal-valid-to"
            {...(validFrom ? { min: validFrom } : {})}
            error={Boolean(problemText('valid_to'))}
            helperText={problemText('valid_to') ?? ''}
          />
        </Stack>
        <Suspense
          fallback={<CircularProgress aria-label={intl.formatMessage({ id: 'pages.editor.loading' })} />}
        >
          <RichTextEditor
            label={intl.formatMessage({ id: 'pages.legal.body' })}
            initialHtml={current?.html_body ?? ''}
            onChange={setHtml}
            error={problemText('html_body')}
            helperText={intl.formatMessage({ id: 'pages.legal.bodyHelp' })}
            testId="legal-body"
          />
        </Suspense>
        {general && <Alert severity="error">{general}</Alert>}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="legal-save">
            <FormattedMessage id="pages.legal.save" />
          </Button>
        </Box>
      </Paper>

      <LegalVersions versions={page.versions} />

      <ConfirmDialog
        open={confirming}
        title={<FormattedMessage id="pages.legal.forceAcceptTitle" values={{ policy: policyName }} />}
        text={<FormattedMessage id="pages.legal.forceAcceptText" />}
        confirmLabel={<FormattedMessage id="pages.legal.forceAccept" />}
        cancelLabel={<FormattedMessage id="pages.legal.cancel" />}
        tone="warning"
        busy={force.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => force.mutate()}
        testId="force-accept-dialog"
        confirmTestId="force-accept-confirm"
      />
    </Box>
  );
}
