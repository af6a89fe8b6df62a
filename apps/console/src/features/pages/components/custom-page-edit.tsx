import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import FormControl from '@mui/material/FormControl';
import FormLabel from '@mui/material/FormLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  checkCustomPage,
  CUSTOM_PAGE_LABEL_MAX,
  CUSTOM_PAGE_SLUG_MAX,
  CUSTOM_PAGE_TITLE_MAX,
  type CustomPage,
  type CustomPageProblem,
} from '@agora/contract';
import { lazy, Suspense, useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useNavigate, useParams } from 'react-router';
import { parsedErrorsOf } from '../../../core/http/error-text.ts';
import { notify } from '../../../core/notices/notice-store.ts';
import { useCustomPageQuery, useSaveCustomPageMutation } from '../api/use-custom-pages.ts';
import { GENERAL_BASE } from './custom-page-list.tsx';
import { Loaded } from '../../../core/loading/loaded.tsx';

/** Tiptap arrives with this screen only (ADR 0014). */
const RichTextEditor = lazy(() => import('./rich-text-editor.tsx'));

type Field = CustomPageProblem['field'];
/** The console's words for each field's problem (the server sends the same fields and codes). */
const PROBLEM_MESSAGES: Record<Field, Partial<Record<string, string>>> = {
  title: { required: 'pages.general.error.title', max_length: 'pages.general.error.tooLong' },
  slug: {
    invalid: 'pages.general.error.slug',
    max_length: 'pages.general.error.tooLong',
    unique: 'pages.general.error.slugTaken',
  },
  label: { max_length: 'pages.general.error.tooLong' },
  alternative_url: { invalid: 'pages.general.error.url' },
  html_body: { required: 'pages.general.error.content' },
};

/** `/pages/general/new` adds a page, `/pages/general/{id}` edits one. */
export function CustomPageEdit() {
  const { id } = useParams();
  const pageId = id === 'new' ? null : Number(id);
  const query = useCustomPageQuery(pageId !== null && Number.isInteger(pageId) ? pageId : 0);
  if (pageId === null) return <CustomPageForm page={null} />;
  return (
    <Loaded query={query} errorText={<FormattedMessage id="pages.general.notFound" />}>
      {(page) => <CustomPageForm key={page.id} page={page} />}
    </Loaded>
  );
}

function CustomPageForm({ page }: { page: CustomPage | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const headingId = useId();
  const [title, setTitle] = useState(page?.title ?? '');
  const [slug, setSlug] = useState(page?.slug ?? '');
  const [label, setLabel] = useState(page?.label ?? '');
  const [active, setActive] = useState(page?.active ?? true);
  const [kind, setKind] = useState<'text' | 'url'>(page?.alternative_url ? 'url' : 'text');
  const [url, setUrl] = useState(page?.alternative_url ?? '');
  const [html, setHtml] = useState(page?.html_body ?? '');
  const [problems, setProblems] = useState<CustomPageProblem[]>([]);

  const save = useSaveCustomPageMutation(page?.id ?? null, {
    onSuccess: (saved) => {
      notify({ messageId: 'pages.general.saved', variant: 'success' });
      if (!page) void navigate(`${GENERAL_BASE}/${saved.id}`, { replace: true });
    },
  });

  const problemText = (field: Field): string | null => {
    const local = problems.find((p) => p.field === field);
    const serverCode = parsedErrorsOf(save.error)?.fieldCodes[field];
    const code = local?.code ?? serverCode;
    if (!code) return null;
    const messageId = PROBLEM_MESSAGES[field][code];
    return messageId
      ? intl.formatMessage({ id: messageId })
      : (parsedErrorsOf(save.error)?.fieldErrors[field] ?? null);
  };
  // A failure about no field (a lost connection, a page removed meanwhile) gets the spec's update error.
  const parsed = save.error ? parsedErrorsOf(save.error) : null;
  const onFields = parsed !== null && Object.keys(parsed.fieldErrors).length > 0;
  const general = save.error && !onFields ? intl.formatMessage({ id: 'pages.general.error.update' }) : null;

  const submit = () => {
    const body = {
      title,
      slug,
      label,
      active,
      alternative_url: kind === 'url' ? url : '',
      html_body: kind === 'text' ? html : '',
    };
    const found = checkCustomPage(body, kind === 'text' ? html.replace(/<[^>]*>/g, '') : '');
    setProblems(found);
    if (found.length === 0) save.mutate(body);
  };

  const text = (
    field: Field,
    labelId: string,
    value: string,
    set: (v: string) => void,
    max: number,
    help?: string,
  ) => (
    <TextField
      label={intl.formatMessage({ id: labelId })}
      value={value}
      onChange={(event) => set(event.target.value)}
      required={field === 'title' || field === 'alternative_url'}
      error={Boolean(problemText(field))}
      helperText={problemText(field) ?? help ?? ' '}
      slotProps={{ htmlInput: { 'data-testid': `custom-page-${field}`, maxLength: max } }}
    />
  );

  return (
    <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
      <Box>
        <Button component={Link} to={GENERAL_BASE} startIcon={<ArrowBack />} size="small">
          <FormattedMessage id="pages.general.back" />
        </Button>
      </Box>
      <Paper
        variant="outlined"
        component="form"
        noValidate
        aria-labelledby={headingId}
        sx={{ p: 2, display: 'grid', gap: 2, minWidth: 0 }}
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <Typography variant="h5" component="h2" id={headingId}>
          {page ? page.title : <FormattedMessage id="pages.general.new" />}
        </Typography>
        {text('title', 'pages.general.title', title, setTitle, CUSTOM_PAGE_TITLE_MAX)}
        {text(
          'slug',
          'pages.general.slug',
          slug,
          setSlug,
          CUSTOM_PAGE_SLUG_MAX,
          intl.formatMessage({ id: 'pages.general.slugHelp' }),
        )}
        {text(
          'label',
          'pages.general.label',
          label,
          setLabel,
          CUSTOM_PAGE_LABEL_MAX,
          intl.formatMessage({ id: 'pages.general.labelHelp' }),
        )}
        <FormControlLabel
          control={
            <Switch
              checked={active}
              onChange={(event) => setActive(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'custom-page-active' } as object }}
            />
          }
          label={intl.formatMessage({ id: 'pages.general.activeSwitch' })}
        />
        <FormControl>
          <FormLabel id={`${headingId}-kind`}>
            <FormattedMessage id="pages.general.content" />
          </FormLabel>
          <RadioGroup
            row
            aria-labelledby={`${headingId}-kind`}
            value={kind}
            onChange={(event) => setKind(event.target.value === 'url' ? 'url' : 'text')}
          >
            <FormControlLabel
              value="text"
              control={<Radio />}
              label={intl.formatMessage({ id: 'pages.general.kindText' })}
              data-testid="custom-page-kind-text"
            />
            <FormControlLabel
              value="url"
              control={<Radio />}
              label={intl.formatMessage({ id: 'pages.general.kindUrl' })}
              data-testid="custom-page-kind-url"
            />
          </RadioGroup>
        </FormControl>
        {kind === 'url' ? (
          text(
            'alternative_url',
            'pages.general.url',
            url,
            setUrl,
            2000,
            intl.formatMessage({ id: 'pages.general.urlHelp' }),
          )
        ) : (
          <Suspense
            fallback={<CircularProgress aria-label={intl.formatMessage({ id: 'pages.editor.loading' })} />}
          >
            <RichTextEditor
              label={intl.formatMessage({ id: 'pages.general.body' })}
              initialHtml={page?.html_body ?? ''}
              onChange={setHtml}
              error={problemText('html_body')}
              helperText={intl.formatMessage({ id: 'pages.legal.bodyHelp' })}
              testId="custom-page-body"
            />
          </Suspense>
        )}
        {general && (
          <Alert severity="error" data-testid="custom-page-error">
            {general}
          </Alert>
        )}
        <Box>
          <Button type="submit" variant="contained" disabled={save.isPending} data-testid="custom-page-save">
            <FormattedMessage id="pages.general.save" />
          </Button>
        </Box>
      </Paper>
    </Box>
  );
}
