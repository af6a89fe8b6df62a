import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  usePreferenceForm,
  type PreferenceForm,
} from '../../../core/dynamic-preferences/use-preference-form.ts';
import { PreferenceFormFrame, SettingsSection } from '../../content-settings/index.ts';
import { useInternalUrl } from '../../../core/stack/use-internal-url.ts';

/** Advice only (mgmt §5): longer texts are accepted, search engines just cut them. */
export const SEO_TITLE_ADVICE = 70;
export const SEO_DESCRIPTION_ADVICE = 150;

const NAMES = ['meta_title_home_not_logged', 'meta_description', 'meta_robots', 'application_name'];

function cut(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}

function AdvisedField({
  form,
  name,
  labelId,
  helpId,
  advice,
  multiline,
}: {
  form: PreferenceForm;
  name: string;
  labelId: string;
  helpId: string;
  advice: number;
  multiline?: boolean;
}) {
  const intl = useIntl();
  const length = form.text(name).length;
  const over = length > advice;
  return (
    <Box>
      <TextField
        name={name}
        fullWidth
        multiline={multiline}
        minRows={multiline ? 3 : undefined}
        label={intl.formatMessage({ id: labelId })}
        value={form.text(name)}
        onChange={(event) => form.set(name, event.target.value)}
        error={Boolean(form.error(name))}
        helperText={form.error(name) ?? intl.formatMessage({ id: helpId })}
      />
      <Typography
        variant="caption"
        component="p"
        sx={{ mt: 0.5, textAlign: 'right', color: over ? 'warning.dark' : 'text.secondary' }}
        data-testid={`counter-${name}`}
      >
        <FormattedMessage
          id={over ? 'communityManagement.seo.counterOver' : 'communityManagement.seo.counter'}
          values={{ count: length, advice }}
        />
      </Typography>
    </Box>
  );
}

/** How a search engine would show the community's home to someone signed out. */
function SnippetPreview({ title, description, url }: { title: string; description: string; url: string }) {
  const intl = useIntl();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 2,
        bgcolor: '#fff',
        color: '#202124',
        fontFamily: 'Arial, sans-serif',
        overflowWrap: 'anywhere',
      }}
      aria-label={intl.formatMessage({ id: 'communityManagement.seo.preview' })}
      data-testid="seo-preview"
    >
      <Typography sx={{ fontSize: 12, color: '#4d5156', fontFamily: 'inherit' }}>{url}</Typography>
      <Typography
        component="p"
        sx={{ fontSize: 20, lineHeight: 1.3, color: '#1a0dab', fontFamily: 'inherit', my: 0.5 }}
        data-testid="seo-preview-title"
      >
        {cut(title, SEO_TITLE_ADVICE) || intl.formatMessage({ id: 'communityManagement.seo.previewNoTitle' })}
      </Typography>
      <Typography sx={{ fontSize: 14, lineHeight: 1.58, color: '#4d5156', fontFamily: 'inherit' }}>
        {cut(description, SEO_DESCRIPTION_ADVICE) ||
          intl.formatMessage({ id: 'communityManagement.seo.previewNoDescription' })}
      </Typography>
    </Paper>
  );
}

/** SEO (mgmt §2-§3): the snippet of the home page and the robots rule. */
export function SeoTab() {
  const intl = useIntl();
  const form = usePreferenceForm(NAMES);
  const url = useInternalUrl();
  const title = form.text('meta_title_home_not_logged') || form.text('application_name');
  return (
    <PreferenceFormFrame form={form} testId="community-seo-form">
      <SettingsSection
        titleId="communityManagement.seo.snippet"
        descriptionId="communityManagement.seo.snippetHelp"
      >
        <Typography variant="subtitle2" component="h3">
          <FormattedMessage id="communityManagement.seo.preview" />
        </Typography>
        <SnippetPreview title={title} description={form.text('meta_description')} url={url} />
        <AdvisedField
          form={form}
          name="meta_title_home_not_logged"
          labelId="communityManagement.seo.title"
          helpId="communityManagement.seo.titleHelp"
          advice={SEO_TITLE_ADVICE}
        />
        <AdvisedField
          form={form}
          name="meta_description"
          labelId="communityManagement.seo.description"
          helpId="communityManagement.seo.descriptionHelp"
          advice={SEO_DESCRIPTION_ADVICE}
          multiline
        />
      </SettingsSection>
      <SettingsSection titleId="communityManagement.seo.webmaster">
        <TextField
          name="meta_robots"
          fullWidth
          label={intl.formatMessage({ id: 'communityManagement.seo.robots' })}
          value={form.text('meta_robots')}
          onChange={(event) => form.set('meta_robots', event.target.value)}
          error={Boolean(form.error('meta_robots'))}
          helperText={
            form.error('meta_robots') ?? intl.formatMessage({ id: 'communityManagement.seo.robotsHelp' })
          }
        />
      </SettingsSection>
    </PreferenceFormFrame>
  );
}
