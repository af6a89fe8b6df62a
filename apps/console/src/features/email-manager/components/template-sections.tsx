import AddOutlined from '@mui/icons-material/AddOutlined';
import ArrowDownwardOutlined from '@mui/icons-material/ArrowDownwardOutlined';
import ArrowUpwardOutlined from '@mui/icons-material/ArrowUpwardOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { EMAIL_SECTIONS_MAX, type EmailLocale, type EmailSection } from '@agora/contract';
import { FormattedMessage, useIntl } from 'react-intl';

/** Moves the item at `index` by `by` places (−1 up, +1 down); out of range changes nothing. */
export function moveItem<T>(list: readonly T[], index: number, by: number): T[] {
  const to = index + by;
  if (index < 0 || index >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(index, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * A template's sections: named blocks (per language) the body includes with `{{> name}}`, in the order
 * shown; add, rename, edit the current language's text, move up or down, remove. The server checks
 * them at save like the body and answers the reason on `sections.<n>.name` / `sections.<n>.html.<lang>`.
 */
export function TemplateSections({
  sections,
  locale,
  onChange,
  onInclude,
  reason,
}: {
  sections: EmailSection[];
  locale: EmailLocale;
  onChange: (sections: EmailSection[]) => void;
  /** Puts `{{> name}}` into the body at its cursor. */
  onInclude: (name: string) => void;
  reason: (field: string) => string | undefined;
}) {
  const intl = useIntl();
  const change = (index: number, section: EmailSection) =>
    onChange(sections.map((s, i) => (i === index ? section : s)));
  return (
    <Box
      component="fieldset"
      data-testid="email-template-sections"
      sx={{ border: 0, p: 0, m: 0, display: 'grid', gap: 1, minWidth: 0 }}
    >
      <Typography component="legend" variant="subtitle2">
        <FormattedMessage id="emailManager.field.sections" />
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <FormattedMessage id="emailManager.sections.help" values={{ example: '{{> name}}' }} />
      </Typography>
      {sections.map((section, index) => {
        const nameReason = reason(`sections.${index}.name`);
        const htmlReason = reason(`sections.${index}.html.${locale}`);
        const label = section.name || String(index + 1);
        return (
          <Paper
            key={index}
            variant="outlined"
            sx={{ p: 1.5, display: 'grid', gap: 1, minWidth: 0 }}
            data-testid={`email-section-${index}`}
          >
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
              <TextField
                size="small"
                label={intl.formatMessage({ id: 'emailManager.field.sectionName' })}
                value={section.name}
                onChange={(e) => change(index, { ...section, name: e.target.value })}
                error={Boolean(nameReason)}
                helperText={nameReason}
                sx={{ flex: '1 1 160px' }}
                slotProps={{ htmlInput: { 'data-testid': `email-section-name-${index}`, spellCheck: false } }}
              />
              <Box sx={{ display: 'flex', alignItems: 'center' }}>
                <Button size="small" disabled={!section.name} onClick={() => onInclude(section.name)}>
                  <FormattedMessage id="emailManager.action.includeSection" />
                </Button>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'emailManager.action.moveUp' }, { name: label })}
                  disabled={index === 0}
                  onClick={() => onChange(moveItem(sections, index, -1))}
                >
                  <ArrowUpwardOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={intl.formatMessage({ id: 'emailManager.action.moveDown' }, { name: label })}
                  disabled={index === sections.length - 1}
                  onClick={() => onChange(moveItem(sections, index, 1))}
                >
                  <ArrowDownwardOutlined fontSize="small" />
                </IconButton>
                <IconButton
                  aria-label={intl.formatMessage(
                    { id: 'emailManager.action.removeSection' },
                    { name: label },
                  )}
                  onClick={() => onChange(sections.filter((_s, i) => i !== index))}
                >
                  <DeleteOutlined fontSize="small" />
                </IconButton>
              </Box>
            </Box>
            <TextField
              size="small"
              label={intl.formatMessage({ id: 'emailManager.field.sectionHtml' })}
              value={section.html[locale]}
              onChange={(e) =>
                change(index, { ...section, html: { ...section.html, [locale]: e.target.value } })
              }
              error={Boolean(htmlReason)}
              helperText={htmlReason}
              multiline
              minRows={3}
              slotProps={{
                htmlInput: {
                  'data-testid': `email-section-html-${index}`,
                  spellCheck: false,
                  style: { fontFamily: 'monospace' },
                },
              }}
            />
          </Paper>
        );
      })}
      {reason('sections') && (
        <Typography color="error" variant="body2" role="alert">
          {reason('sections')}
        </Typography>
      )}
      <Box>
        <Button
          size="small"
          startIcon={<AddOutlined />}
          disabled={sections.length >= EMAIL_SECTIONS_MAX}
          onClick={() => onChange([...sections, { name: '', html: { en: '', it: '' } }])}
          data-testid="email-section-add"
        >
          <FormattedMessage id="emailManager.action.addSection" />
        </Button>
      </Box>
    </Box>
  );
}
