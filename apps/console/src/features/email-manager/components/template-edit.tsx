import AddOutlined from '@mui/icons-material/AddOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { EmailLocale, EmailPreview, EmailTemplate } from '@agora/contract';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../core/dialogs/confirm-dialog.tsx';
import { PageSpinner } from '../../../core/loading/page-spinner.tsx';
import { notify } from '../../../core/notices/notice-store.ts';
import type { TemplateFields } from '../api/email-manager-api.ts';
import {
  usePreviewMutation,
  useRestoreTemplateMutation,
  useSaveTemplateMutation,
} from '../api/use-email-manager-mutations.ts';
import { useAllThemesQuery, useTemplateQuery, useVarsQuery } from '../api/use-email-manager-queries.ts';
import { EmailPreviewPanel } from './email-preview.tsx';
import { insertVariable, refusalReasons, subjectAdviceId, TYPE_MESSAGES } from './email-problems.ts';
import { EMAIL_MANAGER_BASE } from './template-list.tsx';
import { TemplateRoles } from './template-roles.tsx';
import { TemplateSections } from './template-sections.tsx';

const BLANK: TemplateFields = {
  name: '',
  type: 'data_provisioning',
  theme: null,
  subject: { en: '', it: '' },
  html: { en: '', it: '' },
  active: true,
  footer_links: [],
  sections: [],
};

const fieldsOf = (t: EmailTemplate): TemplateFields => ({
  name: t.name,
  type: t.type,
  theme: t.theme,
  subject: { ...t.subject },
  html: { ...t.html },
  active: t.active,
  footer_links: t.footer_links.map((l) => ({ ...l })),
  sections: t.sections.map((s) => ({ name: s.name, html: { ...s.html } })),
});

/** The template screen at /marketing/email_manager/templates/<id|new>: loads, then edits. */
export function TemplateEdit({ id }: { id: number | null }) {
  const query = useTemplateQuery(id);
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
  return <TemplateForm key={query.data?.updated_at ?? 'new'} template={query.data ?? null} />;
}

function TemplateForm({ template }: { template: EmailTemplate | null }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [fields, setFields] = useState<TemplateFields>(template ? fieldsOf(template) : BLANK);
  const [locale, setLocale] = useState<EmailLocale>(intl.locale.startsWith('it') ? 'it' : 'en');
  const [reasons, setReasons] = useState<Record<string, string>>({});
  const [preview, setPreview] = useState<EmailPreview | null>(null);
  const [restoring, setRestoring] = useState(false);
  const bodyRef = useRef<HTMLTextAreaElement>(null);
  const vars = useVarsQuery();
  const themes = useAllThemesQuery();
  const available = template?.vars ?? vars.data?.custom ?? [];

  const save = useSaveTemplateMutation(template?.id ?? null, {
    onSuccess: (saved) => {
      setReasons({});
      notify({ messageId: 'emailManager.template.saved', variant: 'success' });
      if (!template) void navigate(`${EMAIL_MANAGER_BASE}/templates/${saved.id}`, { replace: true });
    },
    onError: (error) => setReasons(refusalReasons(error)),
  });
  const restore = useRestoreTemplateMutation({
    onSuccess: () => {
      setRestoring(false);
      notify({ messageId: 'emailManager.template.restored', variant: 'success' });
    },
    onError: () => {
      setRestoring(false);
      notify({ messageId: 'emailManager.error.templateSave', variant: 'error' });
    },
  });
  const render = usePreviewMutation({
    onSuccess: (result) => {
      setPreview(result);
      setReasons({});
    },
    onError: (error) => {
      setPreview(null);
      setReasons(refusalReasons(error));
    },
  });

  const set = <K extends keyof TemplateFields>(key: K, value: TemplateFields[K]) =>
    setFields((current) => ({ ...current, [key]: value }));
  const setLocalized = (part: 'subject' | 'html', value: string) =>
    setFields((current) => ({ ...current, [part]: { ...current[part], [locale]: value } }));
  const reason = (field: string) => reasons[field];
  const subject = fields.subject[locale];

  /** Puts `{{name}}` (a variable) or `{{> name}}` (a section) at the body's cursor. */
  const insert = (name: string) => {
    const area = bodyRef.current;
    const html = fields.html[locale];
    const next = insertVariable(
      html,
      name,
      area?.selectionStart ?? html.length,
      area?.selectionEnd ?? html.length,
    );
    setLocalized('html', next.value);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(next.cursor, next.cursor);
    });
  };

  // A refusal of a field this screen does not show now (the other language) is told above the form.
  const shown = new Set([
    'name',
    'theme',
    'footer_links',
    'sections',
    `subject.${locale}`,
    `html.${locale}`,
    ...fields.sections.flatMap((_s, i) => [`sections.${i}.name`, `sections.${i}.html.${locale}`]),
  ]);
  const general = reasons.general ?? Object.entries(reasons).find(([field]) => !shown.has(field))?.[1];

  return (
    <Box
      component="form"
      data-testid="email-template-edit"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        save.mutate(fields);
      }}
      sx={{ display: 'grid', gap: 2, minWidth: 0 }}
    >
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Button component={RouterLink} to={`${EMAIL_MANAGER_BASE}/templates`}>
          <FormattedMessage id="emailManager.action.back" />
        </Button>
        <Typography variant="h5" component="h2" sx={{ flex: '1 1 auto', overflowWrap: 'anywhere' }}>
          {template ? template.name : <FormattedMessage id="emailManager.template.new" />}
        </Typography>
        {template && (
          <Typography variant="body2" color="text.secondary">
            <FormattedMessage
              id="emailManager.template.lastEdit"
              values={{
                date: intl.formatDate(template.updated_at, { dateStyle: 'medium', timeStyle: 'short' }),
                who: template.updated_by ?? '—',
              }}
            />
          </Typography>
        )}
      </Box>
      {general && (
        <Alert severity="error" data-testid="email-template-refused">
          <FormattedMessage id="emailManager.error.refused" values={{ reason: general }} />
        </Alert>
      )}
      <TextField
        name="name"
        label={intl.formatMessage({ id: 'emailManager.field.name' })}
        value={fields.name}
        onChange={(e) => set('name', e.target.value)}
        error={Boolean(reason('name'))}
        helperText={reason('name')}
        required
      />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        {!template?.is_system && (
          <TextField
            select
            name="type"
            label={intl.formatMessage({ id: 'emailManager.field.type' })}
            value={fields.type}
            onChange={(e) => set('type', e.target.value as TemplateFields['type'])}
            sx={{ flex: '1 1 200px' }}
          >
            {(['invite', 'data_provisioning'] as const).map((type) => (
              <MenuItem key={type} value={type}>
                <FormattedMessage id={TYPE_MESSAGES[type]} />
              </MenuItem>
            ))}
          </TextField>
        )}
        <TextField
          select
          name="theme"
          label={intl.formatMessage({ id: 'emailManager.field.theme' })}
          value={fields.theme === null ? '' : String(fields.theme)}
          onChange={(e) => set('theme', e.target.value === '' ? null : Number(e.target.value))}
          error={Boolean(reason('theme'))}
          helperText={reason('theme')}
          sx={{ flex: '1 1 200px' }}
          data-testid="email-template-theme"
        >
          <MenuItem value="">
            <FormattedMessage id="emailManager.field.themeDefault" />
          </MenuItem>
          {(themes.data?.results ?? []).map((theme) => (
            <MenuItem key={theme.id} value={String(theme.id)}>
              {theme.name}
            </MenuItem>
          ))}
        </TextField>
        <FormControlLabel
          control={
            <Switch checked={fields.active} onChange={(e) => set('active', e.target.checked)} name="active" />
          }
          label={<FormattedMessage id="emailManager.field.active" />}
        />
      </Box>
      <Tabs
        value={locale}
        onChange={(_e, value: EmailLocale) => setLocale(value)}
        aria-label={intl.formatMessage({ id: 'emailManager.field.language' })}
      >
        <Tab value="en" label="English" data-testid="email-locale-en" />
        <Tab value="it" label="Italiano" data-testid="email-locale-it" />
      </Tabs>
      <TextField
        name={`subject.${locale}`}
        label={intl.formatMessage({ id: 'emailManager.field.subject' })}
        value={subject}
        onChange={(e) => setLocalized('subject', e.target.value)}
        error={Boolean(reason(`subject.${locale}`))}
        helperText={
          reason(`subject.${locale}`) ??
          intl.formatMessage({ id: subjectAdviceId(subject.length) }, { count: subject.length })
        }
        required
        slotProps={{ htmlInput: { 'data-testid': 'email-template-subject' } }}
      />
      <Box
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
        data-testid="email-template-vars"
      >
        <Typography variant="body2" color="text.secondary">
          <FormattedMessage id="emailManager.field.vars" />
        </Typography>
        {available.map((name) => (
          <Chip
            key={name}
            label={`{{${name}}}`}
            onClick={() => insert(name)}
            aria-label={intl.formatMessage({ id: 'emailManager.action.insertVar' }, { name })}
            size="small"
            variant="outlined"
          />
        ))}
      </Box>
      <TextField
        name={`html.${locale}`}
        label={intl.formatMessage({ id: 'emailManager.field.html' })}
        value={fields.html[locale]}
        onChange={(e) => setLocalized('html', e.target.value)}
        error={Boolean(reason(`html.${locale}`))}
        helperText={reason(`html.${locale}`)}
        multiline
        minRows={8}
        required
        inputRef={bodyRef}
        slotProps={{
          htmlInput: {
            'data-testid': 'email-template-html',
            spellCheck: false,
            style: { fontFamily: 'monospace' },
          },
        }}
      />
      <TemplateSections
        sections={fields.sections}
        locale={locale}
        onChange={(sections) => set('sections', sections)}
        onInclude={(name) => insert(`> ${name}`)}
        reason={reason}
      />
      <FooterLinks fields={fields} set={set} reason={reason('footer_links')} />
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <Button type="submit" variant="contained" disabled={save.isPending} data-testid="email-template-save">
          <FormattedMessage id="emailManager.action.save" />
        </Button>
        <Button
          variant="outlined"
          disabled={render.isPending}
          data-testid="email-template-preview"
          onClick={() =>
            render.mutate({
              key: template?.key ?? null,
              subject: fields.subject[locale],
              html: fields.html[locale],
              theme: fields.theme,
              footer_links: fields.footer_links,
              sections: fields.sections.map((s) => ({ name: s.name, html: s.html[locale] })),
              locale,
            })
          }
        >
          <FormattedMessage id="emailManager.action.preview" />
        </Button>
        {template?.is_system && (
          <Button color="warning" onClick={() => setRestoring(true)} data-testid="email-template-restore">
            <FormattedMessage id="emailManager.action.restore" />
          </Button>
        )}
      </Box>
      {preview && <EmailPreviewPanel preview={preview} />}
      {template?.roles && <TemplateRoles template={{ ...template, roles: template.roles }} />}
      <ConfirmDialog
        open={restoring}
        title={<FormattedMessage id="emailManager.confirm.restoreTemplate" />}
        text={<FormattedMessage id="emailManager.confirm.restoreTemplateText" />}
        confirmLabel={<FormattedMessage id="emailManager.action.restore" />}
        cancelLabel={<FormattedMessage id="emailManager.action.cancel" />}
        tone="warning"
        busy={restore.isPending}
        onCancel={() => setRestoring(false)}
        onConfirm={() => template && restore.mutate(template.id)}
        testId="email-template-restore-dialog"
      />
    </Box>
  );
}

function FooterLinks({
  fields,
  set,
  reason,
}: {
  fields: TemplateFields;
  set: <K extends keyof TemplateFields>(key: K, value: TemplateFields[K]) => void;
  reason: string | undefined;
}) {
  const intl = useIntl();
  const links = fields.footer_links;
  const change = (index: number, part: 'label' | 'url', value: string) =>
    set(
      'footer_links',
      links.map((l, i) => (i === index ? { ...l, [part]: value } : l)),
    );
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1, minWidth: 0 }}>
      <Typography component="legend" variant="subtitle2">
        <FormattedMessage id="emailManager.field.footerLinks" />
      </Typography>
      {links.map((link, index) => (
        <Box key={index} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
          <TextField
            size="small"
            label={intl.formatMessage({ id: 'emailManager.field.linkLabel' })}
            value={link.label}
            onChange={(e) => change(index, 'label', e.target.value)}
            sx={{ flex: '1 1 140px' }}
          />
          <TextField
            size="small"
            type="url"
            label={intl.formatMessage({ id: 'emailManager.field.linkUrl' })}
            value={link.url}
            onChange={(e) => change(index, 'url', e.target.value)}
            sx={{ flex: '2 1 200px' }}
          />
          <IconButton
            aria-label={intl.formatMessage({ id: 'emailManager.action.removeLink' })}
            onClick={() =>
              set(
                'footer_links',
                links.filter((_l, i) => i !== index),
              )
            }
          >
            <DeleteOutlined fontSize="small" />
          </IconButton>
        </Box>
      ))}
      {reason && (
        <Typography color="error" variant="body2" role="alert">
          {reason}
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          onClick={() => set('footer_links', [...links, { label: '', url: '' }])}
        >
          <FormattedMessage id="emailManager.action.addLink" />
        </Button>
      </Box>
    </Box>
  );
}
